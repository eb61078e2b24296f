#include "fourchess/edit.h"

#include <string>

#include "fourchess/names.h"
#include "fourchess/setup.h"

namespace fourchess {

namespace {

PositionEditError refused(Square square, const std::string& why) {
    return PositionEditError("cannot edit " + square_name(square) + ": " + why);
}

std::string symbol_or_empty(Piece p) { return p.empty() ? "empty" : "'" + piece_symbol(p) + "'"; }

}  // namespace

Position edited_position(const Position& pos, const Rules& rules, Square square, Piece piece) {
    if (piece.is_live()) {
        const Seat seat = piece.seat();
        const Piece before = pos.board[square];
        const bool replaces_own_piece = before.is_live() && before.seat() == seat;
        if (piece.type() == KING && pos.king_square[seat] != NO_SQUARE && pos.king_square[seat] != square)
            throw refused(square, std::string(seat_name(seat)) + " already has a live king on " +
                                      square_name(pos.king_square[seat]));
        if (!replaces_own_piece && pos.live_by_seat[seat].popcount() >= MAX_LIVE_PIECES_PER_SEAT)
            throw refused(square, std::string(seat_name(seat)) + " already has " +
                                      std::to_string(MAX_LIVE_PIECES_PER_SEAT) +
                                      " live pieces, the most a seat may have");
    }
    Setup setup = setup_of(pos);
    setup.board[square] = piece;
    // FFA: from_setup derives who is out from the board and the resigned/flagged extras; the dead
    // field kept as it was would keep a seat out after its king is put back.
    if (pos.mode == Mode::FFA) setup.dead = 0;
    Position result;
    try {
        result = from_setup(setup, rules);
    } catch (const SetupError& error) {
        if (error.field() == SetupField::TURN)
            throw refused(square,
                          std::string(seat_name(setup.side_to_move)) +
                              ", the side to move, would be out of the game (no live king, or it resigned or timed out)"
                              " while two or more seats still play");
        throw refused(square, error.what());
    }
    for (Square s : GEOMETRY.board) {
        if (result.board[s] == setup.board[s]) continue;
        const std::string change =
            symbol_or_empty(setup.board[s]) + " would become " + symbol_or_empty(result.board[s]);
        throw refused(
            square,
            (s == square ? change : "the edit would change " + square_name(s) + ": " + change) +
                " (in FFA a seat with no live king, or that resigned or timed out, is out and its pieces are dead)");
    }
    return result;
}

}  // namespace fourchess

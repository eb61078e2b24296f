#include "fourchess/edit.h"

#include <string>

#include "fourchess/fen4.h"

namespace fourchess {

namespace {

PositionEditError refused(Square square, const std::string& why) {
    return PositionEditError("cannot edit " + square_name(square) + ": " + why);
}

std::string symbol_or_empty(Piece p) { return p.empty() ? "empty" : "'" + piece_symbol(p) + "'"; }

}  // namespace

Position edited_position(const Position& pos, const Rules& rules, Square square, Piece piece) {
    Position edit = pos;
    if (!edit.board[square].empty()) edit.remove_piece(square);
    if (piece.is_live()) {
        const Seat seat = piece.seat();
        if (piece.type() == KING && edit.king_square[seat] != NO_SQUARE)
            throw refused(square, std::string(seat_name(seat)) + " already has a live king on " + square_name(edit.king_square[seat]));
        if (edit.live_by_seat[seat].popcount() >= MAX_LIVE_PIECES_PER_SEAT)
            throw refused(square, std::string(seat_name(seat)) + " already has " + std::to_string(MAX_LIVE_PIECES_PER_SEAT) +
                                      " live pieces, the most a seat may have");
    }
    if (!piece.empty()) edit.put_piece(square, piece);
    // FFA: the reader derives who is out from the board and the resigned/flagged extras; the dead
    // field written as it was would keep a seat out after its king is put back.
    if (pos.mode == Mode::FFA) edit.eliminated = 0;
    Position result;
    try {
        result = read_fen4(write_fen4(edit), rules);
    } catch (const Fen4Error& error) {
        if (error.field() == "turn")
            throw refused(square, std::string(seat_name(edit.side_to_move)) +
                                      ", the side to move, would be out of the game (no live king, or it resigned or timed out)"
                                      " while two or more seats still play");
        throw refused(square, error.what());
    }
    for (Square s : GEOMETRY.board) {
        if (result.board[s] == edit.board[s]) continue;
        const std::string change = symbol_or_empty(edit.board[s]) + " would become " + symbol_or_empty(result.board[s]);
        throw refused(square, (s == square ? change : "the edit would change " + square_name(s) + ": " + change) +
                                  " (in FFA a seat with no live king, or that resigned or timed out, is out and its pieces are dead)");
    }
    return result;
}

}  // namespace fourchess

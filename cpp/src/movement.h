// The movement rules asked of one given from -> to, for the moves a caller names rather than
// generates (push and `in`, push_unchecked, a move remembered from an earlier position, a free
// move's hint). The generator answers the same rules a piece at a time with masks (movegen.cpp).
#pragma once

#include "fourchess/geometry.h"
#include "fourchess/position.h"

namespace fourchess {

// A byte per (mode, seat to move, piece byte of a cell): the shape of CAPTURES and of movegen.cpp's
// STEPS.
struct PieceByteTable {
    std::uint8_t of[2][SEAT_COUNT][256] = {};
};

// What a slider (or any piece) of `us` may do with the first non-empty cell it meets, by that
// cell's piece byte: 0 stop short (our or, in Teams, our partner's live piece, or the EDGE wall),
// 1 take it (an opponent's piece or any dead piece), 2 take it if a king capture is allowed (an
// opponent's live king in FFA; in Teams taking a king is always allowed, so it is a 1).
constexpr PieceByteTable build_capture_table() {
    PieceByteTable t{};
    for (int mode = 0; mode < 2; ++mode)
        for (int us = 0; us < SEAT_COUNT; ++us)
            for (int bits = 1; bits < 256; ++bits) {
                const Piece p = Piece::from_bits(static_cast<std::uint8_t>(bits));
                if (bits & Piece::WALL_BIT || p.type() == NO_PIECE_TYPE || p.type() >= PIECE_TYPE_COUNT) continue;
                std::uint8_t take = 1;
                if (p.is_live()) {
                    const bool friendly = mode == static_cast<int>(Mode::TEAMS)
                                              ? same_team(p.seat(), static_cast<Seat>(us))
                                              : p.seat() == us;
                    if (friendly)
                        take = 0;
                    else if (p.type() == KING && mode == static_cast<int>(Mode::FFA))
                        take = 2;
                }
                t.of[mode][us][bits] = take;
            }
    return t;
}
inline constexpr PieceByteTable CAPTURES = build_capture_table();

// Can `seat` move at all: the game goes on, and it has a live king and takes turns.
inline bool can_move(const Position& pos, Seat seat) {
    return !pos.game_over() && pos.king_square[seat] != NO_SQUARE && pos.takes_turns(seat);
}

// How a piece may go from -> to by its movement alone. PAWN_DIAGONAL: onto one of its pawn's
// capture squares, whatever stands there (a capture needs a piece to take, or en passant).
enum class Movement : std::uint8_t { NONE, PLAIN, DOUBLE_PUSH, PAWN_DIAGONAL };

// The movement of `piece` (of seat `us`) from `from` to `to` on the board of `pos`: a knight's or
// king's step, a rook's, bishop's or queen's line with no piece between, a pawn's push onto an
// empty square, its double push from home over two empty squares, or its diagonal. Not asked: what
// stands on `to` (a friend, a king), castling, en passant, and whether the king is left attacked.
// Inline: the FFA mate/stalemate pass re-checks its hints with it after every move.
inline Movement movement(const Position& pos, Seat us, Piece piece, Square from, Square to) {
    switch (piece.type()) {
        case KNIGHT: return GEOMETRY.knight_mask[from].test(to) ? Movement::PLAIN : Movement::NONE;
        case KING: return GEOMETRY.king_mask[from].test(to) ? Movement::PLAIN : Movement::NONE;
        case PAWN: {
            const Square push = GEOMETRY.pawn_push[us][from];
            if (to == GEOMETRY.pawn_capture[us][from][0] || to == GEOMETRY.pawn_capture[us][from][1])
                return Movement::PAWN_DIAGONAL;
            if (push == NO_SQUARE || pos.occupied.test(push)) return Movement::NONE;
            if (to == push) return Movement::PLAIN;
            const bool double_push =
                GEOMETRY.pawn_home[us].test(from) && GEOMETRY.pawn_push[us][push] == to && !pos.occupied.test(to);
            return double_push ? Movement::DOUBLE_PUSH : Movement::NONE;
        }
        case BISHOP:
        case ROOK:
        case QUEEN: {
            const int d = LINES.towards[from][to];
            if (d == NO_DIRECTION || (piece.type() == ROOK && is_diagonal(d)) ||
                (piece.type() == BISHOP && !is_diagonal(d)))
                return Movement::NONE;
            return (squares_between(from, d, to) & pos.occupied).none() ? Movement::PLAIN : Movement::NONE;
        }
        default: return Movement::NONE;
    }
}

// The squares `us` may take en passant onto: the skipped square of an opponent's entry whose pawn
// still stands where the entry says, unless a friendly piece (`friendly`) holds it.
inline Mask256 en_passant_targets(const Position& pos, std::uint8_t opponents, const Mask256& friendly) {
    Mask256 targets;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        const EnPassant& e = pos.en_passant[s];
        if (!e.active() || !(opponents & (1u << s))) continue;
        const Piece pawn = pos.board[e.pawn];
        if (!pawn.is_live() || pawn.type() != PAWN || pawn.seat() != s) continue;
        if (!friendly.test(e.skipped)) targets.set(e.skipped);
    }
    return targets;
}

// Our and (Teams) our partner's live pieces: never captured.
inline Mask256 friendly_pieces(const Position& pos, Seat us) {
    Mask256 friendly = pos.live_by_seat[us];
    if (pos.mode == Mode::TEAMS) friendly |= pos.live_by_seat[(us + 2) & 3];
    return friendly;
}

// Is `m` (a move found for `us` in an earlier position) legal here? A few mask tests instead of a
// generator, exact for the moves it accepts: plain moves and double pushes onto an empty square or
// a piece `us` may take other than a live king (move_matching.cpp).
bool is_still_legal(const Position& pos, Seat us, Move m);

}  // namespace fourchess

// Free moves: a move of a piece standing on no line through its king (so nothing can pin it),
// onto a square that needs no test. Whenever its seat is not in check such a move is legal, so
// finding one answers "has a legal move" for a few mask operations instead of a generator:
// has_legal_move and the FFA mate/stalemate pass (which asks it of three seats after every move)
// try it first. The one found is kept per seat in the TurnState (free_move, free_moves_known:
// see position.h), and is_unpinnable_free_move re-checks a kept move against the current position
// with the scan's own condition, so a stale one costs a few bit tests and never changes an answer.
#pragma once

#include "fourchess/geometry.h"
#include "fourchess/position.h"
#include "movement.h"

namespace fourchess {

// Has `us` a free move? Records the one found in the position (free_move) and marks it known.
// Exact only together with "not in check": the caller asks that separately.
bool has_unpinnable_free_move(const Position& pos, Seat us);

// Would has_unpinnable_free_move's scan accept the move from -> to for `us` in `pos`?
inline bool is_unpinnable_free_move(const Position& pos, Seat us, Square from, Square to) {
    const Mask256& own = pos.live_by_seat[us];
    const Square king = pos.king_square[us];
    if (!own.test(from) || GEOMETRY.rook_lines[king].test(from) || GEOMETRY.bishop_lines[king].test(from)) return false;
    // The scan's "blocked" mask, one square at a time: friendly pieces and live kings.
    const bool blocked = own.test(to) || (pos.by_type[KING].test(to) && !pos.dead.test(to)) ||
                         (pos.mode == Mode::TEAMS && pos.live_by_seat[(us + 2) & 3].test(to));
    const Piece piece = pos.board[from];
    const PieceType type = piece.type();
    // The king is never a free move's piece; a slider's free move is its first step along a line.
    if (blocked || type == KING || (type != KNIGHT && type != PAWN && !GEOMETRY.king_mask[from].test(to))) return false;
    switch (movement(pos, us, piece, from, to)) {
        case Movement::PLAIN: return true;  // a step, a slider's first square, a pawn's push
        case Movement::PAWN_DIAGONAL: {
            if (!pos.occupied.test(to)) return false;
            for (const EnPassant& e : pos.en_passant)
                if (e.active() && e.skipped == to) return false;
            return true;
        }
        default: return false;
    }
}

}  // namespace fourchess

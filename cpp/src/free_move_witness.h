// The FFA mate/stalemate pass asks, after every move, whether each of the three other seats has
// an "obviously legal" move (movegen.cpp, has_unpinnable_free_move: a move of a piece standing
// on no line through its king, onto a square that needs no test). Most moves leave the move
// found last time for that seat valid, so the pre-test remembers it (TurnState::free_move)
// and first re-checks just that move here: a few bit tests instead of a scan of the seat's
// pieces. The check is the scan's own condition applied to one (from, to) in the current
// position, so the answer never depends on the hint being fresh.
#pragma once

#include "fourchess/geometry.h"
#include "fourchess/position.h"

namespace fourchess {

// Would has_unpinnable_free_move's scan accept the move from -> to for `us` in `pos`?
inline bool is_unpinnable_free_move(const Position& pos, Seat us, Square from, Square to) {
    const Mask256& own = pos.live_by_seat[us];
    const Square king = pos.king_square[us];
    if (!own.test(from) || GEOMETRY.rook_lines[king].test(from) || GEOMETRY.bishop_lines[king].test(from)) return false;
    // The scan's "blocked" mask, one square at a time: friendly pieces and live kings.
    const bool blocked = own.test(to) || (pos.by_type[KING].test(to) && !pos.dead.test(to)) ||
                         (pos.mode == Mode::TEAMS && pos.live_by_seat[(us + 2) & 3].test(to));
    switch (pos.board[from].type()) {
        case KNIGHT: return !blocked && GEOMETRY.knight_mask[from].test(to);
        case ROOK: return !blocked && GEOMETRY.king_mask[from].test(to) && GEOMETRY.rook_lines[from].test(to);
        case BISHOP: return !blocked && GEOMETRY.king_mask[from].test(to) && GEOMETRY.bishop_lines[from].test(to);
        case QUEEN: return !blocked && GEOMETRY.king_mask[from].test(to);
        case PAWN: {
            if (to == GEOMETRY.pawn_push[us][from]) return !pos.occupied.test(to);
            if (to != GEOMETRY.pawn_capture[us][from][0] && to != GEOMETRY.pawn_capture[us][from][1]) return false;
            if (blocked || !pos.occupied.test(to)) return false;
            for (const EnPassant& e : pos.en_passant)
                if (e.active() && e.skipped == to) return false;
            return true;
        }
        default: return false;
    }
}

}  // namespace fourchess

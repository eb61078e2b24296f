// The free-move pre-test of has_legal_move and the FFA mate/stalemate pass (see free_moves.h).
#include "free_moves.h"

#include "fourchess/movegen.h"

namespace fourchess {

// A sufficient condition for a legal move that costs a few mask operations instead of a
// generator: the king is not in check and a piece other than the king that stands on no line
// through its king (so nothing can pin it) has a target that needs no test: a knight's step, a
// slider's first square along one of its lines, a pawn's push, or a pawn's capture, each onto a
// square holding no friendly piece and no live king (en-passant squares excluded). Such a move is
// always legal once the king is known not to be in check, so has_legal_move stays exact; most
// positions of the FFA mate/stalemate pass and of termination tests end here.
bool has_unpinnable_free_move(const Position& pos, Seat us) {
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << us);
    if (pos.free_moves_known & bit) return true;
    Square* hint = pos.free_move[us];
    if (hint[0] != NO_SQUARE && is_unpinnable_free_move(pos, us, hint[0], hint[1])) {
        pos.free_moves_known |= bit;
        return true;
    }
    Square* found_last = pos.free_move_found[us];
    if (found_last[0] != NO_SQUARE && is_unpinnable_free_move(pos, us, found_last[0], found_last[1])) {
        hint[0] = found_last[0];
        hint[1] = found_last[1];
        pos.free_moves_known |= bit;
        return true;
    }
    const Square king = pos.king_square[us];
    const Mask256& own = pos.live_by_seat[us];
    const Mask256& king_rook_lines = GEOMETRY.rook_lines[king];
    const Mask256& king_bishop_lines = GEOMETRY.bishop_lines[king];
    auto unpinnable = [&](Square from) { return !king_rook_lines.test(from) && !king_bishop_lines.test(from); };
    Mask256 blocked = own | (pos.by_type[KING] & ~pos.dead);  // friendly pieces and live kings
    if (pos.mode == Mode::TEAMS) blocked |= pos.live_by_seat[(us + 2) & 3];
    // Cheapest and likeliest first, each returning at the first find (kept as the seat's hint):
    // knights, pawn pushes, a slider's first step, pawn captures.
    bool any = false;
    auto found = [&](Square from, Square to) {
        hint[0] = found_last[0] = from;
        hint[1] = found_last[1] = to;
        pos.free_moves_known |= bit;
        any = true;
    };
    auto first_step = [&](Square from, const Mask256& targets) {
        if (any || !unpinnable(from)) return;
        const Mask256 free = targets & ~blocked;
        if (free.any()) found(from, free.lsb());
    };
    for_each_square(own & pos.by_type[KNIGHT], [&](Square from) { first_step(from, GEOMETRY.knight_mask[from]); });
    if (any) return true;
    const Mask256 pawns = own & pos.by_type[PAWN];
    for_each_square(pawns, [&](Square from) {
        const Square push = GEOMETRY.pawn_push[us][from];
        if (!any && push != NO_SQUARE && !pos.occupied.test(push) && unpinnable(from)) found(from, push);
    });
    if (any) return true;
    for_each_square(own & (pos.by_type[ROOK] | pos.by_type[QUEEN]),
                    [&](Square from) { first_step(from, GEOMETRY.king_mask[from] & GEOMETRY.rook_lines[from]); });
    for_each_square(own & (pos.by_type[BISHOP] | pos.by_type[QUEEN]),
                    [&](Square from) { first_step(from, GEOMETRY.king_mask[from] & GEOMETRY.bishop_lines[from]); });
    if (any || pawns.none()) return any;
    Mask256 capture_target = pos.occupied & ~blocked;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (pos.en_passant[s].active()) capture_target.clear(pos.en_passant[s].skipped);
    for_each_square(pawns, [&](Square from) {
        if (any || !unpinnable(from)) return;
        for (Square to : GEOMETRY.pawn_capture[us][from])
            if (!any && to != NO_SQUARE && capture_target.test(to)) found(from, to);
    });
    return any;
}

bool is_free_move(const Position& pos, Seat seat, Square from, Square to) {
    return pos.king_square[seat] != NO_SQUARE && is_on_board(from) && is_on_board(to) &&
           is_unpinnable_free_move(pos, seat, from, to);
}

}  // namespace fourchess

#include "fourchess/attacks.h"

namespace fourchess {

namespace {

// Live sliders of `seats` by the lines they move along: [0] orthogonal (rooks, queens),
// [1] diagonal (bishops, queens).
struct LineAttackers {
    Mask256 along[2];
    LineAttackers(const Position& pos, const Mask256& live) {
        along[0] = live & (pos.by_type[ROOK] | pos.by_type[QUEEN]);
        along[1] = live & (pos.by_type[BISHOP] | pos.by_type[QUEEN]);
    }
};

// For each direction that holds a slider of the right kind at all, the nearest occupied square
// from `target` (a mask lookup, no walking) is an attacker if it is one of those sliders.
// Stops at the first hit unless `All` is set.
template <bool All>
bool slider_attackers(const Position& pos, Square target, const Mask256& live, Square ignore, Mask256& found) {
    const LineAttackers sliders(pos, live);
    const bool orthogonal = (GEOMETRY.rook_lines[target] & sliders.along[0]).any();
    const bool diagonal = (GEOMETRY.bishop_lines[target] & sliders.along[1]).any();
    if (!orthogonal && !diagonal) return found.any();
    Mask256 occupied = pos.occupied;
    if (ignore != NO_SQUARE) occupied.clear(ignore);
    for (int d = orthogonal ? 0 : 4; d < (diagonal ? 8 : 4); ++d) {
        const Mask256& candidates = sliders.along[is_diagonal(d)];
        if ((GEOMETRY.ray_mask[target][d] & candidates).none()) continue;
        Square blocker = first_blocker(target, d, occupied);
        if (blocker != NO_SQUARE && candidates.test(blocker)) {
            found.set(blocker);
            if (!All) return true;
        }
    }
    return found.any();
}

}  // namespace

Mask256 step_attackers_to(const Position& pos, Square target, std::uint8_t seats) {
    Mask256 found = (GEOMETRY.knight_mask[target] & pos.by_type[KNIGHT]) | (GEOMETRY.king_mask[target] & pos.by_type[KING]);
    found &= pos.live_pieces_of(seats);
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (seats & (1u << s)) found |= GEOMETRY.pawn_attackers[s][target] & pos.by_type[PAWN] & pos.live_by_seat[s];
    return found;
}

Mask256 attackers_to(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    Mask256 found = step_attackers_to(pos, target, seats);
    slider_attackers<true>(pos, target, pos.live_pieces_of(seats), ignore, found);
    return found;
}

bool is_attacked(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    Mask256 found = step_attackers_to(pos, target, seats);
    if (found.any()) return true;
    return slider_attackers<false>(pos, target, pos.live_pieces_of(seats), ignore, found);
}

bool in_check(const Position& pos, Seat seat) {
    Square king = pos.king_square[seat];
    return king != NO_SQUARE && is_attacked(pos, king, pos.opponent_seats(seat));
}

std::uint8_t kings_attacked_by(const Position& pos, Seat seat, std::uint8_t candidates) {
    std::uint8_t hit = 0;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        Square king = pos.king_square[s];
        if ((candidates & (1u << s)) && king != NO_SQUARE && is_attacked(pos, king, static_cast<std::uint8_t>(1u << seat)))
            hit |= static_cast<std::uint8_t>(1u << s);
    }
    return hit;
}

}  // namespace fourchess

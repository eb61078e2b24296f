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

// Sliders of the right kind standing on a line through `target` (usually none to three) attack
// it when each is the nearest occupied square from `target` in its direction: one mask lookup
// per candidate rather than one per direction. Stops at the first hit unless `All` is set.
template <bool All>
bool slider_attackers(const Position& pos, Square target, const Mask256& live, Square ignore, Mask256& found) {
    const LineAttackers sliders(pos, live);
    const Mask256 candidates =
        (GEOMETRY.rook_lines[target] & sliders.along[0]) | (GEOMETRY.bishop_lines[target] & sliders.along[1]);
    if (candidates.none()) return found.any();
    const Piece* board = pos.board;
    bool hit = false;
    for_each_square(candidates, [&](Square slider) {
        if (!All && hit) return;
        // Walk from the target over the mailbox: the slider (or the EDGE wall) stops every walk.
        const Square* ray = GEOMETRY.ray[target][LINES.towards[target][slider]];
        while (board[*ray].empty() || *ray == ignore) ++ray;
        if (*ray != slider) return;
        found.set(slider);
        hit = true;
    });
    return found.any();
}

}  // namespace

Mask256 step_attackers_to(const Position& pos, Square target, std::uint8_t seats) {
    return step_attackers_to(pos, target, seats, pos.live_pieces_of(seats));
}

Mask256 step_attackers_to(const Position& pos, Square target, std::uint8_t seats, const Mask256& live) {
    Mask256 found =
        (GEOMETRY.knight_mask[target] & pos.by_type[KNIGHT]) | (GEOMETRY.king_mask[target] & pos.by_type[KING]);
    found &= live;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (seats & (1u << s)) found |= GEOMETRY.pawn_attackers[s][target] & pos.by_type[PAWN] & pos.live_by_seat[s];
    return found;
}

Mask256 attackers_to(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    Mask256 found = step_attackers_to(pos, target, seats);
    slider_attackers<true>(pos, target, pos.live_pieces_of(seats), ignore, found);
    return found;
}

// The hottest question of the FFA rules layer: the live pieces of `seats` are gathered once and
// the cheapest tests (knight and king steps, then pawns) answer first.
bool is_attacked(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    const Mask256 live = pos.live_pieces_of(seats);
    const Mask256 steppers =
        (GEOMETRY.knight_mask[target] & pos.by_type[KNIGHT]) | (GEOMETRY.king_mask[target] & pos.by_type[KING]);
    if ((steppers & live).any()) return true;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if ((seats & (1u << s)) && (GEOMETRY.pawn_attackers[s][target] & pos.by_type[PAWN] & pos.live_by_seat[s]).any())
            return true;
    Mask256 found;
    return slider_attackers<false>(pos, target, live, ignore, found);
}

bool attacked_after_move(const Position& pos, Square target, std::uint8_t seats, Square from, Square to) {
    Mask256 live = pos.live_pieces_of(seats);
    live.clear(to);  // a piece taken attacks no more
    const Mask256 steppers =
        (GEOMETRY.knight_mask[target] & pos.by_type[KNIGHT]) | (GEOMETRY.king_mask[target] & pos.by_type[KING]);
    if ((steppers & live).any()) return true;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if ((seats & (1u << s)) &&
            (GEOMETRY.pawn_attackers[s][target] & pos.by_type[PAWN] & pos.live_by_seat[s] & live).any())
            return true;
    const LineAttackers sliders(pos, live);
    const Mask256 candidates =
        (GEOMETRY.rook_lines[target] & sliders.along[0]) | (GEOMETRY.bishop_lines[target] & sliders.along[1]);
    if (candidates.none()) return false;
    Mask256 occupied = pos.occupied;
    occupied.clear(from);
    occupied.set(to);
    bool hit = false;
    for_each_square(candidates, [&](Square slider) {
        const int d = LINES.towards[target][slider];
        hit |= (squares_between(target, d, slider) & occupied).none();
    });
    return hit;
}

namespace {

// Is the nearest piece from `target` along direction d a live slider of `seats` that moves that way?
bool slider_first_along(const Position& pos, Square target, int d, std::uint8_t seats) {
    const Square nearest = first_blocker(target, d, pos.occupied);
    if (nearest == NO_SQUARE) return false;
    const Piece p = pos.board[nearest];
    if (!p.is_live() || !((seats >> p.seat()) & 1)) return false;
    return p.type() == QUEEN || p.type() == (is_diagonal(d) ? BISHOP : ROOK);
}

}  // namespace

bool newly_attacked(const Position& pos, Square target, Square from, Square to, std::uint8_t seats) {
    const int from_line = LINES.towards[target][from], to_line = LINES.towards[target][to];
    const Piece arrived = pos.board[to];
    if (arrived.is_live() && ((seats >> arrived.seat()) & 1)) {
        switch (arrived.type()) {
            case PAWN:
                if (GEOMETRY.pawn_attackers[arrived.seat()][target].test(to)) return true;
                break;
            case KNIGHT:
                if (GEOMETRY.knight_mask[target].test(to)) return true;
                break;
            case KING:
                if (GEOMETRY.king_mask[target].test(to)) return true;
                break;
            default:
                if (to_line != NO_DIRECTION && slider_first_along(pos, target, to_line, seats)) return true;
        }
    }
    return from_line != NO_DIRECTION && slider_first_along(pos, target, from_line, seats);
}

bool in_check(const Position& pos, Seat seat) {
    Square king = pos.king_square[seat];
    return king != NO_SQUARE && is_attacked(pos, king, pos.opponent_seats(seat));
}

std::uint8_t kings_attacked_by(const Position& pos, Seat seat, std::uint8_t candidates) {
    std::uint8_t hit = 0;
    for (int s = 0; s < SEAT_COUNT; ++s) {
        Square king = pos.king_square[s];
        if ((candidates & (1u << s)) && king != NO_SQUARE &&
            is_attacked(pos, king, static_cast<std::uint8_t>(1u << seat)))
            hit |= static_cast<std::uint8_t>(1u << s);
    }
    return hit;
}

}  // namespace fourchess

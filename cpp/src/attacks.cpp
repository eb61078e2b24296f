#include "fourchess/attacks.h"

namespace fourchess {

namespace {

// Walks each line from `target` to its first occupied square and reports live sliders of
// `seats` found there that move along that line. Stops at the first hit unless `all` is set.
template <bool All>
bool slider_attackers(const Position& pos, Square target, std::uint8_t seats, Square ignore, Mask256& found) {
    for (int d = 0; d < DIRECTION_COUNT; ++d) {
        const Square* ray = GEOMETRY.ray[target][d];
        const int length = GEOMETRY.ray_length[target][d];
        const PieceType line_piece = is_diagonal(d) ? BISHOP : ROOK;
        for (int i = 0; i < length; ++i) {
            Square s = ray[i];
            if (s == ignore) continue;
            Piece p = pos.board[s];
            if (p.empty()) continue;
            if (p.is_live() && (seats & (1u << p.seat())) && (p.type() == QUEEN || p.type() == line_piece)) {
                found.set(s);
                if (!All) return true;
            }
            break;
        }
    }
    return found.any();
}

Mask256 stepper_attackers(const Position& pos, Square target, std::uint8_t seats) {
    Mask256 attackers = pos.live_pieces_of(seats);
    Mask256 found = (GEOMETRY.knight_mask[target] & pos.by_type[KNIGHT]) | (GEOMETRY.king_mask[target] & pos.by_type[KING]);
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (seats & (1u << s)) found |= GEOMETRY.pawn_attackers[s][target] & pos.by_type[PAWN] & pos.live_by_seat[s];
    return found & attackers;
}

}  // namespace

Mask256 attackers_to(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    Mask256 found = stepper_attackers(pos, target, seats);
    slider_attackers<true>(pos, target, seats, ignore, found);
    return found;
}

bool is_attacked(const Position& pos, Square target, std::uint8_t seats, Square ignore) {
    Mask256 found = stepper_attackers(pos, target, seats);
    if (found.any()) return true;
    return slider_attackers<false>(pos, target, seats, ignore, found);
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

#include "fourchess/eval.h"

#include <algorithm>

#include "fourchess/eval_weights.h"
#include "fourchess/geometry.h"

namespace fourchess {

namespace {

// Per seat and square: the rank counted from the seat's own back line (0..13) and the steps
// from the board's centre (0 in the middle four squares, 6 on the rim).
struct SeatGeometry {
    std::uint8_t relative_rank[SEAT_COUNT][GRID_SQUARES] = {};
    std::uint8_t centre_distance[GRID_SQUARES] = {};
    // Lines a pawn of that seat still has to go to promote, by mode (0 on the line itself).
    std::uint8_t steps_to_promotion[2][SEAT_COUNT][GRID_SQUARES] = {};
};

constexpr int abs_int(int x) { return x < 0 ? -x : x; }

constexpr SeatGeometry build_seat_geometry() {
    SeatGeometry g;
    for (int r = 0; r < BOARD_SIDE; ++r)
        for (int f = 0; f < BOARD_SIDE; ++f) {
            const Square s = make_square(f, r);
            g.relative_rank[RED][s] = static_cast<std::uint8_t>(r);
            g.relative_rank[BLUE][s] = static_cast<std::uint8_t>(f);
            g.relative_rank[YELLOW][s] = static_cast<std::uint8_t>(13 - r);
            g.relative_rank[GREEN][s] = static_cast<std::uint8_t>(13 - f);
            const int spread = std::max(abs_int(2 * f - 13), abs_int(2 * r - 13));  // 1, 3, ..., 13
            g.centre_distance[s] = static_cast<std::uint8_t>((spread - 1) / 2);
        }
    for (int mode = 0; mode < 2; ++mode)
        for (int seat = 0; seat < SEAT_COUNT; ++seat) {
            int line = BOARD_SIDE - 1;
            for (int s = 0; s < GRID_SQUARES; ++s)
                if (GEOMETRY.promotion_line[mode][seat].test(static_cast<Square>(s))) line = g.relative_rank[seat][s];
            for (int s = 0; s < GRID_SQUARES; ++s) {
                const int left = line - g.relative_rank[seat][s];
                g.steps_to_promotion[mode][seat][s] = static_cast<std::uint8_t>(left < 0 ? 0 : left);
            }
        }
    return g;
}

inline constexpr SeatGeometry SEATS = build_seat_geometry();

// Squares a slider on `from` attacks along the given directions: each ray up to and including
// its first occupied square.
Mask256 slider_attacks(Square from, int first_direction, int last_direction, const Mask256& occupied) {
    Mask256 attacks;
    for (int d = first_direction; d < last_direction; ++d) {
        const Mask256& ray = GEOMETRY.ray_mask[from][d];
        const Mask256 blockers = ray & occupied;
        if (blockers.none()) {
            attacks |= ray;
            continue;
        }
        const Square nearest = is_increasing(d) ? blockers.lsb() : blockers.msb();
        attacks |= ray ^ GEOMETRY.ray_mask[nearest][d];
    }
    return attacks;
}

Mask256 piece_attacks(const Position& pos, Square s, Piece p) {
    switch (p.type()) {
        case PAWN: {
            Mask256 m;
            for (Square t : GEOMETRY.pawn_capture[p.seat()][s])
                if (t != NO_SQUARE) m.set(t);
            return m;
        }
        case KNIGHT: return GEOMETRY.knight_mask[s];
        case BISHOP: return slider_attacks(s, 4, 8, pos.occupied);
        case ROOK: return slider_attacks(s, 0, 4, pos.occupied);
        case QUEEN: return slider_attacks(s, 0, 8, pos.occupied);
        case KING: return GEOMETRY.king_mask[s];
        default: return Mask256{};
    }
}

// What one pass over the pieces learns about a seat.
struct SeatPicture {
    int score = 0;            // material and positional terms
    Mask256 attacks;          // squares its live pieces attack
    Mask256 pawn_attacks;     // the part of it its pawns attack
};

SeatPicture picture_of(const Position& pos, Seat seat) {
    const EvalWeights& w = WEIGHTS;
    const int mode = pos.mode == Mode::FFA;
    SeatPicture pic;
    const Mask256 own = pos.live_by_seat[seat];
    for_each_square(own, [&](Square s) {
        const Piece p = pos.board[s];
        const PieceType type = p.type();
        pic.score += piece_value(p);
        pic.score += w.centre_bonus[type] * (6 - SEATS.centre_distance[s]);
        if (type == PAWN) {
            pic.score += w.pawn_advance[SEATS.steps_to_promotion[mode][seat][s]];
        } else if (type == KING) {
            pic.score -= w.king_leaves_back_line * SEATS.relative_rank[seat][s];
        }
        const Mask256 attacks = piece_attacks(pos, s, p);
        pic.attacks |= attacks;
        if (type == PAWN) pic.pawn_attacks |= attacks;
        else pic.score += w.mobility[type] * (attacks & ~own).count();
    });
    return pic;
}

// Order of the seats' turns from the side to move: 0 for it, then 1, 2, 3.
int turn_index(const Position& pos, int seat) { return (seat - pos.side_to_move) & 3; }

// King safety and hanging pieces of `seat`, given every seat's picture.
int dangers(const Position& pos, int seat, const SeatPicture (&pics)[SEAT_COUNT]) {
    const EvalWeights& w = WEIGHTS;
    const std::uint8_t enemies = pos.opponent_seats(static_cast<Seat>(seat));
    Mask256 friendly = pics[seat].attacks;
    int earliest_answer = turn_index(pos, seat);
    if (pos.mode == Mode::TEAMS) {
        const int partner = seat ^ 2;
        friendly |= pics[partner].attacks;
        earliest_answer = std::min(earliest_answer, turn_index(pos, partner));
    }
    int penalty = 0;
    Mask256 enemy_attacks, enemy_pawn_attacks, early_attacks;
    for (int e = 0; e < SEAT_COUNT; ++e) {
        if (!(enemies & (1u << e))) continue;
        enemy_attacks |= pics[e].attacks;
        enemy_pawn_attacks |= pics[e].pawn_attacks;
        if (turn_index(pos, e) < earliest_answer) early_attacks |= pics[e].attacks;
    }
    const Square king = pos.king_square[seat];
    if (king != NO_SQUARE) {
        const Mask256 zone = GEOMETRY.king_mask[king];
        int attacking_seats = 0;
        for (int e = 0; e < SEAT_COUNT; ++e) {
            if (!(enemies & (1u << e))) continue;
            const int hits = (zone & pics[e].attacks).count();
            penalty += w.king_zone_attack * hits;
            attacking_seats += hits > 0;
        }
        penalty += w.king_attackers_squared * attacking_seats * attacking_seats;
        const Square front[3] = {GEOMETRY.pawn_push[seat][king], GEOMETRY.pawn_capture[seat][king][0], GEOMETRY.pawn_capture[seat][king][1]};
        for (Square f : front) {
            if (f == NO_SQUARE) continue;
            const Piece p = pos.board[f];
            if (p.is_live() && p.type() == PAWN && p.seat() == seat) penalty -= w.shield_pawn;
        }
    }
    const Mask256 attacked = pos.live_by_seat[seat] & enemy_attacks;
    for_each_square(attacked, [&](Square s) {
        const Piece p = pos.board[s];
        if (p.type() == KING) return;
        const bool undefended = !friendly.test(s);
        const bool by_pawn = p.type() != PAWN && enemy_pawn_attacks.test(s);
        if (!undefended && !by_pawn) return;
        const int permille = early_attacks.test(s) ? w.hanging_next_mover_permille : w.hanging_permille;
        penalty += piece_value(p) * permille / 1000;
    });
    return penalty;
}

void score_all(const Position& pos, SeatScores& out, SeatPicture (&pics)[SEAT_COUNT]) {
    for (int s = 0; s < SEAT_COUNT; ++s) pics[s] = picture_of(pos, static_cast<Seat>(s));
    for (int s = 0; s < SEAT_COUNT; ++s) {
        out.seat[s] = pics[s].score - (pos.live_by_seat[s].any() ? dangers(pos, s, pics) : 0);
        if (pos.mode == Mode::FFA) out.seat[s] += WEIGHTS.ffa_point * pos.points[s];
    }
}

// Teams: the attacking team's partners both attacking the zone of one enemy king.
int coordination(const Position& pos, int team_seat, const SeatPicture (&pics)[SEAT_COUNT]) {
    int bonus = 0;
    for (int e = team_seat ^ 1; e < SEAT_COUNT; e += 2) {
        const Square king = pos.king_square[e];
        if (king == NO_SQUARE) continue;
        const Mask256 zone = GEOMETRY.king_mask[king];
        if ((zone & pics[team_seat].attacks).any() && (zone & pics[team_seat ^ 2].attacks).any())
            bonus += WEIGHTS.partner_attack_same_king;
    }
    return bonus;
}

}  // namespace

int piece_value(Piece p) {
    if (!p.is_live()) return 0;
    return p.is_one_point() ? WEIGHTS.one_point_queen_value : WEIGHTS.piece_value[p.type()];
}

SeatScores seat_scores(const Position& pos) {
    SeatScores scores;
    SeatPicture pics[SEAT_COUNT];
    score_all(pos, scores, pics);
    return scores;
}

int evaluate_teams(const Position& pos) {
    SeatScores scores;
    SeatPicture pics[SEAT_COUNT];
    score_all(pos, scores, pics);
    const int us = pos.side_to_move & 1, them = us ^ 1;
    const int ours = scores.seat[us] + scores.seat[us + 2] + coordination(pos, us, pics);
    const int theirs = scores.seat[them] + scores.seat[them + 2] + coordination(pos, them, pics);
    return ours - theirs + WEIGHTS.tempo;
}

int evaluate_ffa(const Position& pos, Seat root) {
    const SeatScores scores = seat_scores(pos);
    int strongest = -MAX_POINTS * WEIGHTS.ffa_point, sum = 0;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (s != root) {
            strongest = std::max(strongest, scores.seat[s]);
            sum += scores.seat[s];
        }
    const int w = WEIGHTS.ffa_strongest_rival_permille;
    const int rivals = ((1000 - w) * (sum / (SEAT_COUNT - 1)) + w * strongest) / 1000;
    return scores.seat[root] - rivals + (pos.side_to_move == root ? WEIGHTS.tempo : 0);
}

}  // namespace fourchess

#include "fourchess/search/eval.h"

#include <algorithm>
#include <memory>

#include "fourchess/geometry.h"
#include "fourchess/search/eval_weights.h"

namespace fourchess {

namespace {

constexpr int abs_int(int x) { return x < 0 ? -x : x; }

// The rank of a square counted from `seat`'s own back line (0..13): the board turned so that
// the seat sits at the bottom.
constexpr int relative_rank(Seat seat, Square s) {
    const int f = file_of(s), r = rank_of(s);
    return seat == RED ? r : seat == BLUE ? f : seat == YELLOW ? 13 - r : 13 - f;
}

// Steps from the board's centre: 0 on the middle four squares, 6 on the rim.
constexpr int centre_distance(Square s) {
    const int spread = std::max(abs_int(2 * file_of(s) - 13), abs_int(2 * rank_of(s) - 13));  // 1, 3, ..., 13
    return (spread - 1) / 2;
}

}  // namespace

// The piece-square table: one set of terms from the weights (centre, pawn advance toward the
// promotion line, a king kept home), laid out for each seat by turning the board.
struct PieceSquareTable {
    std::int16_t value[2][SEAT_COUNT][PIECE_TYPE_COUNT][GRID_SQUARES] = {};  // [mode][seat][type][square]
};

namespace {

constexpr PieceSquareTable build_piece_square_table(const EvalWeights& w) {
    PieceSquareTable t;
    for (int mode = 0; mode < 2; ++mode)
        for (int seat = 0; seat < SEAT_COUNT; ++seat) {
            const Seat me = static_cast<Seat>(seat);
            int promotion_rank = BOARD_SIDE - 1;
            for (int s = 0; s < GRID_SQUARES; ++s)
                if (GEOMETRY.promotion_line[mode][seat].test(static_cast<Square>(s)))
                    promotion_rank = relative_rank(me, static_cast<Square>(s));
            for (int s = 0; s < GRID_SQUARES; ++s) {
                const Square sq = static_cast<Square>(s);
                for (int type = PAWN; type <= KING; ++type) {
                    int v = w.centre_bonus[type] * (6 - centre_distance(sq));
                    if (type == PAWN) {
                        const int left = promotion_rank - relative_rank(me, sq);
                        v += w.pawn_advance[left < 0 ? 0 : left];
                    } else if (type == KING) {
                        v -= w.king_leaves_back_line * relative_rank(me, sq);
                    }
                    t.value[mode][seat][type][s] = static_cast<std::int16_t>(v);
                }
            }
        }
    return t;
}

inline constexpr PieceSquareTable TEAMS_PIECE_SQUARE = build_piece_square_table(TEAMS_WEIGHTS);
inline constexpr PieceSquareTable FFA_PIECE_SQUARE = build_piece_square_table(FFA_WEIGHTS);

// What the evaluation scores with: the weights and the table built from them.
struct Terms {
    const EvalWeights& w;
    const PieceSquareTable& table;
};
inline constexpr Terms TEAMS_TERMS{TEAMS_WEIGHTS, TEAMS_PIECE_SQUARE};
inline constexpr Terms FFA_TERMS{FFA_WEIGHTS, FFA_PIECE_SQUARE};

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
    int score = 0;         // material and positional terms
    Mask256 attacks;       // squares its live pieces attack
    Mask256 pawn_attacks;  // the part of it its pawns attack
};

// Fills `pic`, which must start empty.
void picture_of(const Terms& terms, const Position& pos, Seat seat, SeatPicture& pic) {
    const EvalWeights& w = terms.w;
    const int mode = pos.mode == Mode::FFA;
    const Mask256 own = pos.live_by_seat[seat];
    for_each_square(own, [&](Square s) {
        const Piece p = pos.board[s];
        const PieceType type = p.type();
        pic.score += w.value_of(p) + terms.table.value[mode][seat][type][s];
        const Mask256 attacks = piece_attacks(pos, s, p);
        pic.attacks |= attacks;
        if (type == PAWN)
            pic.pawn_attacks |= attacks;
        else
            pic.score += w.mobility[type] * (attacks & ~own).count();
    });
}

// Order of the seats' turns from the side to move: 0 for it, then 1, 2, 3.
int turn_index(const Position& pos, int seat) { return (seat - pos.side_to_move) & 3; }

// King safety and hanging pieces of `seat`, given every seat's picture.
int dangers(const EvalWeights& w, const Position& pos, int seat, const SeatPicture (&pics)[SEAT_COUNT]) {
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
        const Square front[3] = {GEOMETRY.pawn_push[seat][king], GEOMETRY.pawn_capture[seat][king][0],
                                 GEOMETRY.pawn_capture[seat][king][1]};
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
        penalty += w.value_of(p) * permille / 1000;
    });
    return penalty;
}

void score_all(const Terms& terms, const Position& pos, SeatScores& out, SeatPicture (&pics)[SEAT_COUNT]) {
    for (int s = 0; s < SEAT_COUNT; ++s) picture_of(terms, pos, static_cast<Seat>(s), pics[s]);
    for (int s = 0; s < SEAT_COUNT; ++s) {
        out.seat[s] = pics[s].score - (pos.live_by_seat[s].any() ? dangers(terms.w, pos, s, pics) : 0);
        if (pos.mode == Mode::FFA) out.seat[s] += terms.w.ffa_point * pos.points[s];
    }
}

// Teams: the attacking team's partners both attacking the zone of one enemy king.
int coordination(const EvalWeights& w, const Position& pos, int team_seat, const SeatPicture (&pics)[SEAT_COUNT]) {
    int bonus = 0;
    for (int e = team_seat ^ 1; e < SEAT_COUNT; e += 2) {
        const Square king = pos.king_square[e];
        if (king == NO_SQUARE) continue;
        const Mask256 zone = GEOMETRY.king_mask[king];
        if ((zone & pics[team_seat].attacks).any() && (zone & pics[team_seat ^ 2].attacks).any())
            bonus += w.partner_attack_same_king;
    }
    return bonus;
}

int teams_score(const Terms& terms, const Position& pos) {
    SeatScores scores;
    SeatPicture pics[SEAT_COUNT];
    score_all(terms, pos, scores, pics);
    const int us = pos.side_to_move & 1, them = us ^ 1;
    const int ours = scores.seat[us] + scores.seat[us + 2] + coordination(terms.w, pos, us, pics);
    const int theirs = scores.seat[them] + scores.seat[them + 2] + coordination(terms.w, pos, them, pics);
    return ours - theirs + terms.w.tempo;
}

int ffa_score(const Terms& terms, const Position& pos, Seat root) {
    SeatScores scores;
    SeatPicture pics[SEAT_COUNT];
    score_all(terms, pos, scores, pics);
    const EvalWeights& w = terms.w;
    int strongest = -MAX_POINTS * w.ffa_point, sum = 0;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (s != root) {
            strongest = std::max(strongest, scores.seat[s]);
            sum += scores.seat[s];
        }
    const int p = w.ffa_strongest_rival_permille;
    const int rivals = ((1000 - p) * (sum / (SEAT_COUNT - 1)) + p * strongest) / 1000;
    return scores.seat[root] - rivals + (pos.side_to_move == root ? w.tempo : 0);
}

}  // namespace

SeatScores seat_scores(const Position& pos) {
    SeatScores scores;
    SeatPicture pics[SEAT_COUNT];
    score_all(pos.mode == Mode::TEAMS ? TEAMS_TERMS : FFA_TERMS, pos, scores, pics);
    return scores;
}

int evaluate_teams(const Position& pos) { return teams_score(TEAMS_TERMS, pos); }

int evaluate_ffa(const Position& pos, Seat root) { return ffa_score(FFA_TERMS, pos, root); }

Evaluator::Evaluator(const EvalWeights& weights)
    : weights_(weights), table_(std::make_unique<PieceSquareTable>(build_piece_square_table(weights))) {}

Evaluator::~Evaluator() = default;

int Evaluator::teams(const Position& pos) const { return teams_score(Terms{weights_, *table_}, pos); }

int Evaluator::ffa(const Position& pos, Seat root) const { return ffa_score(Terms{weights_, *table_}, pos, root); }

}  // namespace fourchess

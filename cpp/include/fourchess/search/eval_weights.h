// Every weight of the evaluation in one table, so that tuning can change them in one place.
// Units: centipawn-like "eval units" (an FFA pawn is 50: in four-player chess a pawn is worth far
// less against a queen than in two-player chess, as the strongest open Teams engine also weighs
// it; fitted to Teams games, a pawn is 70 against a queen's 1200). FFA points are worth
// ffa_point units each (a queen's 9 points about its 1000).
#pragma once

#include "fourchess/types.h"

namespace fourchess {

struct EvalWeights {
    int piece_value[PIECE_TYPE_COUNT] = {0, 50, 300, 400, 500, 1000, 0};  // none P N B R Q K
    int one_point_queen_value = 1000;  // moves as a queen; only its capture is worth 1 point
    // A live piece's material (the caller rules out empty squares and dead pieces).
    constexpr int value_of(Piece p) const { return p.is_one_point() ? one_point_queen_value : piece_value[p.type()]; }

    // Piece-square terms, built from these (one table per piece type, rotated to each seat).
    int centre_bonus[PIECE_TYPE_COUNT] = {0, 2, 10, 6, 3, 3, 0};  // per step closer to the centre
    // By lines still to go to the promotion line (index 0 is the line itself, never a pawn's).
    int pawn_advance[BOARD_SIDE] = {0, 120, 70, 45, 28, 16, 8, 4, 0, 0, 0, 0, 0, 0};
    int king_leaves_back_line = 30;  // penalty per line a king stands off its back line (middlegame)

    // Mobility: per square a piece attacks that its own seat does not occupy.
    int mobility[PIECE_TYPE_COUNT] = {0, 0, 4, 3, 2, 1, 0};

    // King safety.
    int shield_pawn = 12;            // own pawn on one of the three squares in front of the king
    int king_zone_attack = 10;       // per enemy attack on a square next to the king
    int king_attackers_squared = 6;  // times the square of the enemy seats attacking the zone

    // A piece an enemy attacks and no friendly piece defends (or attacked by a cheaper piece):
    // per mille of its value, more when the attacker moves before the owner's side can answer.
    int hanging_permille = 120;
    int hanging_next_mover_permille = 350;

    // Teams: partners attacking the same enemy king's zone.
    int partner_attack_same_king = 25;

    int tempo = 10;  // for the side to move

    int ffa_point = 100;  // FFA: one point, in eval units
    // FFA: the rivals' standing the root is measured against, from their mean (0) to the
    // strongest alone (1000). With the strongest alone, a search that assumes opponents work
    // against the root has them feed each other pieces (a queen given to a third seat raises the
    // strongest rival by 9 points): the start position then scored -900 at depth 6.
    int ffa_strongest_rival_permille = 0;
};

// FFA plays with the weights as set above. Teams plays with its own set, fitted to the results
// of Teams games by fourchess-tune (docs/engine.md, "Tuning the evaluation"); the terms not
// listed keep the values above.
inline constexpr EvalWeights FFA_WEIGHTS{};

constexpr EvalWeights fitted_teams_weights() {
    EvalWeights w{};
    // 26,047 positions of 828 self-play games at 50 ms a move from the development openings;
    // validation error 0.1547 -> 0.1449 on 2,210 positions of other games.
    w.piece_value[PAWN] = 70;
    w.piece_value[KNIGHT] = 240;
    w.piece_value[BISHOP] = 320;
    w.piece_value[ROOK] = 400;
    w.piece_value[QUEEN] = 1200;
    w.centre_bonus[PAWN] = -8;
    w.centre_bonus[KNIGHT] = 12;
    w.centre_bonus[BISHOP] = 22;
    w.centre_bonus[ROOK] = 6;
    w.centre_bonus[QUEEN] = -5;
    w.centre_bonus[KING] = 18;
    const int pawn_advance[] = {0, 528, 308, 81, 83, 76, -12, -16, 20, -20};
    for (int i = 0; i < 10; ++i) w.pawn_advance[i] = pawn_advance[i];
    w.king_leaves_back_line = 24;
    w.mobility[KNIGHT] = 1;
    w.mobility[BISHOP] = 4;
    w.mobility[ROOK] = 14;
    w.mobility[QUEEN] = 8;
    w.mobility[KING] = -3;
    w.shield_pawn = 52;
    w.king_zone_attack = 32;
    w.king_attackers_squared = 10;
    w.hanging_permille = 192;
    w.partner_attack_same_king = 55;
    w.tempo = 18;
    return w;
}
inline constexpr EvalWeights TEAMS_WEIGHTS = fitted_teams_weights();

constexpr const EvalWeights& weights_for(Mode mode) { return mode == Mode::TEAMS ? TEAMS_WEIGHTS : FFA_WEIGHTS; }

// Every weight with its name, for the tools that read and change them (tuning): `visit(name,
// index, value)` once per scalar, index -1, and once per array element. Keep in step with the
// struct above; the tests check that it visits every int the struct holds.
template <class Weights, class Visit>
constexpr void for_each_weight(Weights& w, Visit visit) {
    auto each = [&](const char* name, auto& values) {
        int i = 0;
        for (auto& v : values) visit(name, i++, v);
    };
    each("piece_value", w.piece_value);
    visit("one_point_queen_value", -1, w.one_point_queen_value);
    each("centre_bonus", w.centre_bonus);
    each("pawn_advance", w.pawn_advance);
    visit("king_leaves_back_line", -1, w.king_leaves_back_line);
    each("mobility", w.mobility);
    visit("shield_pawn", -1, w.shield_pawn);
    visit("king_zone_attack", -1, w.king_zone_attack);
    visit("king_attackers_squared", -1, w.king_attackers_squared);
    visit("hanging_permille", -1, w.hanging_permille);
    visit("hanging_next_mover_permille", -1, w.hanging_next_mover_permille);
    visit("partner_attack_same_king", -1, w.partner_attack_same_king);
    visit("tempo", -1, w.tempo);
    visit("ffa_point", -1, w.ffa_point);
    visit("ffa_strongest_rival_permille", -1, w.ffa_strongest_rival_permille);
}

constexpr int weight_count() {
    EvalWeights w{};
    int n = 0;
    for_each_weight(w, [&n](const char*, int, int&) { ++n; });
    return n;
}
static_assert(weight_count() * sizeof(int) == sizeof(EvalWeights), "for_each_weight must visit every weight");

}  // namespace fourchess

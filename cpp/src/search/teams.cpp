// Teams search: negamax alpha-beta over the two teams (turns alternate teams every ply), with
// PVS, a transposition table, check extension, null move, reverse futility, late-move reductions
// and a quiescence search of captures, promotions and king captures. Scores are for the side to
// move's team. The rules' timing is exact: a mate is found on the victim's own turn (its partner
// may have rescued it before), and a king the side to move can take is a win on the next ply.
#include <algorithm>
#include <cmath>

#include "fourchess/attacks.h"
#include "fourchess/rules.h"
#include "fourchess/search/eval.h"
#include "worker.h"

namespace fourchess {

namespace {

constexpr std::uint8_t enemies_of(Seat s) { return s & 1 ? 0b0101 : 0b1010; }

// Late-move reductions by depth and move number, in plies.
struct Reductions {
    std::uint8_t r[MAX_SEARCH_DEPTH + 1][64] = {};
    Reductions() {
        for (int d = 1; d <= MAX_SEARCH_DEPTH; ++d)
            for (int n = 1; n < 64; ++n) r[d][n] = static_cast<std::uint8_t>(0.5 + std::log(d) * std::log(n) / 2.2);
    }
};
const Reductions REDUCTIONS;

constexpr int QUIESCENCE_PLIES = 12;

bool any_king_in_check(const Position& pos) {
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (in_check(pos, static_cast<Seat>(s))) return true;
    return false;
}

// Is an enemy king of `seat`'s team in check (by the move just made, or a line it opened)?
bool checks_an_enemy(const Position& pos, Seat seat) {
    return in_check(pos, static_cast<Seat>((seat + 1) & 3)) || in_check(pos, static_cast<Seat>((seat + 3) & 3));
}

bool team_has_pieces(const Position& pos, Seat s) {
    const Mask256 pieces = pos.by_type[KNIGHT] | pos.by_type[BISHOP] | pos.by_type[ROOK] | pos.by_type[QUEEN];
    return ((pos.live_by_seat[s] | pos.live_by_seat[s ^ 2]) & pieces).any();
}

}  // namespace

int Worker::teams(int depth, int alpha, int beta, int ply, bool pv_node, bool null_allowed) {
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    // The mover took a king: the side now to move belongs to the team that lost it.
    if (pos_.termination != Termination::NONE) return -(MATE_SCORE - ply);
    const Seat mover = pos_.side_to_move;
    if (ply > 0) {
        if (draw_by_history(ply) || move_limit_reached(ply)) return 0;
        if (kings_attacked_by(pos_, mover, enemies_of(mover))) return MATE_SCORE - ply - 1;
        alpha = std::max(alpha, -(MATE_SCORE - ply));
        beta = std::min(beta, MATE_SCORE - ply - 1);
        if (alpha >= beta) return alpha;
        if (ply >= MAX_PLY - 1) return evaluate();
    }
    const bool checked = in_check(pos_, mover);
    if (checked && ply < 2 * root_depth_ + 8) ++depth;
    if (depth <= 0) return teams_quiescence(alpha, beta, ply, 0);

    ++nodes_;
    if (out_of_time_or_nodes()) return 0;

    const std::uint64_t key = table_key(false);
    TableHit hit;
    const bool found = context_.table.probe(key, hit);
    if (found && !pv_node && hit.depth >= depth) {
        const int s = score_from_table(hit.score, ply);
        if (hit.bound == Bound::EXACT || (hit.bound == Bound::LOWER && s >= beta) ||
            (hit.bound == Bound::UPPER && s <= alpha))
            return s;
    }

    const int static_eval = checked ? -INFINITE_SCORE : evaluate();
    if (!pv_node && !checked && std::abs(beta) < MATE_BOUND) {
        // Reverse futility: far above beta near the leaves, a quiet move will not fall below it.
        if (depth <= 3 && static_eval - 120 * depth >= beta) return static_eval;
        // Null move: let the next seat (an opponent) move twice. Unsound when a king stands in
        // check (passing may hand a king capture or leave a partner unrescued), and in endings
        // of pawns (zugzwang).
        if (null_allowed && depth >= 3 && static_eval >= beta && team_has_pieces(pos_, mover) &&
            !any_king_in_check(pos_)) {
            const int reduction = 3 + depth / 5;
            Undo undo;
            pass_turn(undo);
            push_path(ply, Move::none());
            const int score = -teams(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, false);
            pos_.undo_action(undo);
            if (stopped_) return 0;
            if (score >= beta) return score >= MATE_BOUND ? beta : score;
        }
    }

    const int count = generate_ordered(ply, found ? hit.move : Move::none(), false);
    if (count == 0) return checked ? -(MATE_SCORE - ply) : 0;  // mate on the victim's turn, or stalemate: a draw

    const int original_alpha = alpha;
    int best_score = -INFINITE_SCORE;
    Move best_move = Move::none();
    Undo undo;
    for (int i = 0; i < count; ++i) {
        const Move m = pick_next(ply, i, count);
        const bool tactical = is_tactical(m);
        // Near the leaves, quiet moves late in the order, or far below alpha, are not tried:
        // late-move pruning and futility pruning (never in check, never the first move, never
        // a check: in four-player chess a quiet check is how a mating attack starts).
        const bool prunable = !pv_node && !checked && i > 0 && depth <= 3 && !tactical &&
                              scores_[ply][i] < COUNTERMOVE_ORDER && best_score > -MATE_BOUND &&
                              (i >= 4 + 3 * depth * depth || static_eval + 100 + 150 * depth <= alpha);
        const bool reducible = depth >= 3 && !tactical && !checked && i >= 3 && scores_[ply][i] < COUNTERMOVE_ORDER;
        do_move(pos_, m, undo);
        // Asked only where the answer matters: a check is never pruned or reduced.
        const bool gives_check = (prunable || reducible) && checks_an_enemy(pos_, mover);
        if (prunable && !gives_check) {
            undo_move(pos_, m, undo);
            continue;
        }
        push_path(ply, m);
        int score;
        if (i == 0) {
            score = -teams(depth - 1, -beta, -alpha, ply + 1, pv_node, true);
        } else {
            int reduction = 0;
            if (reducible && !gives_check) {
                reduction = REDUCTIONS.r[std::min(depth, MAX_SEARCH_DEPTH)][std::min(i, 63)];
                if (pv_node) reduction = std::max(0, reduction - 1);
                reduction = std::min(reduction, depth - 2);
            }
            score = -teams(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false, true);
            if (score > alpha && reduction > 0) score = -teams(depth - 1, -alpha - 1, -alpha, ply + 1, false, true);
            if (score > alpha && score < beta && pv_node) score = -teams(depth - 1, -beta, -alpha, ply + 1, true, true);
        }
        undo_move(pos_, m, undo);
        if (stopped_) return 0;
        if (score > best_score) {
            best_score = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(ply, m);
                if (score >= beta) {
                    if (!tactical) remember_quiet_cutoff(ply, m, depth);
                    break;
                }
            }
        }
    }
    const Bound bound = best_score >= beta ? Bound::LOWER : best_score > original_alpha ? Bound::EXACT : Bound::UPPER;
    context_.table.store(key, best_move, score_to_table(best_score, ply), depth, bound);
    return best_score;
}

int Worker::teams_quiescence(int alpha, int beta, int ply, int qply) {
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (pos_.termination != Termination::NONE) return -(MATE_SCORE - ply);
    const Seat mover = pos_.side_to_move;
    if (kings_attacked_by(pos_, mover, enemies_of(mover))) return MATE_SCORE - ply - 1;
    ++nodes_;
    if (out_of_time_or_nodes()) return 0;
    const bool checked = in_check(pos_, mover);
    if (ply >= MAX_PLY - 1 || qply >= QUIESCENCE_PLIES) return evaluate();
    int best_score = -INFINITE_SCORE;
    if (!checked) {
        best_score = evaluate();
        if (best_score >= beta) return best_score;
        alpha = std::max(alpha, best_score);
    }
    // In check every legal move is an evasion, and there is no standing still.
    const int count = generate_ordered(ply, Move::none(), !checked);
    if (checked && count == 0) return -(MATE_SCORE - ply);
    return maximise_quiescence(ply, count, alpha, beta, best_score, checked,
                               [&](int a) { return -teams_quiescence(-beta, -a, ply + 1, qply + 1); });
}

}  // namespace fourchess

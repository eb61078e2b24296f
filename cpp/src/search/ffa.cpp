// FFA search over the four seats, in the real turn order, scored for the root seat (maximised
// on its turns, minimised on the others'): the rules layer's points, mates, eliminations, check
// bonuses, walking kings and the 21-point end all come from do_move.
//
// BRS+ (Esser et al. 2013, after Schadd & Winands' best-reply search): between two turns of the
// root seat exactly one opponent searches all its moves; the others play their best move by move
// ordering, so every position searched is one the game can reach. A round of the root's move and
// the one searched reply costs two plies of depth. Paranoid (the default, the stronger in our
// matches): every opponent searches every move, a ply of depth each. Walking kings always play
// their ordering's first move.
#include <algorithm>

#include "fourchess/attacks.h"
#include "fourchess/rules.h"
#include "fourchess/search/eval.h"
#include "worker.h"

namespace fourchess {

namespace {

constexpr int FFA_QUIESCENCE_PLIES = 4;

}  // namespace

// The game is over (or would be): the root's place decides, a win as early as possible.
int Worker::ffa_final(int ply, int bonus_for_active) const {
    const Seat root = context_.root_seat;
    auto points = [&](int s) { return pos_.points[s] + (pos_.is_active(static_cast<Seat>(s)) ? bonus_for_active : 0); };
    int rival = -MAX_POINTS - DRAW_POINTS;
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (s != root) rival = std::max(rival, points(s));
    const int lead = points(root) - rival;
    return lead > 0 ? MATE_SCORE - ply : lead < 0 ? -(MATE_SCORE - ply) : 0;
}

bool Worker::later_searcher_before_root(Seat mover) const {
    Seat s = mover;
    for (int i = 0; i < SEAT_COUNT; ++i) {
        s = next_seat_taking_turns(pos_, s);
        if (s == context_.root_seat || s == mover) return false;
        if (pos_.is_active(s)) return true;
    }
    return false;
}

Move Worker::ffa_default_move(int ply, int count, Move table_move) const {
    int best = 0;
    for (int i = 0; i < count; ++i) {
        if (table_move && moves_[ply][i].action() == table_move.action()) return moves_[ply][i];
        if (scores_[ply][i] > scores_[ply][best]) best = i;
    }
    return moves_[ply][best];
}

int Worker::ffa(int depth, int alpha, int beta, int ply, bool reply_searched) {
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (pos_.termination != Termination::NONE) return ffa_final(ply, 0);
    const Seat root = context_.root_seat;
    if (ply > 0) {
        if (draw_by_history(ply)) return ffa_final(ply, DRAW_POINTS);
        if (move_limit_reached(ply)) return ffa_final(ply, 0);
        // The root seat is out: nothing it does matters any more, its standing is what it is.
        if (!pos_.takes_turns(root)) return evaluate();
        alpha = std::max(alpha, -(MATE_SCORE - ply));
        beta = std::min(beta, MATE_SCORE - ply);
        if (alpha >= beta) return alpha;
        if (ply >= MAX_PLY - 1) return evaluate();
    }
    if (depth <= 0) return ffa_quiescence(alpha, beta, ply, 0);
    ++nodes_;
    if (out_of_time_or_nodes()) return 0;

    const Seat mover = pos_.side_to_move;
    const bool maximising = mover == root;
    const bool paranoid = context_.ffa_algorithm == FfaAlgorithm::PARANOID;
    const std::uint64_t key = table_key(!maximising && reply_searched);
    TableHit hit;
    const bool found = context_.table.probe(key, hit);
    if (found && ply > 0 && hit.depth >= depth) {
        const int s = score_from_table(hit.score, ply);
        if (hit.bound == Bound::EXACT || (hit.bound == Bound::LOWER && s >= beta) ||
            (hit.bound == Bound::UPPER && s <= alpha))
            return s;
    }
    const int count = generate_ordered(ply, found ? hit.move : Move::none(), false);
    if (count == 0) return evaluate();  // a walking king judged only on its turn
    // Near the leaves a quiet move late in the order, or one that cannot bring the score back
    // inside the window, is not tried (late-move and futility pruning, for either side; never
    // in check, never the first move).
    const bool prune_quiet = depth <= 2 && ply > 0 && !in_check(pos_, mover);
    const int static_eval = prune_quiet ? evaluate() : 0;
    auto skip_quiet = [&](int i, Move m, bool for_root) {
        if (!prune_quiet || i == 0 || is_tactical(m) || scores_[ply][i] >= COUNTERMOVE_ORDER) return false;
        if (i >= 4 + 4 * depth * depth) return true;
        return for_root ? static_eval + 150 * depth <= alpha : static_eval - 150 * depth >= beta;
    };

    const int original_alpha = alpha, original_beta = beta;
    Move best_move = Move::none();
    Undo undo;
    int best_score;
    if (maximising) {
        best_score = -INFINITE_SCORE;
        for (int i = 0; i < count; ++i) {
            const Move m = pick_next(ply, i, count);
            if (skip_quiet(i, m, true)) continue;
            do_move(pos_, m, undo);
            push_path(ply, m);
            const int score = ffa(depth - 1, alpha, beta, ply + 1, false);
            undo_move(pos_, m, undo);
            if (stopped_) return 0;
            if (score > best_score) {
                best_score = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    update_pv(ply, m);
                    if (score >= beta) {
                        if (!is_tactical(m)) remember_quiet_cutoff(ply, m, depth);
                        break;
                    }
                }
            }
        }
    } else {
        const bool walker = !pos_.is_active(mover);
        const bool may_search = !walker && (paranoid || !reply_searched);
        const bool must_search = may_search && (paranoid || !later_searcher_before_root(mover));
        best_score = INFINITE_SCORE;
        auto consider = [&](Move m, int score) {
            if (score >= best_score) return false;
            best_score = score;
            best_move = m;
            if (score >= beta) return false;
            beta = score;
            update_pv(ply, m);
            return score <= alpha;  // the root already has better elsewhere
        };
        bool cut = false;
        if (may_search) {
            for (int i = 0; i < count && !cut; ++i) {
                const Move m = pick_next(ply, i, count);
                if (skip_quiet(i, m, false)) continue;
                do_move(pos_, m, undo);
                push_path(ply, m);
                const int score = ffa(depth - 1, alpha, beta, ply + 1, true);
                undo_move(pos_, m, undo);
                if (stopped_) return 0;
                cut = consider(m, score);
                if (cut && !is_tactical(m)) remember_quiet_cutoff(ply, m, depth);
            }
        }
        if (!must_search && !cut) {
            // This seat does not search here: it plays its best move by ordering, at no depth.
            const Move m = ffa_default_move(ply, count, found ? hit.move : Move::none());
            do_move(pos_, m, undo);
            push_path(ply, m);
            const int score = ffa(depth, alpha, beta, ply + 1, reply_searched);
            undo_move(pos_, m, undo);
            if (stopped_) return 0;
            consider(m, score);
        }
    }
    const Bound bound = best_score <= original_alpha  ? Bound::UPPER
                        : best_score >= original_beta ? Bound::LOWER
                                                      : Bound::EXACT;
    context_.table.store(key, best_move, score_to_table(best_score, ply), depth, bound);
    return best_score;
}

// Captures and promotions until the position is quiet. The root seat may stand on the static
// evaluation; an opponent may take something or let the next seat have its chance, so the
// threats of all three opponents are seen, not only the next one's.
int Worker::ffa_quiescence(int alpha, int beta, int ply, int qply) {
    pv_length_[ply] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (pos_.termination != Termination::NONE) return ffa_final(ply, 0);
    const Seat root = context_.root_seat;
    if (!pos_.takes_turns(root)) return evaluate();
    ++nodes_;
    if (out_of_time_or_nodes()) return 0;
    if (ply >= MAX_PLY - 2 || qply >= FFA_QUIESCENCE_PLIES) return evaluate();
    const Seat mover = pos_.side_to_move;
    // A seat in check cannot stand still or pass: it answers the check (every legal move).
    const bool checked = pos_.is_active(mover) && in_check(pos_, mover);
    Undo undo;
    if (mover == root) {
        int best_score = checked ? -INFINITE_SCORE : evaluate();
        if (best_score >= beta) return best_score;
        alpha = std::max(alpha, best_score);
        const int count = generate_ordered(ply, Move::none(), !checked);
        if (count == 0) return evaluate();
        return maximise_quiescence(ply, count, alpha, beta, best_score, checked,
                                   [&](int a) { return ffa_quiescence(a, beta, ply + 1, qply + 1); });
    }
    int best_score = INFINITE_SCORE;
    if (!checked) {
        pass_turn(undo);
        push_path(ply, Move::none());
        best_score = ffa_quiescence(alpha, beta, ply + 1, qply);
        pos_.undo_action(undo);
        pv_length_[ply] = ply;  // a pass is no move of the principal variation
        if (stopped_) return 0;
        if (best_score <= alpha || !pos_.is_active(mover)) return best_score;
        beta = std::min(beta, best_score);
    }
    const int count = generate_ordered(ply, Move::none(), !checked);
    if (count == 0) return evaluate();
    for (int i = 0; i < count; ++i) {
        const Move m = pick_next(ply, i, count);
        // Only what threatens the root seat: taking its pieces (a king capture included), or,
        // in check, any answer to it.
        const Piece victim = pos_.board[m.to()];
        const bool hits_root = m.kind() == MoveKind::EN_PASSANT ? pos_.en_passant[root].skipped == m.to()
                                                                : victim.is_live() && victim.seat() == root;
        if (!checked && (!hits_root || looks_losing(m))) continue;
        do_move(pos_, m, undo);
        push_path(ply, m);
        const int score = ffa_quiescence(alpha, beta, ply + 1, qply + 1);
        undo_move(pos_, m, undo);
        if (stopped_) return 0;
        if (score < best_score) {
            best_score = score;
            if (score < beta) {
                beta = score;
                update_pv(ply, m);
                if (score <= alpha) break;
            }
        }
    }
    return best_score;
}

}  // namespace fourchess

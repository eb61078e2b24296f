// One search thread: its own copy of the root position, its move-ordering tables and its
// iterative deepening. Teams search lives in teams.cpp, FFA search in ffa.cpp, what both share
// (ordering, draws, limits, the principal variation) in worker.cpp. Everything a node needs is
// in here, sized at construction, so a node allocates nothing.
#pragma once

#include <cstdint>

#include "context.h"
#include "fourchess/movegen.h"

namespace fourchess {

constexpr int INFINITE_SCORE = 32000;

// Move-ordering scores: the table's move, king captures, other captures and promotions by
// victim then attacker, killers, the countermove, then quiet moves by history.
constexpr int TABLE_MOVE_ORDER = 1 << 30;
constexpr int KING_CAPTURE_ORDER = 1 << 29;
constexpr int CAPTURE_ORDER = 1 << 24;
constexpr int KILLER_ORDER = 1 << 23;
constexpr int COUNTERMOVE_ORDER = 1 << 22;

class Worker {
public:
    Worker(SearchContext& context, const Position& root, int id);
    // Iterative deepening until a limit or an abort; the main thread (id 0) reports each
    // completed iteration through `on_iteration` and returns its last one.
    SearchReport iterate(const std::function<void(const SearchReport&)>& on_iteration);
    std::uint64_t nodes() const { return nodes_; }

private:
    // --- Teams (teams.cpp): negamax, scores for the side to move's team ---
    int teams(int depth, int alpha, int beta, int ply, bool pv_node, bool null_allowed);
    int teams_quiescence(int alpha, int beta, int ply, int qply);
    // --- FFA (ffa.cpp): scores for the root seat, maximised on its turns, minimised on others' ---
    int ffa(int depth, int alpha, int beta, int ply, bool reply_searched);
    int ffa_quiescence(int alpha, int beta, int ply, int qply);
    int ffa_final(int ply, int bonus_for_active) const;
    Move ffa_default_move(int ply, int count, Move table_move) const;
    bool later_searcher_before_root(Seat mover) const;

    // --- shared (worker.cpp) ---
    // The static evaluation for this search's point of view (Teams: the side to move; FFA: the
    // root seat), through a small cache: quiescence meets the same positions again and again.
    int evaluate();
    int root_search(int depth, int alpha, int beta);
    int search_root_window(int depth, int previous);
    bool out_of_time_or_nodes();
    bool draw_by_history(int ply) const;
    bool move_limit_reached(int ply) const {
        return context_.move_limit > 0 && context_.moves_played + ply >= context_.move_limit;
    }
    // Legal moves into moves_[ply] with ordering scores; returns the count.
    int generate_ordered(int ply, Move table_move, bool captures_only);
    Move pick_next(int ply, int index, int count);
    bool is_capture(Move m) const;
    bool is_tactical(Move m) const { return is_capture(m) || m.promotion() != NO_PIECE_TYPE; }
    // A capture by a piece worth more than its victim, onto a square an opponent can retake on:
    // quiescence leaves these out (a cheap stand-in for a static exchange evaluation).
    bool looks_losing(Move m) const;
    void remember_quiet_cutoff(int ply, Move m, int depth);
    void update_pv(int ply, Move m);
    void push_path(int ply, Move m) {
        played_[ply] = m;
        path_keys_[ply + 1] = pos_.key;
    }
    void pass_turn(Undo& undo);
    // Quiescence for a side that maximises: tries moves_[ply][0..count) in order from
    // `best_score` (its stand-pat, or -infinite in check) and returns the best; `child(alpha)`
    // scores the position after each move for the current alpha. Captures that look losing are
    // skipped unless every move must be tried (in check).
    template <typename Child>
    int maximise_quiescence(int ply, int count, int alpha, int beta, int best_score, bool try_all, Child child) {
        Undo undo;
        for (int i = 0; i < count; ++i) {
            const Move m = pick_next(ply, i, count);
            if (!try_all && looks_losing(m)) continue;
            do_move(pos_, m, undo);
            push_path(ply, m);
            const int score = child(alpha);
            undo_move(pos_, m, undo);
            if (stopped_) return 0;
            if (score > best_score) {
                best_score = score;
                if (score > alpha) {
                    alpha = score;
                    update_pv(ply, m);
                    if (score >= beta) break;
                }
            }
        }
        return best_score;
    }
    std::uint64_t table_key(bool reply_searched) const;
    SearchReport report(int depth, int score) const;

    SearchContext& context_;
    Position pos_;
    int id_;
    std::uint64_t nodes_ = 0;
    std::uint64_t published_nodes_ = 0;
    int seldepth_ = 0;
    int root_depth_ = 0;
    bool stopped_ = false;  // this iteration was cut short: its result is not used

    Move moves_[MAX_PLY][MAX_MOVES];
    int scores_[MAX_PLY][MAX_MOVES];
    Move killers_[MAX_PLY][2] = {};
    Move played_[MAX_PLY + 1] = {};
    std::uint64_t path_keys_[MAX_PLY + 2] = {};
    Move pv_[MAX_PLY][MAX_PLY];
    int pv_length_[MAX_PLY] = {};
    int history_[SEAT_COUNT][GRID_SQUARES][GRID_SQUARES] = {};
    Move countermove_[GRID_SQUARES][GRID_SQUARES] = {};
    struct CachedEval {
        std::uint64_t key = 0;
        int score = 0;
    };
    static constexpr int EVAL_CACHE_BITS = 16;
    CachedEval eval_cache_[1 << EVAL_CACHE_BITS];
};

// Mate scores are stored relative to the node, so a mate found through another path keeps its
// true distance from the root.
inline int score_to_table(int score, int ply) {
    return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}
inline int score_from_table(int score, int ply) {
    return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

}  // namespace fourchess

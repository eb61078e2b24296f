// The Martian Chess CPU player (docs/martian.md): iterative deepening over one minimax that serves
// both player counts. Values are the root seat's (its team's, in the teams option): it maximises
// on its own (and its partner's) turns and every opponent minimises, which for two players is
// alpha-beta and for four the paranoid search. A transposition table keyed by position, scores
// and root seat; quiescence over captures; limits by depth, nodes, time or clocks; stop() from
// any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "fourchess/martian/eval_weights.h"
#include "fourchess/martian/game.h"

namespace fourchess::martian {

constexpr int MAX_SEARCH_DEPTH = 32;
constexpr int MAX_SEARCH_PLY = 64;
constexpr int WIN = 100000;  // a won game's value, less the plies it takes

struct SearchLimits {
    int depth = 0;  // 0: as deep as the other limits allow (MAX_SEARCH_DEPTH)
    std::uint64_t nodes = 0;
    double movetime = 0;                         // seconds for this move (0: none)
    double clock[MAX_SEATS] = {-1, -1, -1, -1};  // seconds left per seat (< 0: no clock)
    double increment[MAX_SEATS] = {};
    bool infinite = false;  // until stop()
};

struct SearchReport {
    Move best{};
    bool has_best = false;  // false only when the game is over
    int score = 0;          // the side to move's value (its team's): points ahead, or +-WIN
    int depth = 0;          // last completed iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    int pv_length = 0;
    Move pv[MAX_SEARCH_PLY] = {};
};

class Searcher {
public:
    explicit Searcher(std::size_t hash_mb = 16);
    SearchReport search(const Game& game, const SearchLimits& limits);
    void stop() { stopped_.store(true, std::memory_order_relaxed); }
    void clear();
    const EvalWeights& weights() const { return weights_; }

private:
    struct Entry {
        std::uint64_t key = 0;
        std::int32_t value = 0;
        std::int8_t depth = -1;
        std::uint8_t bound = 0;  // 1 exact, 2 lower, 3 upper
        Move move{};
    };
    int minimax(Position& pos, int depth, int ply, int alpha, int beta);
    int quiescence(Position& pos, int ply, int qply, int alpha, int beta);
    int evaluate(const Position& pos) const;
    int terminal_value(const Position& pos, Termination t, int ply) const;
    Termination ended(const Position& pos, int ply) const;
    bool maximising(int seat) const;
    bool out_of_time();
    std::uint64_t table_key(const Position& pos) const;
    int order(const Position& pos, Move* moves, int n, Move first) const;

    std::vector<Entry> table_;
    EvalWeights weights_{};
    std::atomic<bool> stopped_{false};
    // the search in progress
    const Game* game_ = nullptr;
    int root_seat_ = 0;
    std::uint64_t nodes_ = 0, node_limit_ = 0;
    double deadline_ = 0;
    std::uint64_t path_[MAX_SEARCH_PLY + 1] = {};
    Move pv_[MAX_SEARCH_PLY][MAX_SEARCH_PLY] = {};
    int pv_length_[MAX_SEARCH_PLY] = {};
};

}  // namespace fourchess::martian

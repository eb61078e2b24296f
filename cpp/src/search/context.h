// One search's shared state: what every search thread reads (limits, the game's history, the
// table) and the flags and counters they share.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "fourchess/search.h"
#include "time_manager.h"
#include "tt.h"

namespace fourchess {

struct SearchContext {
    TranspositionTable& table;
    const std::atomic<bool>& stop_requested;  // the caller's stop()
    std::atomic<bool> abort{false};           // every thread stops now (limits reached, main done)
    std::atomic<std::uint64_t> nodes{0};      // published by the threads every few thousand nodes

    SearchLimits limits;
    TimeBudget budget;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    int max_depth = SearchLimits::DEFAULT_DEPTH;
    int threads = 1;

    Mode mode = Mode::TEAMS;
    FfaAlgorithm ffa_algorithm = FfaAlgorithm::PARANOID;
    Seat root_seat = RED;
    int move_limit = 0;    // 0: none
    int moves_played = 0;  // at the root
    // Keys of the positions before the root since the last pawn move or capture (oldest first):
    // a search path that comes back to one of them repeats the game's history.
    std::vector<std::uint64_t> history_keys;

    SearchContext(TranspositionTable& t, const std::atomic<bool>& stop) : table(t), stop_requested(stop) {}
    double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

}  // namespace fourchess

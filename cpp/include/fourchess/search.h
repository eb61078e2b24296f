// The CPU player: an iterative-deepening search over a game, for both modes. Teams: negamax
// alpha-beta over the two teams (turns alternate teams every ply). FFA: paranoid alpha-beta (the
// default) or best-reply search (BRS+) over the four seats, on points. One Searcher keeps its
// transposition table between searches (the moves of one game); stop() may be called from any
// thread while search() runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

#include "fourchess/game.h"

namespace fourchess {

constexpr int MAX_SEARCH_DEPTH = 64;              // iterations
constexpr int MAX_PLY = 128;                      // plies below the root, quiescence included
constexpr int MATE_SCORE = 30000;                 // a win on the board at the root; MATE_SCORE - n: in n plies
constexpr int MATE_BOUND = MATE_SCORE - MAX_PLY;  // scores beyond this are wins or losses

// What ends a search; zero or negative fields are "no limit". With none at all (and not
// infinite) the search stops at DEFAULT_DEPTH.
struct SearchLimits {
    static constexpr int DEFAULT_DEPTH = 6;
    int depth = 0;
    std::uint64_t nodes = 0;
    double movetime = 0;                          // seconds for this move
    double clock[SEAT_COUNT] = {-1, -1, -1, -1};  // seconds left per seat (< 0: no clock)
    double increment[SEAT_COUNT] = {};            // seconds added per move
    bool infinite = false;                        // until stop()
};

enum class FfaAlgorithm : std::uint8_t { BRS_PLUS, PARANOID };

struct SearchReport {
    Move best = Move::none();  // none only when the side to move has no legal move
    int score = 0;             // side to move's view (Teams: its team; FFA: its seat vs the strongest rival)
    int mate_plies = 0;        // != 0: a forced end in that many plies, > 0 won, < 0 lost
    int depth = 0;             // last completed iteration
    int seldepth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int pv_length = 0;
    Move pv[MAX_PLY] = {};
};

struct SearchContext;  // one search's shared state (search/context.h)
class TranspositionTable;

class Searcher {
public:
    explicit Searcher(std::size_t hash_mb = 64);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Resizes (and clears) the table; the size is clamped to 1..65536 MB.
    void set_hash_mb(std::size_t mb);
    void set_threads(int threads);  // clamped to 1..256
    void set_ffa_algorithm(FfaAlgorithm a) { ffa_algorithm_ = a; }
    int threads() const { return threads_; }
    std::size_t hash_mb() const { return hash_mb_; }
    FfaAlgorithm ffa_algorithm() const { return ffa_algorithm_; }
    // Forgets everything learnt (a new game).
    void clear();

    // Searches the side to move of the game's position. `on_iteration` is called by the calling
    // thread after every completed iteration. Not reentrant: one search at a time per Searcher.
    // A stop() since the last arm() ends it at once, so a caller that starts the search in another
    // thread arms first and cannot lose a stop sent before the search began.
    SearchReport search(const Game& game, const SearchLimits& limits,
                        const std::function<void(const SearchReport&)>& on_iteration = {});
    // Forgets earlier stops: the next search runs to its limits.
    void arm() { stop_requested_.store(false, std::memory_order_relaxed); }
    // Any thread: the running search (if any) returns as soon as it can, with its best move.
    void stop() { stop_requested_.store(true, std::memory_order_relaxed); }

private:
    std::unique_ptr<TranspositionTable> table_;
    std::size_t hash_mb_;
    int threads_ = 1;
    // Paranoid by default: it beat BRS+ at equal time, +63 Elo [+12, +118] in 96 games (docs/engine.md).
    FfaAlgorithm ffa_algorithm_ = FfaAlgorithm::PARANOID;
    std::atomic<bool> stop_requested_{false};
};

}  // namespace fourchess

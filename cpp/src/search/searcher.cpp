// The Searcher: sets up one search (limits, time budget, the game's history), runs the main
// worker in the calling thread and Lazy SMP helpers beside it on the shared table.
#include <algorithm>
#include <thread>
#include <vector>

#include "fourchess/movegen.h"
#include "fourchess/search.h"
#include "worker.h"

namespace fourchess {

Searcher::Searcher(std::size_t hash_mb) { set_hash_mb(hash_mb); }

Searcher::~Searcher() = default;

void Searcher::set_hash_mb(std::size_t mb) {
    hash_mb_ = std::clamp<std::size_t>(mb, 1, 65536);
    table_ = std::make_unique<TranspositionTable>(hash_mb_);
}

void Searcher::set_threads(int threads) { threads_ = std::clamp(threads, 1, 256); }

void Searcher::clear() { table_->clear(); }

SearchReport Searcher::search(const Game& game, const SearchLimits& limits,
                              const std::function<void(const SearchReport&)>& on_iteration) {
    const Position& root = game.position();
    SearchContext context(*table_, stop_requested_);
    context.limits = limits;
    context.budget = budget_for(limits, root.side_to_move);
    context.max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_SEARCH_DEPTH)
                        : (limits.infinite || limits.nodes > 0 || context.budget.limited())
                            ? MAX_SEARCH_DEPTH
                            : SearchLimits::DEFAULT_DEPTH;
    context.threads = threads_;
    context.mode = root.mode;
    context.ffa_algorithm = ffa_algorithm_;
    context.root_seat = root.side_to_move;
    context.move_limit = game.rules().move_limit;
    context.moves_played = game.moves_played();
    const std::vector<std::uint64_t>& keys = game.keys();
    const std::size_t window = std::min<std::size_t>(root.ply_clock, keys.size() > 0 ? keys.size() - 1 : 0);
    context.history_keys.assign(keys.end() - 1 - static_cast<std::ptrdiff_t>(window), keys.end() - 1);
    table_->new_search();

    SearchReport result;
    if (root.game_over()) return result;
    // Heap: a worker holds its move stack and ordering tables (a few MB), too big for a stack.
    std::vector<std::unique_ptr<Worker>> workers;
    for (int id = 0; id < threads_; ++id) workers.push_back(std::make_unique<Worker>(context, root, id));
    std::vector<std::thread> helpers;
    for (int id = 1; id < threads_; ++id) helpers.emplace_back([&, id] { workers[id]->iterate({}); });
    try {
        result = workers[0]->iterate(on_iteration);
    } catch (...) {
        context.abort.store(true);
        for (std::thread& t : helpers) t.join();
        throw;
    }
    context.abort.store(true);
    for (std::thread& t : helpers) t.join();
    result.nodes = 0;
    for (const auto& w : workers) result.nodes += w->nodes();
    result.seconds = context.elapsed();
    return result;
}

}  // namespace fourchess

// Martian Chess perft: a walk of the legal move tree that keeps the keys of its line, so that a
// third occurrence within the tree ends the game there (docs/martian.md §7).
#include "fourchess/martian/perft.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace fourchess::martian {

namespace {

struct Walk {
    const Rules& rules;
    bool bulk;
    std::vector<std::uint64_t> keys;  // keys[0..ply]: the line from the root, sized once

    std::uint64_t count(Position& pos, int depth, int ply) {
        if (depth == 0) return 1;
        const int occurrences = static_cast<int>(std::count(keys.begin(), keys.begin() + ply + 1, pos.key));
        if (pos.empty_zone() || occurrences >= 3 || (rules.move_limit > 0 && ply >= rules.move_limit)) return 0;
        if (bulk && depth == 1) return static_cast<std::uint64_t>(count_moves(pos));
        Move moves[MAX_MOVES];
        const int n = generate(pos, moves);
        std::uint64_t total = 0;
        for (int i = 0; i < n; ++i) {
            Undo undo;
            make_move(pos, moves[i], undo);
            keys[ply + 1] = pos.key;
            total += count(pos, depth - 1, ply + 1);
            unmake_move(pos, moves[i], undo);
        }
        return total;
    }
};

// The count below each root move, the root moves shared out among `threads` workers.
std::vector<std::pair<Move, std::uint64_t>> split(const Position& root, int depth, const Rules& rules, int threads,
                                                  bool bulk, const Move* only = nullptr) {
    std::vector<std::pair<Move, std::uint64_t>> counts;
    if (depth < 1) return counts;
    Position pos = root;
    Walk probe{rules, true, std::vector<std::uint64_t>(depth + 1)};
    probe.keys[0] = root.key;
    // The root's own ending: a finished position has no moves to divide.
    if (probe.count(pos, 1, 0) == 0) return counts;
    Move moves[MAX_MOVES];
    int n = generate(root, moves);
    if (only != nullptr)
        n = static_cast<int>(std::remove_if(moves, moves + n, [&](Move m) { return !(m == *only); }) - moves);
    for (int i = 0; i < n; ++i) counts.emplace_back(moves[i], 0);
    std::atomic<int> next{0};
    auto worker = [&] {
        Walk walk{rules, bulk, std::vector<std::uint64_t>(depth + 1)};
        walk.keys[0] = root.key;
        Position mine = root;
        for (int i; (i = next.fetch_add(1)) < n;) {
            Undo undo;
            make_move(mine, moves[i], undo);
            walk.keys[1] = mine.key;
            counts[i].second = walk.count(mine, depth - 1, 1);
            unmake_move(mine, moves[i], undo);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::min(threads, n); ++t) pool.emplace_back(worker);
    worker();
    for (auto& thread : pool) thread.join();
    return counts;
}

}  // namespace

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, int depth, const Rules& rules, int threads,
                                                   const Move* only) {
    return split(root, depth, rules, threads, true, only);
}

std::uint64_t perft(const Position& root, int depth, const Rules& rules, bool bulk, int threads) {
    if (threads <= 1 || depth <= 1) {
        Position pos = root;
        Walk walk{rules, bulk, std::vector<std::uint64_t>(std::max(depth, 0) + 1)};
        walk.keys[0] = root.key;
        return walk.count(pos, depth, 0);
    }
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : split(root, depth, rules, threads, bulk)) total += nodes;
    return total;
}

}  // namespace fourchess::martian

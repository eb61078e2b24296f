#include "fourchess/perft.h"

#include <atomic>
#include <thread>

#include "fourchess/movegen.h"
#include "fourchess/rules.h"

namespace fourchess {

namespace {

// Out of line on purpose: bulk counting unmakes only interior nodes, and there the inlined
// unmake measured 3 % slower (it crowds the loop around count_legal).
[[gnu::noinline]] void unmake_interior(Position& pos, Move m, const Undo& undo) { undo_move(pos, m, undo); }

template <bool Bulk>
std::uint64_t count(Position& pos, int depth) {
    if (Bulk && depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
    MoveList list;
    generate_legal(pos, list);
    std::uint64_t nodes = 0;
    // One Undo for all the moves: do_move writes every field undo_move reads, so constructing
    // (and default-initialising) a fresh one per move would be wasted stores at every leaf.
    Undo undo;
    for (Move m : list) {
        if (!Bulk && depth == 1) {
            do_move(pos, m, undo);
            undo_move(pos, m, undo);
            ++nodes;
            continue;
        }
        do_move(pos, m, undo);
        nodes += count<Bulk>(pos, depth - 1);
        if constexpr (Bulk)
            unmake_interior(pos, m, undo);
        else
            undo_move(pos, m, undo);
    }
    return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) { return depth <= 0 ? 1 : count<true>(pos, depth); }

std::uint64_t perft_full(Position& pos, int depth) { return depth <= 0 ? 1 : count<false>(pos, depth); }

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, int depth, Move only) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    Position pos = root;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        if (only && !(m == only)) continue;
        Undo undo;
        do_move(pos, m, undo);
        result.emplace_back(m, perft(pos, depth - 1));
        undo_move(pos, m, undo);
    }
    return result;
}

namespace {

// Perft of `depth` per root move, across `threads` workers. Work items are root moves, or (root
// move, reply) pairs when the tree is deep enough: twenty root moves of very unequal size leave
// one thread idle at the end, four hundred pairs do not. Needs depth >= 2 and threads >= 2.
std::vector<std::pair<Move, std::uint64_t>> split_counts(const Position& root, int depth, int threads, bool bulk,
                                                         Move only = Move::none()) {
    const int split = depth >= 3 ? 2 : 1;
    MoveList first;
    struct Item {
        int root;
        Move reply;
    };
    std::vector<Item> work;
    {
        Position pos = root;
        generate_legal(pos, first);
        if (only) {  // keep that root move alone
            int kept = 0;
            for (int i = 0; i < first.size; ++i)
                if (first.moves[i] == only) first.moves[kept++] = first.moves[i];
            first.size = kept;
        }
        for (int i = 0; i < first.size; ++i) {
            if (split == 1) {
                work.push_back({i, Move::none()});
                continue;
            }
            Undo undo;
            do_move(pos, first.moves[i], undo);
            MoveList replies;
            generate_legal(pos, replies);
            for (Move r : replies) work.push_back({i, r});
            undo_move(pos, first.moves[i], undo);
        }
    }
    std::vector<std::atomic<std::uint64_t>> counts(static_cast<std::size_t>(first.size));
    for (auto& c : counts) c.store(0, std::memory_order_relaxed);
    // On its own cache line: the workers touch it once per item, never the same line as anything
    // they use per node.
    alignas(64) std::atomic<std::size_t> next{0};
    auto worker = [&] {
        Position pos = root;  // each worker owns its copy
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < work.size();) {
            const Move m = first.moves[work[i].root], reply = work[i].reply;
            Undo undo, reply_undo;
            do_move(pos, m, undo);
            if (reply) do_move(pos, reply, reply_undo);
            const std::uint64_t nodes = bulk ? perft(pos, depth - split) : perft_full(pos, depth - split);
            if (reply) undo_move(pos, reply, reply_undo);
            undo_move(pos, m, undo);
            counts[static_cast<std::size_t>(work[i].root)].fetch_add(nodes, std::memory_order_relaxed);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (int i = 0; i < first.size; ++i)
        result.emplace_back(first.moves[i], counts[static_cast<std::size_t>(i)].load());
    return result;
}

}  // namespace

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, int depth, int threads, Move only) {
    if (depth <= 1 || threads <= 1) return divide(root, depth, only);
    return split_counts(root, depth, threads, true, only);
}

std::uint64_t perft_threaded(const Position& root, int depth, int threads, bool bulk) {
    if (depth <= 1 || threads <= 1) {
        Position pos = root;
        return bulk ? perft(pos, depth) : perft_full(pos, depth);
    }
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : split_counts(root, depth, threads, bulk)) total += nodes;
    return total;
}

}  // namespace fourchess

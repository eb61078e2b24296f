#include "fourchess/perft.h"

#include <atomic>
#include <thread>

#include "fourchess/movegen.h"
#include "fourchess/rules.h"

namespace fourchess {

namespace {

template <bool Bulk>
std::uint64_t count(Position& pos, int depth) {
    if (Bulk && depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
    MoveList list;
    generate_legal(pos, list);
    std::uint64_t nodes = 0;
    for (Move m : list) {
        if (!Bulk && depth == 1) {
            Undo undo;
            do_move(pos, m, undo);
            undo_move(pos, m, undo);
            ++nodes;
            continue;
        }
        Undo undo;
        do_move(pos, m, undo);
        nodes += count<Bulk>(pos, depth - 1);
        undo_move(pos, m, undo);
    }
    return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) { return depth <= 0 ? 1 : count<true>(pos, depth); }

std::uint64_t perft_full(Position& pos, int depth) { return depth <= 0 ? 1 : count<false>(pos, depth); }

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    Position pos = root;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        Undo undo;
        do_move(pos, m, undo);
        result.emplace_back(m, perft(pos, depth - 1));
        undo_move(pos, m, undo);
    }
    return result;
}

std::uint64_t perft_threaded(const Position& root, int depth, int threads, bool bulk) {
    if (depth <= 1 || threads <= 1) {
        Position pos = root;
        return bulk ? perft(pos, depth) : perft_full(pos, depth);
    }
    MoveList list;
    generate_legal(root, list);
    std::atomic<int> next{0};
    std::atomic<std::uint64_t> total{0};
    auto worker = [&] {
        Position pos = root;  // each worker owns its copy
        for (int i; (i = next.fetch_add(1)) < list.size;) {
            Undo undo;
            do_move(pos, list.moves[i], undo);
            total += bulk ? perft(pos, depth - 1) : perft_full(pos, depth - 1);
            undo_move(pos, list.moves[i], undo);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    return total;
}

}  // namespace fourchess

// Perft (docs/rules.md §9): leaf count of the legal move tree, for checking the generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "fourchess/position.h"

namespace fourchess {

// Bulk counting: the last ply counts generated moves without playing them.
std::uint64_t perft(Position& pos, int depth);
// Plays every leaf move too (the make/unmake cost a search pays); same count.
std::uint64_t perft_full(Position& pos, int depth);

// Per root move counts, in generation order; with threads > 1 the work is split as perft_threaded
// splits it (same counts). `only`, when not none, limits the answer to that root move (nothing
// when it is not legal), so that a caller can report each root move as it is counted.
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth, Move only = Move::none());
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth, int threads,
                                                   Move only = Move::none());

// Splits the root moves across `threads` workers; same count as perft. With bulk false every
// leaf move is made and unmade (perft_full's count).
std::uint64_t perft_threaded(const Position& pos, int depth, int threads, bool bulk = true);

}  // namespace fourchess

// Martian Chess perft (docs/martian.md §7): move sequences counted from a position as if it had no
// history; the game's end, a repetition within the tree included, stops a line.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "fourchess/martian/game.h"

namespace fourchess::martian {

// `bulk`: the last ply counts moves without playing them; otherwise every leaf move is made and
// unmade too (the cost a search pays). `threads` > 1 splits the root moves across workers.
std::uint64_t perft(const Position& root, int depth, const Rules& rules, bool bulk = true, int threads = 1);

// The count below each root move, in generation order. `only`, when given, limits the answer to
// that root move (nothing when it is not legal): the same walk, reported one root move at a time.
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, int depth, const Rules& rules, int threads = 1,
                                                   const Move* only = nullptr);

}  // namespace fourchess::martian

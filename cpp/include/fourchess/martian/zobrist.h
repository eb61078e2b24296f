// Zobrist keys of Martian Chess positions from a fixed seed: what repetition compares
// (docs/martian.md §4): the pieces, the seat to move and the no-rejection entry.
#pragma once

#include <cstdint>

#include "fourchess/martian/board.h"

namespace fourchess::martian {

struct ZobristKeys {
    std::uint64_t piece[KINDS][64] = {};
    std::uint64_t turn[MAX_SEATS] = {};
    std::uint64_t reject_from[64] = {}, reject_to[64] = {};
};

constexpr ZobristKeys build_zobrist() {
    ZobristKeys k{};
    std::uint64_t state = 0x4D41525449414E31ull;  // "MARTIAN1"
    auto next = [&state] {                        // splitmix64
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    for (auto& row : k.piece)
        for (auto& v : row) v = next();
    for (auto& v : k.turn) v = next();
    for (auto& v : k.reject_from) v = next();
    for (auto& v : k.reject_to) v = next();
    return k;
}

inline constexpr ZobristKeys ZOBRIST = build_zobrist();

}  // namespace fourchess::martian

// Mask256: a set of squares as four 64-bit words (bit i = square index i).
#pragma once

#include <cstdint>

#include "fourchess/types.h"

namespace fourchess {

struct Mask256 {
    std::uint64_t w[4] = {0, 0, 0, 0};

    static constexpr Mask256 of(Square s) {
        Mask256 m;
        m.set(s);
        return m;
    }

    constexpr bool test(Square s) const { return (w[s >> 6] >> (s & 63)) & 1; }
    constexpr void set(Square s) { w[s >> 6] |= std::uint64_t{1} << (s & 63); }
    constexpr void clear(Square s) { w[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }
    constexpr bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
    constexpr bool none() const { return !any(); }
    int popcount() const {
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
               __builtin_popcountll(w[3]);
    }
    // popcount() for hot loops: baseline x86-64 has no popcount instruction, so the builtin is
    // a library call per word; this counts inline (bit-slicing), adding the four words' byte
    // counts (at most 32 per byte) before the one multiply that sums the bytes.
    int count() const {
        std::uint64_t bytes = 0;
        for (std::uint64_t x : w) {
            x -= (x >> 1) & 0x5555555555555555ULL;
            x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
            bytes += (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        }
        return static_cast<int>((bytes * 0x0101010101010101ULL) >> 56);
    }
    // Lowest set square; the mask must not be empty.
    Square lsb() const {
        for (int i = 0; i < 3; ++i)
            if (w[i]) return static_cast<Square>(i * 64 + __builtin_ctzll(w[i]));
        return static_cast<Square>(192 + __builtin_ctzll(w[3]));
    }
    // Highest set square; the mask must not be empty.
    Square msb() const {
        for (int i = 3; i > 0; --i)
            if (w[i]) return static_cast<Square>(i * 64 + 63 - __builtin_clzll(w[i]));
        return static_cast<Square>(63 - __builtin_clzll(w[0]));
    }
    Square pop_lsb() {
        Square s = lsb();
        clear(s);
        return s;
    }

    constexpr Mask256 operator&(const Mask256& o) const {
        return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2], w[3] & o.w[3]}};
    }
    constexpr Mask256 operator|(const Mask256& o) const {
        return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2], w[3] | o.w[3]}};
    }
    constexpr Mask256 operator^(const Mask256& o) const {
        return {{w[0] ^ o.w[0], w[1] ^ o.w[1], w[2] ^ o.w[2], w[3] ^ o.w[3]}};
    }
    constexpr Mask256 operator~() const { return {{~w[0], ~w[1], ~w[2], ~w[3]}}; }
    constexpr Mask256& operator&=(const Mask256& o) { return *this = *this & o; }
    constexpr Mask256& operator|=(const Mask256& o) { return *this = *this | o; }
    constexpr Mask256& operator^=(const Mask256& o) { return *this = *this ^ o; }
    constexpr bool operator==(const Mask256& o) const {
        return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
    }
    constexpr bool operator!=(const Mask256& o) const { return !(*this == o); }

    // Range-for over the set squares, lowest first.
    struct Iterator;
    Iterator begin() const;
    Iterator end() const;
};

struct Mask256::Iterator {
    Mask256 rest;
    Square operator*() const { return rest.lsb(); }
    Iterator& operator++() {
        rest.pop_lsb();
        return *this;
    }
    bool operator!=(const Iterator&) const { return rest.any(); }
};
inline Mask256::Iterator Mask256::begin() const { return {*this}; }
inline Mask256::Iterator Mask256::end() const { return {Mask256{}}; }

// Calls f(square) for every set square, lowest first. Word by word with ctz, so it is the
// cheapest way to visit a mask (the Iterator above re-scans the words for every square).
template <typename F>
inline void for_each_square(const Mask256& m, F&& f) {
    for (int i = 0; i < 4; ++i)
        for (std::uint64_t bits = m.w[i]; bits; bits &= bits - 1)
            f(static_cast<Square>(i * 64 + __builtin_ctzll(bits)));
}

}  // namespace fourchess

// Zobrist keys from a fixed seed, so a position's key is the same in every build and version.
// The key covers what threefold repetition compares (docs/rules.md §8): placement (dead pieces
// included), side to move, castling rights, en-passant entries, eliminated seats and walking kings.
#pragma once

#include <cstdint>

#include "fourchess/types.h"

namespace fourchess {

struct ZobristKeys {
    std::uint64_t piece[PIECE_HASH_KINDS][GRID_SQUARES] = {};
    std::uint64_t side[SEAT_COUNT] = {};
    std::uint64_t castling[256] = {};
    std::uint64_t en_passant[SEAT_COUNT][GRID_SQUARES] = {};  // by pushing seat and skipped square
    std::uint64_t eliminated[SEAT_COUNT] = {};
    std::uint64_t walking[SEAT_COUNT] = {};
};

namespace detail {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

constexpr ZobristKeys build_zobrist() {
    ZobristKeys k{};
    std::uint64_t state = 0x4643484553533450ull;  // "FCHESS4P": changing it changes every key
    for (auto& row : k.piece)
        for (auto& v : row) v = splitmix64(state);
    for (auto& v : k.side) v = splitmix64(state);
    // Castling keys are the XOR of one key per right bit, so each bit toggles independently.
    std::uint64_t bit_keys[8] = {};
    for (auto& v : bit_keys) v = splitmix64(state);
    for (int rights = 0; rights < 256; ++rights)
        for (int b = 0; b < 8; ++b)
            if (rights & (1 << b)) k.castling[rights] ^= bit_keys[b];
    for (auto& row : k.en_passant)
        for (auto& v : row) v = splitmix64(state);
    for (auto& v : k.eliminated) v = splitmix64(state);
    for (auto& v : k.walking) v = splitmix64(state);
    return k;
}

}  // namespace detail

inline constexpr ZobristKeys ZOBRIST = detail::build_zobrist();

// Piece::hash_index() by piece byte: one load instead of its arithmetic on every key update.
struct PieceHashIndex {
    std::uint8_t of[128] = {};
};
namespace detail {
constexpr PieceHashIndex build_piece_hash_index() {
    PieceHashIndex t{};
    for (int bits = 0; bits < 128; ++bits) {
        const Piece p = Piece::from_bits(static_cast<std::uint8_t>(bits));
        if (p.type() != NO_PIECE_TYPE && p.type() < PIECE_TYPE_COUNT)
            t.of[bits] = static_cast<std::uint8_t>(p.hash_index());
    }
    return t;
}
}  // namespace detail
inline constexpr PieceHashIndex PIECE_HASH_INDEX = detail::build_piece_hash_index();

}  // namespace fourchess

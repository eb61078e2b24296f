// The transposition table: what earlier searches learnt about a position (keyed by its Zobrist
// key), shared by every search thread without locks. Each entry is two relaxed atomic words, the
// key stored XORed with the data: a torn write (two threads at once) then fails the key test and
// reads as a miss, never as another position's move.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "fourchess/types.h"

namespace fourchess {

enum class Bound : std::uint8_t { NONE, UPPER, LOWER, EXACT };

struct TableHit {
    Move move = Move::none();
    int score = 0;
    int depth = -1;
    Bound bound = Bound::NONE;
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t megabytes);
    void clear();
    // A new search: entries of earlier ones lose their claim to stay.
    void new_search() { age_ = static_cast<std::uint8_t>((age_ + 1) & AGE_MASK); }
    bool probe(std::uint64_t key, TableHit& hit) const;
    void store(std::uint64_t key, Move move, int score, int depth, Bound bound);
    // Per mille of a sample of entries written by the current search (UCI hashfull).
    int permille_used() const;

private:
    static constexpr int WAYS = 4;  // entries per bucket: one 64-byte cache line
    static constexpr std::uint8_t AGE_MASK = 63;
    struct Entry {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[WAYS];
    };
    static std::uint64_t pack(Move move, int score, int depth, Bound bound, std::uint8_t age);
    Bucket& bucket_of(std::uint64_t key) const {
        return buckets_[(static_cast<unsigned __int128>(key) * count_) >> 64];
    }

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t count_ = 0;
    std::uint8_t age_ = 0;
};

}  // namespace fourchess

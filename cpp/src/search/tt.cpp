#include "tt.h"

#include <algorithm>

namespace fourchess {

namespace {

// Data word: bits 0-23 move, 24-39 score (offset), 40-47 depth + 1, 48-49 bound, 50-55 age.
constexpr int SCORE_SHIFT = 24, DEPTH_SHIFT = 40, BOUND_SHIFT = 48, AGE_SHIFT = 50;
constexpr int SCORE_OFFSET = 32768;

int depth_of(std::uint64_t data) { return static_cast<int>((data >> DEPTH_SHIFT) & 0xFF) - 1; }
std::uint8_t age_of(std::uint64_t data) { return static_cast<std::uint8_t>((data >> AGE_SHIFT) & 63); }

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t bytes = std::max<std::size_t>(1, megabytes) << 20;
    count_ = std::max<std::size_t>(1, bytes / sizeof(Bucket));
    buckets_.reset(new Bucket[count_]);
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < count_; ++i)
        for (Entry& e : buckets_[i].entries) {
            e.check.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    age_ = 0;
}

std::uint64_t TranspositionTable::pack(Move move, int score, int depth, Bound bound, std::uint8_t age) {
    return (static_cast<std::uint64_t>(move.bits()) & 0xFFFFFF) |
           (static_cast<std::uint64_t>(score + SCORE_OFFSET) << SCORE_SHIFT) |
           (static_cast<std::uint64_t>(std::clamp(depth + 1, 0, 255)) << DEPTH_SHIFT) |
           (static_cast<std::uint64_t>(bound) << BOUND_SHIFT) | (static_cast<std::uint64_t>(age) << AGE_SHIFT);
}

bool TranspositionTable::probe(std::uint64_t key, TableHit& hit) const {
    const Bucket& b = bucket_of(key);
    for (const Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
        hit.move = Move::from_bits(static_cast<std::uint32_t>(data & 0xFFFFFF));
        hit.score = static_cast<int>((data >> SCORE_SHIFT) & 0xFFFF) - SCORE_OFFSET;
        hit.depth = depth_of(data);
        hit.bound = static_cast<Bound>((data >> BOUND_SHIFT) & 3);
        return true;
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, Move move, int score, int depth, Bound bound) {
    Bucket& b = bucket_of(key);
    // The same position's entry, else the one least worth keeping: shallow, or from an old search.
    Entry* victim = &b.entries[0];
    int victim_worth = 1 << 30;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.check.load(std::memory_order_relaxed) ^ data) == key) {
            // Keep the old best move when this result has none (an upper bound, say).
            if (!move) move = Move::from_bits(static_cast<std::uint32_t>(data & 0xFFFFFF));
            if (bound != Bound::EXACT && depth + 2 < depth_of(data) && age_of(data) == age_) return;
            victim = &e;
            break;
        }
        const int staleness = (age_ - age_of(data)) & AGE_MASK;
        const int worth = data == 0 ? -1000 : depth_of(data) - 8 * staleness;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &e;
        }
    }
    const std::uint64_t data = pack(move, score, depth, bound, age_);
    victim->data.store(data, std::memory_order_relaxed);
    victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::permille_used() const {
    const std::size_t sample = std::min<std::size_t>(count_, 250);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const Entry& e : buckets_[i].entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            used += data != 0 && age_of(data) == age_;
        }
    return static_cast<int>(used * 1000 / (sample * WAYS));
}

}  // namespace fourchess

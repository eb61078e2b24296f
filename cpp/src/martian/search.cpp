// The Martian Chess search (search.h): one minimax from the root seat's view for two and four
// players, with a transposition table, captures-only quiescence and iterative deepening.
#include "fourchess/martian/search.h"

#include <algorithm>
#include <chrono>

namespace fourchess::martian {

namespace {

constexpr int INF = 1 << 30;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

bool is_capture(const Position& pos, Move m) {
    return pos.kind_at(m.to) != NONE && zone_owner(pos.players, m.to) != pos.turn;
}

}  // namespace

Searcher::Searcher(std::size_t hash_mb) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(Entry) <= std::max<std::size_t>(hash_mb, 1) << 20) entries *= 2;
    table_.resize(entries);
}

void Searcher::clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

bool Searcher::maximising(int seat) const {
    const bool teams = game_->rules().teams && game_->position().players == 4;
    return teams ? seat % 2 == root_seat_ % 2 : seat == root_seat_;
}

std::uint64_t Searcher::table_key(const Position& pos) const {
    std::uint64_t k = pos.key ^ mix(0x5EA7ull + static_cast<std::uint64_t>(root_seat_));
    for (int seat = 0; seat < pos.players; ++seat) k ^= mix((std::uint64_t{pos.scores[seat]} << 2) | seat);
    return k;
}

bool Searcher::out_of_time() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if ((node_limit_ && nodes_ >= node_limit_) || (deadline_ > 0 && now() >= deadline_)) {
        stopped_.store(true, std::memory_order_relaxed);
        return true;
    }
    return false;
}

Termination Searcher::ended(const Position& pos, int ply) const {
    if (pos.empty_zone()) return Termination::EMPTY_ZONE;
    int seen = 0;
    for (std::uint64_t k : game_->keys()) seen += k == pos.key;
    for (int i = 1; i <= ply; ++i) seen += path_[i] == pos.key;
    if (seen >= 3) return Termination::REPETITION;
    const int limit = game_->rules().move_limit;
    if (limit > 0 && game_->moves_made() + ply >= limit) return Termination::MOVE_LIMIT;
    return Termination::NONE;
}

int Searcher::terminal_value(const Position& pos, Termination t, int ply) const {
    const Outcome o = ranking(pos, t, (pos.turn + pos.players - 1) % pos.players, game_->rules());
    const bool teams = game_->rules().teams && pos.players == 4;
    const int units = teams ? 2 : pos.players;
    const int win = WIN - ply;
    // first place is +win, last -win, the places between evenly spaced
    return win - (o.places[root_seat_] - 1) * 2 * win / (units - 1);
}

int Searcher::evaluate(const Position& pos) const {
    const bool teams = game_->rules().teams && pos.players == 4;
    const int units = teams ? 2 : pos.players;
    std::int64_t points[MAX_SEATS] = {}, material[MAX_SEATS] = {};
    for (int seat = 0; seat < pos.players; ++seat) {
        const int u = teams ? seat % 2 : seat;
        points[u] += pos.scores[seat];
        const Mask zone = zone_mask(pos.players, seat);
        for (int k = 0; k < KINDS; ++k) material[u] += (k + 1) * count(pos.kinds[k] & zone);
    }
    // against the rivals' mean: with one rival (two players, or teams) that is the rival; with three,
    // every rival counts, as each is a place to finish ahead of
    const int mine = teams ? root_seat_ % 2 : root_seat_;
    const int rivals = units - 1;
    std::int64_t rival_points = 0, rival_material = 0;
    for (int u = 0; u < units; ++u)
        if (u != mine) rival_points += points[u], rival_material += material[u];
    std::int64_t value = (weights_.point * (rivals * points[mine] - rival_points) +
                          weights_.controlled * (rivals * material[mine] - rival_material)) /
                         rivals;
    const int mobility = weights_.mobility * count_moves(pos);
    value += maximising(pos.turn) ? mobility : -mobility;
    return static_cast<int>(std::clamp<std::int64_t>(value, -WIN / 2, WIN / 2));
}

int Searcher::order(const Position& pos, Move* moves, int n, Move first) const {
    // the table's move first, then captures by the captured piece's value, then the rest
    auto rank = [&](Move m) {
        if (m == first) return 1000;
        return is_capture(pos, m) ? 100 + pos.kind_at(m.to) * 10 - pos.kind_at(m.from) : 0;
    };
    std::stable_sort(moves, moves + n, [&](Move a, Move b) { return rank(a) > rank(b); });
    return n;
}

int Searcher::quiescence(Position& pos, int ply, int qply, int alpha, int beta) {
    ++nodes_;
    if ((nodes_ & 1023) == 0 && out_of_time()) return 0;
    if (pos.empty_zone()) return terminal_value(pos, Termination::EMPTY_ZONE, ply);
    const bool max = maximising(pos.turn);
    const int stand = evaluate(pos);
    if (max ? stand >= beta : stand <= alpha) return stand;
    if (max)
        alpha = std::max(alpha, stand);
    else
        beta = std::min(beta, stand);
    if (qply >= 6 || ply >= MAX_SEARCH_PLY - 1) return stand;
    Move moves[MAX_MOVES];
    int n = generate(pos, moves);
    if (n == 0) return terminal_value(pos, Termination::NO_LEGAL_MOVE, ply);
    n = static_cast<int>(std::remove_if(moves, moves + n, [&](Move m) { return !is_capture(pos, m); }) - moves);
    order(pos, moves, n, Move{0, 0});
    int best = stand;
    for (int i = 0; i < n; ++i) {
        Undo undo;
        make_move(pos, moves[i], undo);
        const int v = quiescence(pos, ply + 1, qply + 1, alpha, beta);
        unmake_move(pos, moves[i], undo);
        if (stopped_.load(std::memory_order_relaxed)) return 0;
        if (max ? v > best : v < best) best = v;
        if (max)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        if (alpha >= beta) break;
    }
    return best;
}

int Searcher::minimax(Position& pos, int depth, int ply, int alpha, int beta) {
    pv_length_[ply] = ply;
    ++nodes_;
    if ((nodes_ & 1023) == 0 && out_of_time()) return 0;
    if (ply > 0) {
        const Termination t = ended(pos, ply);
        if (t != Termination::NONE) return terminal_value(pos, t, ply);
    }
    if (depth <= 0 || ply >= MAX_SEARCH_PLY - 1) return quiescence(pos, ply, 0, alpha, beta);
    const std::uint64_t key = table_key(pos);
    Entry& entry = table_[key & (table_.size() - 1)];
    Move first{0, 0};
    if (entry.key == key) {
        first = entry.move;
        if (ply > 0 && entry.depth >= depth) {
            if (entry.bound == 1) return entry.value;
            if (entry.bound == 2 && entry.value >= beta) return entry.value;
            if (entry.bound == 3 && entry.value <= alpha) return entry.value;
        }
    }
    Move moves[MAX_MOVES];
    const int n = generate(pos, moves);
    if (n == 0) return terminal_value(pos, Termination::NO_LEGAL_MOVE, ply);
    order(pos, moves, n, first);
    const bool max = maximising(pos.turn);
    const int alpha0 = alpha, beta0 = beta;
    int best = max ? -INF : INF;
    Move best_move = moves[0];
    for (int i = 0; i < n; ++i) {
        Undo undo;
        make_move(pos, moves[i], undo);
        path_[ply + 1] = pos.key;
        const int v = minimax(pos, depth - 1, ply + 1, alpha, beta);
        unmake_move(pos, moves[i], undo);
        if (stopped_.load(std::memory_order_relaxed)) return 0;
        if (max ? v > best : v < best) {
            best = v;
            best_move = moves[i];
            pv_[ply][ply] = moves[i];
            for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
            pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        }
        if (max)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        if (alpha >= beta) break;
    }
    entry.key = key;
    entry.value = best;
    entry.depth = static_cast<std::int8_t>(depth);
    entry.bound = best <= alpha0 ? 3 : best >= beta0 ? 2 : 1;
    entry.move = best_move;
    return best;
}

SearchReport Searcher::search(const Game& game, const SearchLimits& limits) {
    const double start = now();
    SearchReport report;
    stopped_.store(false, std::memory_order_relaxed);
    game_ = &game;
    Position pos = game.position();
    root_seat_ = pos.turn;
    nodes_ = 0;
    node_limit_ = limits.nodes;
    deadline_ = 0;
    if (limits.movetime > 0) {
        deadline_ = start + limits.movetime;
    } else if (!limits.infinite && limits.clock[pos.turn] >= 0) {
        const double left = limits.clock[pos.turn], inc = limits.increment[pos.turn];
        deadline_ = start + std::min(left / 25 + inc * 0.8, left * 0.5);
    }
    const bool bounded = limits.depth > 0 || limits.nodes > 0 || deadline_ > 0 || limits.infinite;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_SEARCH_DEPTH) : bounded ? MAX_SEARCH_DEPTH : 6;
    Move moves[MAX_MOVES];
    const int n = game.legal_moves(moves);
    if (n == 0) {
        report.seconds = now() - start;
        return report;
    }
    report.best = moves[0];  // whatever happens, a legal move
    report.has_best = true;
    path_[0] = pos.key;
    for (int depth = 1; depth <= max_depth; ++depth) {
        const int value = minimax(pos, depth, 0, -INF, INF);
        if (stopped_.load(std::memory_order_relaxed) && depth > 1) break;
        if (pv_length_[0] > 0) {
            report.best = pv_[0][0];
            report.score = value;
            report.depth = depth;
            report.pv_length = pv_length_[0];
            std::copy(pv_[0], pv_[0] + pv_length_[0], report.pv);
        }
        if (stopped_.load(std::memory_order_relaxed)) break;
        if (value >= WIN - MAX_SEARCH_PLY || value <= -(WIN - MAX_SEARCH_PLY)) break;  // the end is in sight
    }
    report.nodes = nodes_;
    report.seconds = now() - start;
    game_ = nullptr;
    return report;
}

}  // namespace fourchess::martian

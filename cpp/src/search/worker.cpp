#include "worker.h"

#include <algorithm>
#include <thread>

#include "fourchess/attacks.h"
#include "fourchess/rules.h"
#include "fourchess/search/eval.h"
#include "fourchess/search/eval_weights.h"

namespace fourchess {

namespace {

// Fixed random words that set apart table entries whose scores mean different things: FFA
// scores belong to the root seat they were searched for, and a BRS+ opponent node's value
// depends on whether one opponent has already replied with a full search.
constexpr std::uint64_t ROOT_SEAT_KEY[SEAT_COUNT] = {0x8F1BBCDCCA62C1D6ull, 0x3A5F0C2D9E7B4A11ull,
                                                     0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull};
constexpr std::uint64_t REPLY_SEARCHED_KEY = 0x27D4EB2F165667C5ull;
constexpr std::uint64_t PARANOID_KEY = 0x9E3779B97F4A7C15ull;

constexpr int HISTORY_LIMIT = 1 << 20;

constexpr int NODES_BETWEEN_CHECKS = 1024;

}  // namespace

Worker::Worker(SearchContext& context, const Position& root, int id) : context_(context), pos_(root), id_(id) {
    path_keys_[0] = pos_.key;
}

int Worker::evaluate() {
    const std::uint64_t key = table_key(false);
    CachedEval& slot = eval_cache_[key >> (64 - EVAL_CACHE_BITS)];
    if (slot.key == key) return slot.score;
    slot.key = key;
    slot.score = context_.mode == Mode::TEAMS ? evaluate_teams(pos_) : evaluate_ffa(pos_, context_.root_seat);
    return slot.score;
}

bool Worker::is_capture(Move m) const { return m.kind() == MoveKind::EN_PASSANT || pos_.board[m.to()].is_live(); }

bool Worker::looks_losing(Move m) const {
    const Piece victim = pos_.board[m.to()];
    if (m.promotion() != NO_PIECE_TYPE || (victim.is_live() && victim.type() == KING)) return false;
    const int gain = m.kind() == MoveKind::EN_PASSANT ? weights_for(context_.mode).piece_value[PAWN]
                                                      : piece_value(victim, context_.mode);
    if (piece_value(pos_.board[m.from()], context_.mode) <= gain) return false;
    return is_attacked(pos_, m.to(), pos_.opponent_seats(pos_.side_to_move));
}

void Worker::pass_turn(Undo& undo) {
    pos_.save_state(undo);
    pos_.set_side_to_move(pos_.mode == Mode::TEAMS ? next_seat(pos_.side_to_move)
                                                   : next_seat_taking_turns(pos_, pos_.side_to_move));
}

std::uint64_t Worker::table_key(bool reply_searched) const {
    if (context_.mode == Mode::TEAMS) return pos_.key;
    std::uint64_t key = pos_.key ^ ROOT_SEAT_KEY[context_.root_seat];
    if (reply_searched) key ^= REPLY_SEARCHED_KEY;
    if (context_.ffa_algorithm == FfaAlgorithm::PARANOID) key ^= PARANOID_KEY;
    return key;
}

bool Worker::out_of_time_or_nodes() {
    if (stopped_) return true;
    const std::uint64_t limit = context_.limits.nodes;
    if (limit > 0 && id_ == 0 && context_.threads == 1 && nodes_ >= limit) {
        context_.abort.store(true, std::memory_order_relaxed);
        return stopped_ = true;
    }
    if (nodes_ - published_nodes_ < NODES_BETWEEN_CHECKS) return false;
    context_.nodes.fetch_add(nodes_ - published_nodes_, std::memory_order_relaxed);
    published_nodes_ = nodes_;
    if (context_.abort.load(std::memory_order_relaxed) || context_.stop_requested.load(std::memory_order_relaxed))
        return stopped_ = true;
    if (id_ != 0) return false;
    if ((context_.budget.limited() && context_.elapsed() >= context_.budget.hard) ||
        (limit > 0 && context_.nodes.load(std::memory_order_relaxed) >= limit)) {
        context_.abort.store(true, std::memory_order_relaxed);
        return stopped_ = true;
    }
    return false;
}

bool Worker::draw_by_history(int ply) const {
    if (pos_.ply_clock >= 50 * pos_.seats_taking_turns()) return true;
    // Only positions since the last pawn move or capture can come back.
    int window = pos_.ply_clock;
    const std::uint64_t key = pos_.key;
    for (int i = ply - 1; i >= 0 && window > 0; --i, --window)
        if (path_keys_[i] == key) return true;
    const auto& before = context_.history_keys;
    for (auto it = before.rbegin(); it != before.rend() && window > 0; ++it, --window)
        if (*it == key) return true;
    return false;
}

int Worker::generate_ordered(int ply, Move table_move, bool captures_only) {
    Move* list = moves_[ply];
    int count = static_cast<int>(generate_legal(pos_, list) - list);
    if (captures_only) {
        int kept = 0;
        for (int i = 0; i < count; ++i)
            if (is_tactical(list[i])) list[kept++] = list[i];
        count = kept;
    }
    const Seat mover = pos_.side_to_move;
    const Move previous = ply > 0 ? played_[ply - 1] : Move::none();
    const Move counter = previous ? countermove_[previous.from()][previous.to()] : Move::none();
    for (int i = 0; i < count; ++i) {
        const Move m = list[i];
        int order;
        const Piece victim = pos_.board[m.to()];
        if (table_move && m.action() == table_move.action()) {
            order = TABLE_MOVE_ORDER;
        } else if (victim.is_live() && victim.type() == KING) {
            order = KING_CAPTURE_ORDER;
        } else if (is_tactical(m)) {
            const int gain = victim.is_live()                   ? piece_value(victim, context_.mode)
                             : m.kind() == MoveKind::EN_PASSANT ? weights_for(context_.mode).piece_value[PAWN]
                                                                : 0;
            const int promotion = m.promotion() == QUEEN ? 900 : m.promotion() != NO_PIECE_TYPE ? 100 : 0;
            order = CAPTURE_ORDER + 8 * (gain + promotion) - piece_value(pos_.board[m.from()], context_.mode) / 16;
        } else if (m == killers_[ply][0]) {
            order = KILLER_ORDER;
        } else if (m == killers_[ply][1]) {
            order = KILLER_ORDER - 1;
        } else if (m == counter) {
            order = COUNTERMOVE_ORDER;
        } else {
            order = history_[mover][m.from()][m.to()];
        }
        scores_[ply][i] = order;
    }
    return count;
}

Move Worker::pick_next(int ply, int index, int count) {
    int best = index;
    for (int i = index + 1; i < count; ++i)
        if (scores_[ply][i] > scores_[ply][best]) best = i;
    std::swap(moves_[ply][index], moves_[ply][best]);
    std::swap(scores_[ply][index], scores_[ply][best]);
    return moves_[ply][index];
}

void Worker::remember_quiet_cutoff(int ply, Move m, int depth) {
    if (killers_[ply][0] != m) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
    }
    int& h = history_[pos_.side_to_move][m.from()][m.to()];
    h += depth * depth;
    if (h > HISTORY_LIMIT)
        for (auto& seat : history_)
            for (auto& from : seat)
                for (int& value : from) value /= 2;
    if (ply > 0 && played_[ply - 1]) countermove_[played_[ply - 1].from()][played_[ply - 1].to()] = m;
}

void Worker::update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    const int child_end = ply + 1 < MAX_PLY ? pv_length_[ply + 1] : ply + 1;
    for (int i = ply + 1; i < child_end; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(child_end, ply + 1);
}

int Worker::root_search(int depth, int alpha, int beta) {
    return context_.mode == Mode::TEAMS ? teams(depth, alpha, beta, 0, true, false) : ffa(depth, alpha, beta, 0, false);
}

// Aspiration: from depth 5 a window around the last score, widened on each failure.
int Worker::search_root_window(int depth, int previous) {
    if (depth < 5 || std::abs(previous) >= MATE_BOUND) return root_search(depth, -INFINITE_SCORE, INFINITE_SCORE);
    int delta = 40;
    int alpha = std::max(-INFINITE_SCORE, previous - delta), beta = std::min(INFINITE_SCORE, previous + delta);
    for (;;) {
        const int score = root_search(depth, alpha, beta);
        if (stopped_) return score;
        if (score <= alpha)
            alpha = std::max(-INFINITE_SCORE, score - delta);
        else if (score >= beta)
            beta = std::min(INFINITE_SCORE, score + delta);
        else
            return score;
        delta *= 2;
        if (delta > 1000) alpha = -INFINITE_SCORE, beta = INFINITE_SCORE;
    }
}

SearchReport Worker::report(int depth, int score) const {
    SearchReport r;
    r.depth = depth;
    r.score = score;
    if (score >= MATE_BOUND)
        r.mate_plies = MATE_SCORE - score;
    else if (score <= -MATE_BOUND)
        r.mate_plies = -(MATE_SCORE + score);
    r.seldepth = std::max(seldepth_, depth);
    r.pv_length = pv_length_[0];
    for (int i = 0; i < r.pv_length; ++i) r.pv[i] = pv_[0][i];
    r.best = r.pv_length > 0 ? r.pv[0] : Move::none();
    r.nodes = context_.nodes.load(std::memory_order_relaxed) + (nodes_ - published_nodes_);
    r.seconds = context_.elapsed();
    return r;
}

SearchReport Worker::iterate(const std::function<void(const SearchReport&)>& on_iteration) {
    SearchReport last;
    // A move to answer with even if the first iteration is cut short: the best by ordering.
    const int count = generate_ordered(0, Move::none(), false);
    if (count == 0) return last;
    last.best = pick_next(0, 0, count);
    last.pv[0] = last.best;
    last.pv_length = 1;
    last.score = evaluate();
    int previous = last.score;
    for (int depth = 1 + (id_ & 1); depth <= context_.max_depth; ++depth) {
        root_depth_ = depth;
        seldepth_ = 0;
        const int score = search_root_window(depth, previous);
        if (stopped_) {
            // Teams: a root move of the unfinished iteration that raised the best score within
            // it was searched to the full depth, deeper than the last finished iteration saw, so
            // it is played (the score reported stays the last finished iteration's).
            if (id_ == 0 && context_.mode == Mode::TEAMS && pv_length_[0] > 0) {
                last.pv_length = pv_length_[0];
                for (int i = 0; i < last.pv_length; ++i) last.pv[i] = pv_[0][i];
                last.best = last.pv[0];
            }
            break;
        }
        previous = score;
        if (id_ != 0) continue;
        last = report(depth, score);
        if (on_iteration) on_iteration(last);
        const double elapsed = context_.elapsed();
        const bool fixed = context_.limits.infinite || context_.limits.depth > 0;
        if (!fixed && count == 1 && context_.budget.limited()) break;  // the only move: no time to spend
        if (!fixed && last.mate_plies > 0 && depth >= last.mate_plies + 2) break;
        if (context_.budget.limited() && context_.limits.movetime <= 0 && elapsed >= context_.budget.soft * 0.6) break;
    }
    if (id_ == 0) {
        // `infinite`: the answer waits for stop(), as a UCI GUI expects, even when the depth ran out.
        while (context_.limits.infinite && !context_.stop_requested.load(std::memory_order_relaxed))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        context_.abort.store(true, std::memory_order_relaxed);
        context_.nodes.fetch_add(nodes_ - published_nodes_, std::memory_order_relaxed);
        published_nodes_ = nodes_;
        last.nodes = context_.nodes.load(std::memory_order_relaxed);
        last.seconds = context_.elapsed();
    }
    return last;
}

}  // namespace fourchess

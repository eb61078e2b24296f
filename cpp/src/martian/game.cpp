// The game's end, the tie-break and the history of a Martian Chess game (docs/martian.md §4).
#include "fourchess/martian/game.h"

#include <algorithm>

namespace fourchess::martian {

const char* termination_name(Termination t) {
    switch (t) {
        case Termination::NONE: return "none";
        case Termination::EMPTY_ZONE: return "empty_zone";
        case Termination::NO_LEGAL_MOVE: return "no_legal_move";
        case Termination::REPETITION: return "repetition";
        case Termination::MOVE_LIMIT: return "move_limit";
    }
    return "?";
}

Termination ending(const Position& pos, int occurrences, int moves_made, const Rules& rules) {
    if (pos.empty_zone()) return Termination::EMPTY_ZONE;
    if (count_moves(pos) == 0) return Termination::NO_LEGAL_MOVE;
    if (occurrences >= 3) return Termination::REPETITION;
    if (rules.move_limit > 0 && moves_made >= rules.move_limit) return Termination::MOVE_LIMIT;
    return Termination::NONE;
}

Outcome ranking(const Position& pos, Termination termination, int last_mover, const Rules& rules) {
    // The ranked units: seats, or the teams {0, 2} and {1, 3}.
    const bool teams = rules.teams && pos.players == 4;
    const int units = teams ? 2 : pos.players;
    auto unit_of = [&](int seat) { return teams ? seat % 2 : seat; };
    std::uint64_t totals[MAX_SEATS] = {};
    for (int seat = 0; seat < pos.players; ++seat) totals[unit_of(seat)] += pos.scores[seat];
    const std::uint64_t top = *std::max_element(totals, totals + units);
    bool winner[MAX_SEATS] = {};
    int tied = 0;
    for (int u = 0; u < units; ++u) tied += totals[u] == top;
    const int mover = unit_of(last_mover);
    for (int u = 0; u < units; ++u) winner[u] = totals[u] == top && (tied == 1 || totals[mover] != top || u == mover);
    Outcome out;
    out.termination = termination;
    for (int seat = 0; seat < pos.players; ++seat) {
        const int u = unit_of(seat);
        int ahead = 0;  // units placed before u: the winners, then higher scores
        for (int v = 0; v < units; ++v) ahead += !winner[u] && (winner[v] || totals[v] > totals[u]);
        out.places[seat] = static_cast<std::uint8_t>(1 + ahead);
        if (winner[u]) out.winners |= static_cast<std::uint8_t>(1u << seat);
    }
    return out;
}

Game::Game(const Position& root, const Rules& rules) : pos_(root), rules_(rules), keys_{root.key} {}

int Game::occurrences() const { return static_cast<int>(std::count(keys_.begin(), keys_.end(), pos_.key)); }

Termination Game::termination() const { return ending(pos_, occurrences(), moves_made(), rules_); }

Outcome Game::outcome() const {
    const Termination t = termination();
    if (t == Termination::NONE) return Outcome{};
    // The seat before the one to move made the last move (docs/martian.md §4, decision 2, for a position read from
    // text).
    return ranking(pos_, t, (pos_.turn + pos_.players - 1) % pos_.players, rules_);
}

int Game::legal_moves(Move* out) const { return termination() == Termination::NONE ? generate(pos_, out) : 0; }

Refusal Game::check(Square from, Square to) const {
    if (termination() != Termination::NONE) return Refusal::GAME_OVER;
    return refusal(pos_, from, to);
}

void Game::push(Move m) {
    stack_.push_back(Step{m, {}});
    make_move(pos_, m, stack_.back().undo);
    keys_.push_back(pos_.key);
}

bool Game::pop() {
    if (stack_.empty()) return false;
    unmake_move(pos_, stack_.back().move, stack_.back().undo);
    stack_.pop_back();
    keys_.pop_back();
    return true;
}

}  // namespace fourchess::martian

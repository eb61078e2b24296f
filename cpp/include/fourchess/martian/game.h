// A Martian Chess game: a position, its history, the game's end and the outcome
// (docs/martian.md §4). A game read from a position text starts its history there.
#pragma once

#include <cstdint>
#include <vector>

#include "fourchess/martian/board.h"

namespace fourchess::martian {

struct Rules {
    int move_limit = 0;  // > 0: the game ends when the moves made reach it (docs/martian.md §4)
    bool teams = false;  // four players only: seats 0 + 2 against 1 + 3
};

// Why a game ended; when several hold at once, the first of this order (docs/martian.md §4, decision 1).
enum class Termination : std::uint8_t { NONE, EMPTY_ZONE, NO_LEGAL_MOVE, REPETITION, MOVE_LIMIT };
const char* termination_name(Termination t);

struct Outcome {
    Termination termination = Termination::NONE;
    std::uint8_t winners = 0;             // bit per seat in first place
    std::uint8_t places[MAX_SEATS] = {};  // 1 first; ties shared; a team's seats share theirs
};

// The ending of `pos` given how often its key has occurred (this time included) and how many moves
// were made; the order of docs/martian.md §4, decision 1.
Termination ending(const Position& pos, int occurrences, int moves_made, const Rules& rules);

// The places of a finished game whose last move was made by `last_mover` (the tie-break, §4).
Outcome ranking(const Position& pos, Termination termination, int last_mover, const Rules& rules);

class Game {
public:
    Game(const Position& root, const Rules& rules);

    const Position& position() const { return pos_; }
    // The keys of the root and of every position since, the current one last.
    const std::vector<std::uint64_t>& keys() const { return keys_; }
    const Rules& rules() const { return rules_; }
    int moves_made() const { return static_cast<int>(stack_.size()); }
    Move move_at(int i) const { return stack_[i].move; }

    Termination termination() const;
    Outcome outcome() const;  // termination NONE while the game goes on
    // The legal moves now: none once the game has ended.
    int legal_moves(Move* out) const;
    // Why the move may not be played now (GAME_OVER once the game has ended), or OK.
    Refusal check(Square from, Square to) const;
    // Plays a move `check` accepts.
    void push(Move m);
    // Takes back the last move; false when there is none.
    bool pop();

private:
    struct Step {
        Move move;
        Undo undo;
    };
    int occurrences() const;

    Position pos_;
    Rules rules_;
    std::vector<Step> stack_;
    std::vector<std::uint64_t> keys_;  // the root's key and each position's since
};

}  // namespace fourchess::martian

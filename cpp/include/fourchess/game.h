// A game in progress: its rules, the root position, the current one, and every step between
// them (moves, resignations, timeouts, claims) with its undo record, so steps can be taken back.
// The history-dependent endings live here: threefold repetition, the fifty-move rule and the
// move limit (docs/rules.md §8), which perft ignores.
#pragma once

#include <memory>
#include <vector>

#include "fourchess/rules.h"

namespace fourchess {

enum class Action : std::uint8_t { MOVE, RESIGN, TIMEOUT, CLAIM };

struct Step {
    Action action = Action::MOVE;
    Seat seat = RED;           // who moved or left
    Move move = Move::none();  // for MOVE
    Undo undo;
};

class Game {
public:
    Game(const Position& root, const Rules& rules);

    const Rules& rules() const { return rules_; }
    const Position& root() const { return *root_; }
    const Position& position() const { return position_; }
    const std::vector<Step>& history() const { return history_; }
    int moves_played() const { return moves_played_; }
    // Keys of the root and of the position after every step, oldest first (repetition tests).
    const std::vector<std::uint64_t>& keys() const { return keys_; }

    // How often the current position occurred since the root, this time included (its key
    // among keys()): what threefold repetition counts (docs/rules.md §8).
    int repetitions() const { return occurrences(position_.key); }
    // The ply clock has reached 50 moves per seat still taking turns (docs/rules.md §8) and no other
    // ending came first (a mate, a king capture, an FFA end test, a repetition, a resignation).
    bool fifty_moves() const;
    // The PGN4 round of the side to move: 1 at the root, one more each time a move hands the
    // turn to a seat at or before the mover's in the order R, B, Y, G.
    int fullmove_number() const;
    // Same rules, same position (everything FEN4 holds, and any ending already recorded), same
    // round, and under a move limit the same moves played; the steps themselves are not compared.
    bool same_state(const Game& other) const;

    // `m` must be legal in position() (from generate_legal or legal_move_matching).
    void push(Move m);
    // `m` must be pseudo-legal in position() (from pseudo_legal_matching): it may leave the
    // mover's own king attacked, and the position then says so.
    void push_pseudo_legal(Move m);
    // Throw std::invalid_argument (naming why) when the rules do not allow the step.
    void resign(Seat seat) { leave(seat, false); }
    void timeout(Seat seat) { leave(seat, true); }
    void claim_win(Seat seat);
    // Takes back the last step; there must be one.
    Step pop();

private:
    void push_step(Move m, bool legal);
    void leave(Seat seat, bool timeout);
    void end_by_history_if_due();
    int occurrences(std::uint64_t key) const;

    Rules rules_;
    // Never changes, so copies of a game share it: a copy then costs one Position, and fits the
    // allocator's per-thread cache (a second Position made copy() take the slow malloc path).
    std::shared_ptr<const Position> root_;
    Position position_;
    std::vector<Step> history_;
    std::vector<std::uint64_t> keys_;  // keys of the root and after every step
    int moves_played_ = 0;
};

}  // namespace fourchess

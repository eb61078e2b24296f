// A game in progress: the root position, the current one, and the moves between them with their
// undo records, so moves can be taken back. What the Python Board wraps.
#pragma once

#include <vector>

#include "fourchess/position.h"

namespace fourchess {

class Game {
public:
    explicit Game(const Position& root) : root_(root), position_(root) {}

    const Position& root() const { return root_; }
    const Position& position() const { return position_; }
    const std::vector<Move>& moves() const { return moves_; }

    // `m` must be legal in position() (from generate_legal or find_legal_move).
    void push(Move m);
    // Takes back the last move; there must be one.
    Move pop();

private:
    Position root_;
    Position position_;
    std::vector<Move> moves_;
    std::vector<Undo> undos_;
};

}  // namespace fourchess

#include "fourchess/game.h"

#include "fourchess/rules.h"

namespace fourchess {

void Game::push(Move m) {
    undos_.emplace_back();
    do_move(position_, m, undos_.back());
    moves_.push_back(m);
}

Move Game::pop() {
    Move m = moves_.back();
    undo_move(position_, m, undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    return m;
}

}  // namespace fourchess

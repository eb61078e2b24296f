// Playing a move with all its game consequences, and the game's status, for both modes.
// Teams: a king capture ends the game; a side to move without legal moves is mated or
// stalemated. FFA (RULES.md §7, fine point 3): capture points, king-capture elimination, check
// bonus, the mate/stalemate pass over the other seats, the end tests, and the turn skipping
// eliminated seats.
#pragma once

#include "fourchess/position.h"

namespace fourchess {

// The move must be legal (from generate_legal).
void do_move(Position& pos, Move m, Undo& undo);
void undo_move(Position& pos, Move m, const Undo& undo);

// FFA end tests of RULES.md §7 that depend only on the position (three out, 21-point gap,
// insufficient material); Teams: a seat without a king or flagged dead. NONE if none holds.
Termination standing_termination(const Position& pos);

// Termination including checkmate/stalemate of the side to move (searches for a legal move).
Termination termination_of(const Position& pos);

// Bit per seat: who won. 0 while the game goes on and for a Teams draw (README decision 4).
std::uint8_t winners(const Position& pos, Termination t);

bool insufficient_material(const Position& pos);

}  // namespace fourchess

// Playing a move with all its game consequences, and the game's status, for both modes.
// Teams: a king capture ends the game; a side to move without legal moves is mated or
// stalemated. FFA (docs/rules.md §7, fine point 3): capture points, king-capture elimination, check
// bonus, the mate/stalemate pass over the other seats, the end tests, and the turn skipping
// seats that no longer take turns. Resignation, timeout and claims are steps too.
#pragma once

#include "fourchess/position.h"

namespace fourchess {

// FFA: what a draw by repetition or the fifty-move rule pays every active seat (docs/rules.md §7).
constexpr int DRAW_POINTS = 10;

// The move must be legal (from generate_legal).
void do_move(Position& pos, Move m, Undo& undo);
// Inline: it is only Position::undo_all, and perft calls it once a move.
inline void undo_move(Position& pos, Move m, const Undo& undo) { pos.undo_all(m, undo); }

// Resignation (timeout = false) or timeout of `seat` (docs/rules.md §6, §7): Teams, the game ends and
// that team loses; FFA, the seat is eliminated (its king walking if `king_walks`), the turn moves
// on if it was the seat's, and the end tests run. The caller checks the seat may still leave.
void leave_game(Position& pos, Seat seat, bool timeout, bool king_walks, Undo& undo);
// FFA: the lead over the other of two active seats that ends the game, or lets the leader claim.
constexpr int WINNING_GAP = 21;
// FFA claim (when the 21-point end is not automatic): `seat` is one of exactly two active seats
// and leads by 21 or more. The game ends as at an automatic 21-point end: the trailing seat takes
// +20 for every other live king (the leader's, and walking kings).
bool can_claim_win(const Position& pos, Seat seat);
void claim_win(Position& pos, Seat seat, Undo& undo);
// Ends the game in a draw by repetition or the fifty-move rule (FFA: +10 to every active seat and
// each walking king's 20 shared among them), or by the move limit (no points).
void end_by_history(Position& pos, Termination t);

// End tests of docs/rules.md §7 that depend only on the position (three out, 21-point gap,
// insufficient material); Teams: a seat without a king, or one that resigned or timed out.
Termination standing_termination(const Position& pos);

// Termination including checkmate/stalemate of the side to move (searches for a legal move).
Termination termination_of(const Position& pos);

// Bit per seat: who won. 0 while the game goes on and for a Teams draw (docs/rules.md §7, decision 4).
std::uint8_t winners(const Position& pos, Termination t);

bool insufficient_material(const Position& pos);

// Seat after `from` in turn order that still takes turns (active or walking king).
// Inline: every move asks.
inline Seat next_seat_taking_turns(const Position& pos, Seat from) {
    Seat s = from;
    for (int i = 0; i < SEAT_COUNT; ++i) {
        s = next_seat(s);
        if (pos.takes_turns(s)) return s;
    }
    return from;
}

}  // namespace fourchess

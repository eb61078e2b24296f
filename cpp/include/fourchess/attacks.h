// Attack questions over a position: who attacks a square, is a king in check.
// Only live pieces attack; every piece, live or dead, blocks.
#pragma once

#include "fourchess/position.h"

namespace fourchess {

// Live pieces of `seats` (bit per seat) attacking `target`. `ignore` is treated as an empty
// square (a king testing where it may step must not shield that square with its own body).
// Live knights, kings and pawns of `seats` attacking `target` (no sliders).
Mask256 step_attackers_to(const Position& pos, Square target, std::uint8_t seats);
// The same, for a caller that already has live = pos.live_pieces_of(seats).
Mask256 step_attackers_to(const Position& pos, Square target, std::uint8_t seats, const Mask256& live);
Mask256 attackers_to(const Position& pos, Square target, std::uint8_t seats, Square ignore = NO_SQUARE);
bool is_attacked(const Position& pos, Square target, std::uint8_t seats, Square ignore = NO_SQUARE);

// Would `target` be attacked by a live piece of `seats` once the piece on `from` has stepped to
// `to`, taking whatever stood there (a plain move: not castling or en passant)? By masks over the
// occupancy the move leaves, so nothing is made.
bool attacked_after_move(const Position& pos, Square target, std::uint8_t seats, Square from, Square to);

// After a move that changed only the squares `from` and `to` (not castling or en passant), is
// `target` (all three real squares), which no live piece of `seats` attacked before the move,
// attacked now? Only the piece
// that arrived on `to`, or a slider behind `from` on the line now open, can attack it: a few
// lookups instead of is_attacked's look at every attacker.
bool newly_attacked(const Position& pos, Square target, Square from, Square to, std::uint8_t seats);

// Is `seat`'s live king attacked by a live opponent piece? False when it has no live king.
bool in_check(const Position& pos, Seat seat);

// Bit per seat: the seats whose live king `seat`'s live pieces attack.
std::uint8_t kings_attacked_by(const Position& pos, Seat seat, std::uint8_t candidates);

}  // namespace fourchess

// Questions a python-chess user asks of a position that move generation itself does not need:
// which pieces stand where, is a move a capture, does it check, which castling rights can still
// be used, is the material too little to go on. Not on the hot path.
#pragma once

#include "fourchess/geometry.h"
#include "fourchess/position.h"

namespace fourchess {

// Squares of `seat`'s live pieces of `type` (a 1-point queen is a QUEEN; dead pieces have no seat).
Mask256 pieces_of(const Position& pos, PieceType type, Seat seat);

// `m` as pseudo_legal_matching gives it (its kind says en passant): does it take a piece, live
// or dead, on its destination or by en passant?
bool is_capture(const Position& pos, Move m);

// Bit per opponent of the mover whose king the pseudo-legal move `m` newly checks, as chess.com's
// '+' marks it (the PGN4 suffix counts these): a king the mover's pieces attack after the move and
// did not before, or one in check after the move that no one checked before. Opponents: Teams the
// two enemies (a check the move uncovers for the partner counts), FFA every other seat taking
// turns, walking kings included. A king the move puts out (FFA mate) is judged where it stood; a
// captured king never counts (the capturer attacked it already).
std::uint8_t kings_newly_checked(const Position& pos, Move m);

// Does `seat` still hold the castling right on `side` with its king on a home square and its own
// live rook on that side's corner (docs/rules.md fine point 6)? Not whether castling is legal now;
// false for a walking king or a seat without a live king.
bool has_castling_right(const Position& pos, Seat seat, CastleSide side);

// Insufficient material as an ending (docs/rules.md §7): FFA only; Teams has no such draw (§6).
bool insufficient_material_ends_game(const Position& pos);

}  // namespace fourchess

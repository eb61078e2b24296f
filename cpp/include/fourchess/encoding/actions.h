// The action index: a fixed number for every move the cross board's geometry allows, counted in
// the mover's frame (frame.h), as AlphaZero numbers chess moves. A move is a from square and a
// kind of step: a queen-type line (direction, distance), a knight jump, or an underpromotion (a
// pawn step onto the Teams promotion line, to a knight, bishop or rook). Only pairs whose target
// is on the board get a number: ACTION_COUNT in all.
//
// Promotions follow each mode: in Teams a pawn that reaches its line as a queen uses the plain
// step's number and the other three pieces their own; in FFA, where the 1-point queen is the only
// promotion, the plain step's number is that promotion.
#pragma once

#include <cstdint>

#include "fourchess/movegen.h"
#include "fourchess/position.h"

namespace fourchess::encoding {

// 5,960 queen-type steps, 992 knight jumps and 120 underpromotions (40 pawn steps onto the line,
// three pieces each); tests/rl count them again from the rules' geometry.
constexpr int ACTION_COUNT = 7072;

// What an action means in the frame of the seat that plays it.
struct FrameAction {
    Square from = NO_SQUARE, to = NO_SQUARE;   // frame squares
    PieceType underpromotion = NO_PIECE_TYPE;  // KNIGHT, BISHOP or ROOK; NO_PIECE_TYPE otherwise
};

// The action `index` (0 <= index < ACTION_COUNT) in any seat's frame.
FrameAction frame_action(int index);

// The index of `m`, a move of `seat` (its own squares, not turned), or -1 for a move the
// geometry does not allow (never a legal move).
int encode_move(Seat seat, Move m);

// The legal move of the side to move that action `index` names, or Move::none() when it names
// none (an index out of range, or a step that is not legal now).
Move decode_action(const Position& pos, int index);

// Writes the index of every legal move of the side to move into `out` (room for MAX_MOVES),
// in the generator's order, and returns how many.
int legal_actions(const Position& pos, std::int32_t* out);

// Sets mask[index] to 1 for the legal moves' indices and every other of the ACTION_COUNT
// entries to 0.
void legal_mask(const Position& pos, std::int8_t* mask);

}  // namespace fourchess::encoding

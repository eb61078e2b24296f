// Legal move generation for the side to move, in both modes, into a caller-owned buffer.
#pragma once

#include "fourchess/position.h"

namespace fourchess {

// Enough for any position from_setup accepts (setup.h: at most 16 live pieces per seat; 16 queens of ~52
// moves each stay below this).
constexpr int MAX_MOVES = 1024;

struct MoveList {
    Move moves[MAX_MOVES];
    int size = 0;
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + size; }
};

// Writes the legal moves of pos.side_to_move and returns the new end. Nothing when the game is
// over or the side to move has no live king. `out` must have room for MAX_MOVES: the slot just
// past the returned end may be written too.
Move* generate_legal(const Position& pos, Move* out);
void generate_legal(const Position& pos, MoveList& list);

// The number of legal moves, without writing them (bulk perft's last ply).
int count_legal(const Position& pos);

// Stops at the first legal move: what mate and stalemate detection need.
bool has_legal_move(const Position& pos);

// The legal move of the side to move whose from, to and promotion match `wanted`, or
// Move::none(). Generates only the moves of the piece on wanted.from(): what push and `in` need.
Move legal_move_matching(const Position& pos, Move wanted);

// The pseudo-legal move of the side to move whose from, to and promotion match `wanted`, with
// the kind this position gives it, or Move::none(). Pseudo-legal: the piece may move so by the
// movement rules (steps and lines, blockers, captures of pieces it may take, a king included,
// pawn pushes, double pushes from home, captures and en passant, a promotion piece exactly when
// a pawn reaches its line: Q R B N in Teams, the 1-point queen in FFA), but whether the mover's
// own king is left attacked is not tested. Castling, which the rules define by attacked squares,
// must be legal in full. What push_unchecked accepts: a move it takes keeps every invariant of the
// position (pieces, masks, key, undo), whatever a caller passes.
Move pseudo_legal_matching(const Position& pos, Move wanted);

// Is from -> to a "free" move of `seat` (legal whenever the seat is not in check: see
// TurnState::free_moves_known)? False for a seat without a live king.
bool is_free_move(const Position& pos, Seat seat, Square from, Square to);

// Has `seat` a legal move, to move or not (the FFA mate/stalemate pass), when the caller already
// knows whether it is in check? Records what it finds as hints in the position (mutable fields).
bool seat_has_legal_move(const Position& pos, Seat seat, bool seat_in_check);

}  // namespace fourchess

// Move text in and out (docs/rules.md §10): the engine form "h2-h3", "h10-h11=Q", "h7-h8=D", and on
// input also "h2h3", long algebraic with pieces and captures ("Bh2xNl6", "h8xQg7=D"), "O-O",
// "O-O-O", with check suffixes (+ ++ +++ +# #) ignored.
#pragma once

#include <stdexcept>
#include <string>

#include "fourchess/position.h"

namespace fourchess {

class MoveTextError : public std::invalid_argument {
public:
    // cannot be read / is not a legal move here / a short form that fits several legal moves
    enum class Kind { INVALID, ILLEGAL, AMBIGUOUS };
    MoveTextError(Kind kind, const std::string& message) : std::invalid_argument(message), kind_(kind) {}
    Kind kind() const { return kind_; }

private:
    Kind kind_;
};

// Engine form of a move; castling is the king's two-square move.
std::string move_text(Move m);

// What a move text says, read without a position: a long form names both squares ("h2-h3",
// "Bh2xNl6"), castling its side, a short form the destination with hints ("Nbd2", "h11=Q").
struct MoveTextParts {
    enum class Form : std::uint8_t { LONG, CASTLE, SHORT };
    Form form = Form::LONG;
    int piece = -1;                           // the moving piece's letter as a PieceType, -1 if none (SHORT: PAWN)
    int captured = -1;                        // LONG: the captured piece's letter, -1 if none
    Square from = NO_SQUARE, to = NO_SQUARE;  // SHORT: `from` unknown
    int from_file = -1, from_rank = -1;       // SHORT: the from-square hints, -1 if none
    PieceType promotion = NO_PIECE_TYPE;
    bool one_point = false;          // written =D
    CastleSide castle_side = SHORT;  // CASTLE
};

// Throws MoveTextError (INVALID) for text that no position could read.
MoveTextParts read_move_text(const std::string& text);

// Reads the engine form without a position: from, to and promotion (kind NORMAL).
Move parse_move_text(const std::string& text);

// Any accepted form, checked against pos; returns the legal move or throws MoveTextError.
// Besides the forms above, the short form names only the destination, with the moving piece's
// letter (none for a pawn) and a file or rank when needed: "Nf3", "Nbd2", "exd5", "h4", "h11=Q".
Move parse_move(const Position& pos, const std::string& text);

// The chess.com PGN4 token of a legal move: long algebraic with the moving piece's letter (none
// for pawns; a 1-point queen moves as Q), 'x' and the captured piece's letter (none for pawns),
// '=' promotion (=D in FFA), O-O / O-O-O, and the check suffix of the chess.com records: '+' per
// king newly checked, '#' when the move mates (FFA) or captures a king.
std::string pgn4_move_text(const Position& pos, Move m);

}  // namespace fourchess

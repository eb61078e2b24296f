// Why a move text is or is not a legal move in a position: the rule that refuses it. The text is
// read first; then the game must go on and the seat be the one to move; then the piece named is
// matched by its movement alone (pseudo-legal), then by its promotion, and last by the safety of
// the mover's own king. The first rule that fails is the answer. The steps that are not moves
// (a resignation, a timeout, a claim; steps.h) have refusals of their own, at the end.
#pragma once

#include <cstdint>
#include <string>

#include "fourchess/position.h"

namespace fourchess {

enum class Refusal : std::uint8_t {
    NONE,                // a legal move
    UNPARSEABLE,         // no position could read the text
    GAME_OVER,           // the game has ended: nobody moves
    NOT_YOUR_TURN,       // the seat asked for is not to move, or the piece is another live seat's
    NO_PIECE,            // no live piece of the side to move (of the named kind) on the square
    CANNOT_MOVE_THERE,   // the piece's movement does not take it there (or castling is blocked)
    OWN_KING_IN_CHECK,   // the move leaves or puts the mover's own king in check
    BAD_PROMOTION,       // a promotion piece is missing, or not one the mode allows
    AMBIGUOUS,           // a short form that fits several legal moves
    NOT_YOUR_SEAT,       // a resignation, timeout or claim for another seat than the one asking
    ALREADY_ELIMINATED,  // a resignation, timeout or claim of a seat no longer in the game
    CANNOT_CLAIM,        // a claim the rules do not allow now (docs/rules.md §7, decision 11)
};
constexpr int REFUSAL_COUNT = 12;

// The lower-case name the Python layer's Refusal enum uses ("game_over", ...; "" for NONE).
const char* refusal_name(Refusal r);

struct MoveVerdict {
    Refusal refusal = Refusal::NONE;
    Move move = Move::none();  // the legal move, when refusal is NONE
    std::string message;       // why, quoting the text (bounded, see fen4.h quoted)
};

// "the game is over (checkmate)": why nothing more may be played, for refusal messages.
std::string game_over_reason(Termination ending);

// `seat` is the seat that wants to move, or -1 for whichever seat is to move.
MoveVerdict explain_move(const Position& pos, const std::string& text, int seat = -1);

// parse_move, whose MoveTextError for an illegal move says which rule refuses it (the message of
// explain_move) instead of only that it is not legal.
Move parse_move_explained(const Position& pos, const std::string& text);

}  // namespace fourchess

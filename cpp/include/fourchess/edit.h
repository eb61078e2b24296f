// Editing a position one square at a time (Board.set_piece_at / remove_piece_at). The edit changes
// the position's Setup (setup.h) and from_setup checks it under the game's rules, so the result is
// exactly a position FEN4 reading would accept, with every derived state (eliminations, walking
// kings, en passant entries, the ending the board shows) worked out again. In FFA a seat's
// elimination is derived from the board: it is out when it has no live king, or has resigned or
// timed out.
#pragma once

#include <stdexcept>

#include "fourchess/position.h"

namespace fourchess {

class PositionEditError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// `pos` with `piece` on `square` (NO_PIECE: the square emptied); every other field as it was.
// Throws PositionEditError, naming why, when the reader refuses the result (a second live king,
// more than 16 live pieces for a seat, an FFA side to move that would be out) or when reading it
// back would change any square (an FFA piece of a seat that is out is dead; taking an FFA seat's
// king puts the seat out and its other pieces would die).
Position edited_position(const Position& pos, const Rules& rules, Square square, Piece piece);

}  // namespace fourchess

// Martian FEN, the position text (docs/martian.md §5), and move text (§6).
#pragma once

#include <stdexcept>
#include <string>

#include "fourchess/martian/board.h"

namespace fourchess::martian {

enum class FenField : std::uint8_t { FIELDS, PLAYERS, BOARD, TURN, SCORES, NO_REJECTION };
const char* field_name(FenField f);

// A position text the rules refuse; the message starts with the field's name.
class FenError : public std::invalid_argument {
public:
    FenError(FenField field, const std::string& message);
    FenField field() const { return field_; }

private:
    FenField field_;
};

// Text that is no move: not from-to with two square names (a1..h8).
class MoveTextError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

constexpr int MAX_SCORE = 999999;  // docs/martian.md §5, decision 6

Position read_fen(const std::string& text);
std::string write_fen(const Position& pos);

std::string square_name(Square s);
// The square of a name a1..h8 (on the 8 x 8 grid), or NO_SQUARE.
Square parse_square(const std::string& name);
std::string move_text(Move m);
// 'c3-d4' or 'c3d4'; MoveTextError otherwise. Whether the squares are on the board is the
// position's to say.
Move parse_move(const std::string& text);

}  // namespace fourchess::martian

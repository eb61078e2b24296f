// Text at the edge of the core: square names, piece symbols and seat letters as FEN4, notation and
// messages write them, and input quoted in an error message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fourchess/types.h"

namespace fourchess {

// "a1".."n14" <-> square index; "??" and NO_SQUARE for anything else.
std::string square_name(Square s);
Square parse_square(std::string_view text);

// A piece's FEN4 cell: colour r b y g (d for dead) and letter P N B R Q K (D: 1-point queen),
// e.g. "rP", "gK", "yD", "dB". Reading takes exactly that form; an empty Piece for anything else.
std::string piece_symbol(Piece p);
Piece parse_piece_symbol(std::string_view text);
// The two letters of a piece's cell, and the type a letter names (D: a queen; NO_PIECE_TYPE for
// any other letter).
constexpr char colour_letter(Piece p) { return p.is_dead() ? 'd' : colour_letter(p.seat()); }
constexpr char type_letter(Piece p) { return p.is_one_point() ? 'D' : " PNBRQK"[p.type()]; }
constexpr PieceType type_of_letter(char c) {
    for (int t = PAWN; t <= KING; ++t)
        if (" PNBRQK"[t] == c) return static_cast<PieceType>(t);
    return c == 'D' ? QUEEN : NO_PIECE_TYPE;
}

// Text quoted in an error message: control characters and bytes that are not UTF-8 become
// \xNN, so the message survives being a C string and shows exactly what was given.
std::string printable(const std::string& text);
// Input quoted in an error message: printable, and past QUOTED_CHARACTERS characters only that
// prefix and "... (N characters)", so a 5 MB input does not make a 5 MB message.
constexpr std::size_t QUOTED_CHARACTERS = 40;
std::string quoted(std::string_view text);

}  // namespace fourchess

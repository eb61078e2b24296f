// FEN4 text in and out (RULES.md §10). Reading accepts both corner dialects (x cells, or run
// lengths crossing the corners), with or without commas; writing uses the x dialect.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "fourchess/position.h"

namespace fourchess {

// A FEN4 that cannot be read: which field, the offending text, and what was expected.
class Fen4Error : public std::invalid_argument {
public:
    Fen4Error(std::string field, std::string text, const std::string& reason);
    const std::string& field() const { return field_; }
    const std::string& text() const { return text_; }

private:
    std::string field_, text_;
};

// Live pieces a seat may have in a position we accept (bounds the move list, see movegen.h).
constexpr int MAX_LIVE_PIECES_PER_SEAT = 16;

// Read under `rules`: in FFA with dead_king_walking, a resigned or flagged seat whose king is
// written live keeps it walking; otherwise that king is dead too.
Position read_fen4(const std::string& text, const Rules& rules);
Position read_fen4(const std::string& text, Mode mode);
std::string write_fen4(const Position& pos);

// The two start positions of RULES.md §3.
Position start_position(Setup setup, Mode mode);
extern const char* const MODERN_START_FEN4;
extern const char* const CLASSIC_START_FEN4;

// Text quoted in an error message: control characters and bytes that are not UTF-8 become
// \xNN, so the message survives being a C string and shows exactly what was given.
std::string printable(const std::string& text);
// Input quoted in an error message: printable, and past QUOTED_CHARACTERS characters only that
// prefix and "... (N characters)", so a 5 MB input does not make a 5 MB message.
constexpr std::size_t QUOTED_CHARACTERS = 40;
std::string quoted(std::string_view text);

// A piece's FEN4 cell: colour r b y g (d for dead) and letter P N B R Q K (D: 1-point queen),
// e.g. "rP", "gK", "yD", "dB". Reading takes exactly that form; an empty Piece for anything else.
std::string piece_symbol(Piece p);
Piece parse_piece_symbol(std::string_view text);

// "a1".."n14" <-> square index; NO_SQUARE for anything else.
std::string square_name(Square s);
Square parse_square(std::string_view text);

}  // namespace fourchess

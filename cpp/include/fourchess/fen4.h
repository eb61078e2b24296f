// FEN4 text in and out (docs/rules.md §10). Reading accepts both corner dialects (x cells, or run
// lengths crossing the corners), with or without commas, into a Setup that from_setup (setup.h)
// checks; writing uses the x dialect.
#pragma once

#include <stdexcept>
#include <string>

#include "fourchess/position.h"

namespace fourchess {

// A FEN4 that cannot be read, or describes no position from_setup accepts: which field, the
// offending text, and what was expected.
class Fen4Error : public std::invalid_argument {
public:
    Fen4Error(std::string field, std::string text, const std::string& reason);
    const std::string& field() const { return field_; }
    const std::string& text() const { return text_; }

private:
    std::string field_, text_;
};

// Read under `rules`: in FFA with dead_king_walking, a resigned or flagged seat whose king is
// written live keeps it walking; otherwise that king is dead too.
Position read_fen4(const std::string& text, const Rules& rules);
Position read_fen4(const std::string& text, Mode mode);
std::string write_fen4(const Position& pos);

// The two start positions of docs/rules.md §3.
Position start_position(StartLayout layout, Mode mode);
extern const char* const MODERN_START_FEN4;
extern const char* const CLASSIC_START_FEN4;

}  // namespace fourchess

// A position as written, before the rules have looked at it, and the one check that turns it
// into a Position. FEN4 reading fills a Setup from text and board editing changes one square of
// a Setup, and both end in from_setup, so a position is accepted by exactly one set of checks.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "fourchess/position.h"

namespace fourchess {

// Live pieces a seat may have in a position we accept (bounds the move list, see movegen.h).
constexpr int MAX_LIVE_PIECES_PER_SEAT = 16;

// Everything a FEN4 says, unchecked: any pieces on any real squares, any flags and numbers.
struct Setup {
    Piece board[GRID_SQUARES] = {};  // live and dead pieces; the removed corners stay empty
    Seat side_to_move = RED;
    // The FEN4 dead field: FFA, seats out of the game (from_setup adds those the board shows out);
    // Teams, a finished game.
    std::uint8_t dead = 0;
    std::uint8_t castling = 0;  // castling_bit(seat, side) bits
    std::int32_t points[SEAT_COUNT] = {};
    std::int32_t ply_clock = 0;
    EnPassant en_passant[SEAT_COUNT];  // per seat, the double step its pawn just made, if any
    std::uint8_t resigned = 0;         // bit per seat
    std::uint8_t flagged = 0;          // bit per seat
};

// What from_setup refused, by field, so a caller can tell the cases apart without reading text.
enum class SetupField : std::uint8_t { BOARD, TURN, DEAD, POINTS, PLY_CLOCK, EN_PASSANT, RESIGNED, FLAGGED };

class SetupError : public std::invalid_argument {
public:
    // `name` is the field as FEN4 calls it ("turn", "extras enPassant B"), `text` what it held.
    SetupError(SetupField field, std::string name, std::string text, std::string reason);
    SetupField field() const { return field_; }
    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    const std::string& reason() const { return reason_; }

private:
    SetupField field_;
    std::string name_, text_, reason_;
};

// The position `setup` describes under `rules`, with every derived state worked out (keys,
// FFA eliminations and walking kings, the ending the board shows), or a SetupError naming the
// first field that no game position can hold: two live kings of one seat, more than
// MAX_LIVE_PIECES_PER_SEAT live pieces of one seat, points or a ply clock out of range, an en
// passant entry that is not its seat's double step, an FFA side to move that is out.
// FFA with dead_king_walking: a resigned or flagged seat whose king stands live keeps it walking.
Position from_setup(const Setup& setup, const Rules& rules);

// The setup that gives `pos` back (what write_fen4 writes): from_setup(setup_of(pos), rules) is
// `pos` for a position read or played under `rules`.
Setup setup_of(const Position& pos);

}  // namespace fourchess

// Observation planes: a position as a stack of 14x14 planes in a seat's frame (frame.h), the
// input of a policy/value network. Plane p's cell r*14+f is the frame's square (f, r): row 0 is the
// seat's own back rank. docs/rl.md lists the layout; plane_name() gives each plane's name.
//
// Per position (the current one, then up to history-1 earlier ones, each in the current frame):
//   0-27   live pieces: relative seat (self, next, across, previous) x kind (pawn, knight,
//          bishop, rook, queen, king, 1-point queen)
//   28-34  dead pieces by kind
//   35-36  the position occurred once before / twice before (repetition)
// Then once, after the positions (all cells of a plane alike, unless said):
//   +0     the playable squares (the 160 of the cross)
//   +1-8   castling rights: relative seat x (short, long)
//   +9-10  en passant: the squares the seat may take onto now, and the pawns that would go
//   +11-14 eliminated seats, +15-18 walking kings (relative seat)
//   +19-22 points (relative seat), scale 100
//   +23-26 the seat's real colour (Red, Blue, Yellow, Green), one-hot
//   +27    FFA
//   +28    ply clock (the fifty-move count), scale 200
//   +29    move number (PGN4's round), scale 100
//   +30    a move limit is set; +31 moves left before it, scale 100
// float planes hold 1 for a set cell and value / scale for the counts; uint8 planes hold 1 and the
// counts themselves, stopped at 255.
#pragma once

#include <cstdint>
#include <string>

#include "fourchess/game.h"

namespace fourchess::encoding {

constexpr int POSITION_PLANES = 37;
constexpr int STATE_PLANES = 32;
// AlphaZero stacked 8 positions; a longer history is allowed, not needed.
constexpr int MAX_HISTORY = 32;

constexpr int plane_count(int history) { return POSITION_PLANES * history + STATE_PLANES; }
// The name of plane `plane` (0 <= plane < plane_count(history)), e.g. "next knight",
// "dead pawn (t-1)", "points across".
std::string plane_name(int plane, int history);

// What the planes of one board are drawn from: its positions (the current one and up to
// history-1 earlier ones, newest first) and the counts only its game knows. A copy, so that the
// planes can be written with no lock held on the game.
struct PlaneInput {
    Seat seat = RED;                             // whose frame
    int positions = 0;                           // how many of the history are known: fewer near the start of the game
    std::uint8_t occurrences[MAX_HISTORY] = {};  // how often each position occurred by then
    int fullmove = 1;
    int moves_played = 0;
    int move_limit = 0;  // 0: none
};

// Copies the current position and up to history-1 earlier ones into `positions` (room for
// `history`), newest first, and fills `input` for `seat`'s frame.
void gather(const Game& game, int history, Seat seat, PlaneInput& input, Position* positions);

// Writes plane_count(history) planes of 196 cells into `out`.
void write_planes(const PlaneInput& input, const Position* positions, int history, float* out);
void write_planes(const PlaneInput& input, const Position* positions, int history, std::uint8_t* out);

}  // namespace fourchess::encoding

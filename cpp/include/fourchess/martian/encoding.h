// Martian Chess for learning (docs/rl.md): observation planes and action indices in the mover's
// frame, as fourchess/encoding/ has them for four-player chess. The frame turns the board so the
// mover's zone is where seat 0's is: half a turn of the 4 x 8 board for North (two players), a
// quarter turn per seat of the 8 x 8 board with four. Pieces have no owner, so where a piece
// stands in the frame says whose it is.
//
// Per position (the current one, then up to history-1 earlier ones, in the current frame):
//   0-2  pawns, drones, queens;  3-4  the position occurred once / twice before
// Then once (all cells of a plane alike, unless said):
//   +0 the playable squares;  +1-4 the zones of self, next, across, previous (four players; with
//   two, self and next); +5-6 the no-rejection restriction's from and to squares;
//   +7-10 scores (relative seat, scale 10);  +11-14 the seat's real number, one-hot;
//   +15 four players;  +16 teams;  +17 a move limit is set;  +18 moves left (scale 100)
// float planes hold 1 and count / scale; uint8 planes hold 1 and the counts, stopped at 255.
#pragma once

#include <cstdint>
#include <string>

#include "fourchess/martian/game.h"

namespace fourchess::martian::encoding {

constexpr int POSITION_PLANES = 5;
constexpr int STATE_PLANES = 19;
constexpr int MAX_HISTORY = 32;
constexpr int CELLS = GRID_FILES * RANKS;

constexpr int plane_count(int history) { return POSITION_PLANES * history + STATE_PLANES; }
std::string plane_name(int plane, int history);

// Whether `s` is a square of the board of `players` (files a-d of the grid with two).
constexpr bool on_board(int players, Square s) { return s >= 0 && s < CELLS && (board_mask(players) & bit(s)); }

// The frame square showing the board's square `s` to `seat`, and back; `s` must be on_board.
Square to_frame(int players, int seat, Square s);
Square from_frame(int players, int seat, Square s);

// A fixed index for every queen-line step (from, to) within the board of `players`: every move of
// every piece is one (pawns a diagonal step, drones one or two straight, queens any line).
int action_count(int players);
Move frame_action(int players, int index);       // frame squares
int encode_move(int players, int seat, Move m);  // -1 for a step off the lines or the board
// The legal move `index` names now, or false.
bool decode_action(const Game& game, int index, Move& move);
int legal_actions(const Game& game, std::int32_t* out);  // room for MAX_MOVES
// mask[index] = 1 for the legal moves of `pos` (none when `ended`), 0 for the other indices.
void legal_mask(const Position& pos, bool ended, std::int8_t* mask);

struct PlaneInput {
    int seat = 0;
    int positions = 0;
    std::uint8_t occurrences[MAX_HISTORY] = {};
    int moves_made = 0;
    int move_limit = 0;
    bool teams = false;
};

// Copies the current and up to history-1 earlier positions into `positions` (room for history).
void gather(const Game& game, int history, int seat, PlaneInput& input, Position* positions);
void write_planes(const PlaneInput& input, const Position* positions, int history, float* out);
void write_planes(const PlaneInput& input, const Position* positions, int history, std::uint8_t* out);

}  // namespace fourchess::martian::encoding

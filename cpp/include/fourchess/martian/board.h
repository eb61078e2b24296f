// Martian Chess (docs/martian.md): the board of two or four players as bitboards, moves, make and
// unmake. Squares are rank * 8 + file on an 8 x 8 grid for both games; the two-player board is its
// files a-d. Pieces have no owner: the zone a piece stands in says who controls it.
#pragma once

#include <cstdint>

namespace fourchess::martian {

using Square = int;
using Mask = std::uint64_t;

constexpr int GRID_FILES = 8;
constexpr int RANKS = 8;
constexpr int MAX_SEATS = 4;
constexpr Square NO_SQUARE = -1;

// A piece's kind; its value in points is the number (docs/martian.md §2).
enum Kind : std::uint8_t { NONE = 0, PAWN = 1, DRONE = 2, QUEEN = 3 };
constexpr int KINDS = 3;

constexpr Mask bit(Square s) { return Mask{1} << s; }
// The lowest square of a mask that is not empty.
inline Square lowest(Mask m) { return __builtin_ctzll(m); }
// The number of squares of a mask, counted inline: baseline x86-64 has no popcount instruction.
inline int count(Mask m) {
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    return static_cast<int>((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
}
constexpr int file_of(Square s) { return s % GRID_FILES; }
constexpr int rank_of(Square s) { return s / GRID_FILES; }
constexpr Square square_at(int file, int rank) { return rank * GRID_FILES + file; }

// The squares of the board of `players` (2: files a-d; 4: all 64).
constexpr Mask board_mask(int players) { return players == 2 ? 0x0F0F0F0F0F0F0F0Full : ~Mask{0}; }

// The seat owning the zone of `s` (docs/martian.md §1): two players split at the canal between
// ranks 4 and 5; four also at the one between files d and e (0 SW, 1 NW, 2 NE, 3 SE).
constexpr int zone_owner(int players, Square s) {
    const bool north = rank_of(s) >= 4;
    if (players == 2 || file_of(s) < 4) return north ? 1 : 0;
    return north ? 2 : 3;
}

// Every square of `seat`'s zone.
constexpr Mask zone_mask(int players, int seat) {
    Mask m = 0;
    for (Square s = 0; s < GRID_FILES * RANKS; ++s)
        if ((board_mask(players) & bit(s)) && zone_owner(players, s) == seat) m |= bit(s);
    return m;
}

struct Move {
    std::uint8_t from = 0, to = 0;
    friend constexpr bool operator==(Move a, Move b) { return a.from == b.from && a.to == b.to; }
};

// The most moves a position can have: 16 queens in a zone, 27 moves each, rounded up.
constexpr int MAX_MOVES = 512;

struct Position {
    Mask kinds[KINDS] = {};  // pawns, drones, queens (index kind - 1)
    std::uint8_t players = 2;
    std::uint8_t turn = 0;
    std::uint32_t scores[MAX_SEATS] = {};
    // A two-player move across the canal: the piece now on reject_to may not go back to
    // reject_from on this move (NO_SQUARE when there is none).
    std::int8_t reject_from = NO_SQUARE, reject_to = NO_SQUARE;
    std::uint64_t key = 0;  // Zobrist: pieces, seat to move, no-rejection entry (not the scores)

    Mask occupied() const { return kinds[0] | kinds[1] | kinds[2]; }
    Kind kind_at(Square s) const {
        const Mask b = bit(s);
        return (kinds[0] & b) ? PAWN : (kinds[1] & b) ? DRONE : (kinds[2] & b) ? QUEEN : NONE;
    }
    // Does some zone hold no piece? (the game's first ending, docs/martian.md §4)
    bool empty_zone() const;
    std::uint64_t compute_key() const;
};

// What unmake needs: the moving and target kinds, and what the move overwrote.
struct Undo {
    Kind moved = NONE, target = NONE;
    bool capture = false;
    std::int8_t reject_from = NO_SQUARE, reject_to = NO_SQUARE;
    std::uint64_t key = 0;
};

// The start of the game of `players` (2 or 4; docs/martian.md §2).
Position start_position(int players);

// The legal moves of the side to move, whether or not the game has ended, written to `out` (room
// for MAX_MOVES); returns how many. Ordered by from square, then to square.
int generate(const Position& pos, Move* out);
// Their number, without writing them.
int count_moves(const Position& pos);

void make_move(Position& pos, Move m, Undo& undo);
void unmake_move(Position& pos, Move m, const Undo& undo);

// Why the side to move may not play from -> to (docs/martian.md §6, decision 8), or OK. The game's
// end is the caller's to test.
enum class Refusal : std::uint8_t {
    OK,
    OFF_BOARD,
    EMPTY,
    NOT_YOUR_ZONE,
    NOT_ITS_MOVEMENT,
    BLOCKED,
    NO_MERGE,
    MERGE_NEEDS_NO_QUEEN,
    MERGE_NEEDS_NO_DRONE,
    NO_REJECTION,
    GAME_OVER,  // the game-level refusal, named here so that every refusal has one name
};
Refusal refusal(const Position& pos, Square from, Square to);
const char* refusal_name(Refusal r);

// The squares strictly between from and to that a piece of `kind` passes, or false when its
// movement does not go from one to the other (the grid's geometry; the board is the caller's).
bool movement_path(Kind kind, Square from, Square to, Mask& between);

}  // namespace fourchess::martian

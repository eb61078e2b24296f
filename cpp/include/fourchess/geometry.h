// Board geometry tables, built at compile time: which squares exist, how each piece type steps
// from each square, where pawns go for each seat, and where castling moves king and rook.
#pragma once

#include <array>

#include "fourchess/mask.h"
#include "fourchess/types.h"

namespace fourchess {

// Directions 0-3 are orthogonal (rook lines), 4-7 diagonal (bishop lines).
enum Direction : std::uint8_t { NORTH, SOUTH, EAST, WEST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST };
constexpr int DIRECTION_COUNT = 8;
constexpr int DIRECTION_FILE_STEP[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int DIRECTION_RANK_STEP[8] = {1, -1, 0, 0, 1, 1, -1, -1};
// The direction back along the same line.
constexpr std::uint8_t OPPOSITE_DIRECTION[8] = {SOUTH,      NORTH,      WEST,       EAST,
                                                SOUTH_WEST, SOUTH_EAST, NORTH_WEST, NORTH_EAST};
constexpr bool is_diagonal(int direction) { return direction >= 4; }
// Does a step in this direction raise the square index? Then the nearest square of a ray mask
// is its lowest bit, otherwise its highest.
constexpr bool is_increasing(int direction) {
    return direction == NORTH || direction == EAST || direction == NORTH_EAST || direction == NORTH_WEST;
}

// Castling sides: short (rook 3 squares from the king, FEN4 field 3) and long (4 squares).
enum CastleSide : std::uint8_t { SHORT, LONG };

struct CastlePath {
    Square king_from = NO_SQUARE, king_to = NO_SQUARE, rook_from = NO_SQUARE, rook_to = NO_SQUARE;
    Mask256 must_be_empty;        // every square strictly between king and rook
    Square must_be_safe[3] = {};  // king square, crossed square, landing square
};

struct Geometry {
    Mask256 board;  // the 160 real squares
    // Ordered squares, then EDGE (the mailbox's wall cell): at most 13 squares, so it always fits.
    Square ray[GRID_SQUARES][DIRECTION_COUNT][BOARD_SIDE] = {};
    std::uint8_t ray_length[GRID_SQUARES][DIRECTION_COUNT] = {};
    Mask256 ray_mask[GRID_SQUARES][DIRECTION_COUNT];  // the same rays as sets, for attack tests
    Mask256 rook_lines[GRID_SQUARES];                 // union of the four orthogonal rays
    Mask256 bishop_lines[GRID_SQUARES];               // union of the four diagonal rays
    // The knight's knight_count targets, then EDGE (the wall cell) to fill all eight: a walk over
    // all eight needs no count.
    Square knight_targets[GRID_SQUARES][8] = {};
    std::uint8_t knight_count[GRID_SQUARES] = {};
    Mask256 knight_mask[GRID_SQUARES];
    Square king_targets[GRID_SQUARES][8] = {};
    std::uint8_t king_count[GRID_SQUARES] = {};
    Mask256 king_mask[GRID_SQUARES];
    Square pawn_push[SEAT_COUNT][GRID_SQUARES] = {};        // one step forward or NO_SQUARE
    Square pawn_capture[SEAT_COUNT][GRID_SQUARES][2] = {};  // forward-diagonal targets or NO_SQUARE
    Mask256 pawn_attackers[SEAT_COUNT][GRID_SQUARES];       // squares from which that seat's pawn attacks
    Mask256 pawn_home[SEAT_COUNT];                          // double-step line
    Mask256 promotion_line[2][SEAT_COUNT];                  // [Mode][seat]
    Square king_home[SEAT_COUNT][2] = {};                   // the two central back-line squares
    CastlePath castle[SEAT_COUNT][2][2];                    // [seat][home index][side]
    Square rook_corner[SEAT_COUNT][2] = {};                 // back-line squares at line positions 3 and 10
};

namespace detail {

// Position `pos` (0..13) along seat's back line, as a square.
constexpr Square back_line_square(Seat seat, int pos) {
    switch (seat) {
        case RED: return make_square(pos, 0);
        case BLUE: return make_square(0, pos);
        case YELLOW: return make_square(pos, 13);
        default: return make_square(13, pos);
    }
}

constexpr Square offset(Square s, int df, int dr) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    return on_board(f, r) ? make_square(f, r) : NO_SQUARE;
}

constexpr CastlePath make_castle_path(Seat seat, int king_pos, int rook_pos) {
    CastlePath p;
    int step = rook_pos > king_pos ? 1 : -1;
    p.king_from = back_line_square(seat, king_pos);
    p.king_to = back_line_square(seat, king_pos + 2 * step);
    p.rook_from = back_line_square(seat, rook_pos);
    p.rook_to = back_line_square(seat, king_pos + step);
    for (int q = king_pos + step; q != rook_pos; q += step) p.must_be_empty.set(back_line_square(seat, q));
    p.must_be_safe[0] = p.king_from;
    p.must_be_safe[1] = p.rook_to;
    p.must_be_safe[2] = p.king_to;
    return p;
}

constexpr Geometry build_geometry() {
    Geometry g{};
    constexpr int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int PAWN_FORWARD[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    for (int s = 0; s < GRID_SQUARES; ++s) {
        Square sq = static_cast<Square>(s);
        for (int seat = 0; seat < SEAT_COUNT; ++seat) {
            g.pawn_push[seat][s] = NO_SQUARE;
            g.pawn_capture[seat][s][0] = g.pawn_capture[seat][s][1] = NO_SQUARE;
        }
        if (!on_board(file_of(sq), rank_of(sq))) continue;
        g.board.set(sq);
        for (int d = 0; d < DIRECTION_COUNT; ++d) {
            Square t = sq;
            int n = 0;
            while ((t = offset(t, DIRECTION_FILE_STEP[d], DIRECTION_RANK_STEP[d])) != NO_SQUARE) {
                g.ray[s][d][n++] = t;
                g.ray_mask[s][d].set(t);
                (is_diagonal(d) ? g.bishop_lines[s] : g.rook_lines[s]).set(t);
            }
            g.ray[s][d][n] = EDGE;
            g.ray_length[s][d] = static_cast<std::uint8_t>(n);
            Square k = offset(sq, DIRECTION_FILE_STEP[d], DIRECTION_RANK_STEP[d]);
            if (k != NO_SQUARE) {
                g.king_targets[s][g.king_count[s]++] = k;
                g.king_mask[s].set(k);
            }
        }
        for (const auto& step : KNIGHT_STEPS) {
            Square k = offset(sq, step[0], step[1]);
            if (k != NO_SQUARE) {
                g.knight_targets[s][g.knight_count[s]++] = k;
                g.knight_mask[s].set(k);
            }
        }
        for (int i = g.knight_count[s]; i < 8; ++i) g.knight_targets[s][i] = EDGE;
        for (int seat = 0; seat < SEAT_COUNT; ++seat) {
            int df = PAWN_FORWARD[seat][0], dr = PAWN_FORWARD[seat][1];
            g.pawn_push[seat][s] = offset(sq, df, dr);
            // Sideways for a pawn is perpendicular to its forward step.
            g.pawn_capture[seat][s][0] = offset(sq, df + dr, dr + df);
            g.pawn_capture[seat][s][1] = offset(sq, df - dr, dr - df);
            for (Square c : g.pawn_capture[seat][s])
                if (c != NO_SQUARE) g.pawn_attackers[seat][c].set(sq);
        }
    }
    for (int seat = 0; seat < SEAT_COUNT; ++seat) {
        Seat st = static_cast<Seat>(seat);
        for (int pos = 0; pos < BOARD_SIDE; ++pos) {
            // Home line is the second line from the seat's edge; promotion lines count from it too.
            Square home = seat == RED      ? make_square(pos, 1)
                          : seat == BLUE   ? make_square(1, pos)
                          : seat == YELLOW ? make_square(pos, 12)
                                           : make_square(12, pos);
            Square eleventh = seat == RED      ? make_square(pos, 10)
                              : seat == BLUE   ? make_square(10, pos)
                              : seat == YELLOW ? make_square(pos, 3)
                                               : make_square(3, pos);
            Square eighth = seat == RED      ? make_square(pos, 7)
                            : seat == BLUE   ? make_square(7, pos)
                            : seat == YELLOW ? make_square(pos, 6)
                                             : make_square(6, pos);
            if (g.board.test(home)) g.pawn_home[seat].set(home);
            if (g.board.test(eleventh)) g.promotion_line[static_cast<int>(Mode::TEAMS)][seat].set(eleventh);
            if (g.board.test(eighth)) g.promotion_line[static_cast<int>(Mode::FFA)][seat].set(eighth);
        }
        g.rook_corner[seat][0] = back_line_square(st, 3);
        g.rook_corner[seat][1] = back_line_square(st, 10);
        for (int h = 0; h < 2; ++h) {
            int king_pos = 6 + h;
            g.king_home[seat][h] = back_line_square(st, king_pos);
            int short_rook = king_pos == 7 ? 10 : 3;
            int long_rook = king_pos == 7 ? 3 : 10;
            g.castle[seat][h][SHORT] = make_castle_path(st, king_pos, short_rook);
            g.castle[seat][h][LONG] = make_castle_path(st, king_pos, long_rook);
        }
    }
    return g;
}

}  // namespace detail

inline constexpr Geometry GEOMETRY = detail::build_geometry();

constexpr bool is_on_board(Square s) { return s < GRID_SQUARES && GEOMETRY.board.test(s); }

constexpr std::uint8_t NO_DIRECTION = 0xFF;

// LINES.towards[a][b]: the direction from a to b when both are real squares on one rank, file or
// diagonal, else NO_DIRECTION. One byte answers "is b on a line through a, and which": the
// question a king asks of every square a move touches. Only the rows of the four king squares
// are read in a game's hot loops, so the 38 KB table costs a few cache lines.
struct LineDirections {
    std::uint8_t towards[GRID_SQUARES][GRID_SQUARES];
};

namespace detail {
constexpr LineDirections build_line_directions() {
    LineDirections t{};
    for (int a = 0; a < GRID_SQUARES; ++a)
        for (int b = 0; b < GRID_SQUARES; ++b) t.towards[a][b] = NO_DIRECTION;
    for (int a = 0; a < GRID_SQUARES; ++a)
        for (int d = 0; d < DIRECTION_COUNT; ++d)
            for (int i = 0; i < GEOMETRY.ray_length[a][d]; ++i)
                t.towards[a][GEOMETRY.ray[a][d][i]] = static_cast<std::uint8_t>(d);
    return t;
}
}  // namespace detail

inline constexpr LineDirections LINES = detail::build_line_directions();

// The first occupied square from `from` along direction d (exclusive), or NO_SQUARE.
inline Square first_blocker(Square from, int d, const Mask256& occupied) {
    Mask256 hits = GEOMETRY.ray_mask[from][d] & occupied;
    if (hits.none()) return NO_SQUARE;
    return is_increasing(d) ? hits.lsb() : hits.msb();
}

// Direction from `from` to `to`, which lie on one rank, file or diagonal: looked up by the signs
// of the rank and file steps, with no branches (which side of a king a slider stands on is
// anyone's guess, so tests one by one mispredict).
constexpr std::uint8_t DIRECTION_BY_SIGNS[3][3] = {{SOUTH_WEST, SOUTH, SOUTH_EAST},
                                                   {WEST, NORTH /* from == to: never asked */, EAST},
                                                   {NORTH_WEST, NORTH, NORTH_EAST}};
constexpr int direction_towards(Square from, Square to) {
    const int dr = rank_of(to) - rank_of(from), df = file_of(to) - file_of(from);
    return DIRECTION_BY_SIGNS[(dr > 0) - (dr < 0) + 1][(df > 0) - (df < 0) + 1];
}

// Squares from `from` (exclusive) to `to` (inclusive) along direction d; `to` lies on that ray.
inline Mask256 ray_until(Square from, int d, Square to) {
    return GEOMETRY.ray_mask[from][d] & ~GEOMETRY.ray_mask[to][d];
}

// The squares strictly between `a` and `b`, where `b` lies in direction d from `a`: the two rays
// towards each other meet there.
inline Mask256 squares_between(Square a, int d, Square b) {
    return GEOMETRY.ray_mask[a][d] & GEOMETRY.ray_mask[b][OPPOSITE_DIRECTION[d]];
}

// Index 0/1 of `sq` among seat's two king home squares, or -1.
constexpr int king_home_index(Seat seat, Square sq) {
    return sq == GEOMETRY.king_home[seat][0] ? 0 : sq == GEOMETRY.king_home[seat][1] ? 1 : -1;
}

// The modern start's king home index per seat (Red h1, Blue a7, Yellow g14, Green n8).
constexpr int MODERN_KING_HOME[SEAT_COUNT] = {1, 0, 0, 1};

}  // namespace fourchess

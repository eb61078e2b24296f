// Small value types the whole core speaks in: squares, seats, pieces, moves.
#pragma once

#include <cstdint>

namespace fourchess {

// Square index r*14+f on the 14x14 grid (a1 = 0, n14 = 195); corners are off-board indices.
using Square = std::uint8_t;
constexpr Square NO_SQUARE = 0xFF;
constexpr int BOARD_SIDE = 14;
constexpr int GRID_SQUARES = BOARD_SIDE * BOARD_SIDE;
// One mailbox cell past the grid, holding a wall: every slider ray ends on it (geometry.h), so a
// walk along a ray stops at the first non-empty cell with no length test.
constexpr Square EDGE = GRID_SQUARES;

constexpr int file_of(Square s) { return s % BOARD_SIDE; }
constexpr int rank_of(Square s) { return s / BOARD_SIDE; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * BOARD_SIDE + file); }
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < BOARD_SIDE && rank >= 0 && rank < BOARD_SIDE &&
           !((file < 3 || file > 10) && (rank < 3 || rank > 10));
}

enum Seat : std::uint8_t { RED, BLUE, YELLOW, GREEN };
constexpr int SEAT_COUNT = 4;
constexpr Seat next_seat(Seat s) { return static_cast<Seat>((s + 1) & 3); }
// How many seats a bit-per-seat set holds. Baseline x86-64 has no popcount instruction, and the
// builtin is a library call: four bits are cheaper added.
constexpr int seat_count(std::uint8_t seats) {
    return (seats & 1) + ((seats >> 1) & 1) + ((seats >> 2) & 1) + ((seats >> 3) & 1);
}
// Teams: Red+Yellow (even seats) against Blue+Green (odd seats).
constexpr bool same_team(Seat a, Seat b) { return ((a ^ b) & 1) == 0; }

// How seats are written, the one table of it: the core's messages, FEN4 and the step tokens use
// these, and so does Python, through the binding's Seat.title, Seat.letter and Seat.from_letter.
// The seat's name in messages and PGN4 tags: "Red", "Blue", "Yellow", "Green".
constexpr const char* seat_name(Seat s) {
    constexpr const char* NAMES[SEAT_COUNT] = {"Red", "Blue", "Yellow", "Green"};
    return NAMES[s];
}
// The seat's letter: FEN4's turn letter and the step tokens' seat ("resign:B").
constexpr char seat_letter(Seat s) { return "RBYG"[s]; }
// The same letter in lower case: the colour prefix of the seat's pieces in FEN4 ("rP").
constexpr char colour_letter(Seat s) { return static_cast<char>(seat_letter(s) - 'A' + 'a'); }
// The seat whose seat_letter (upper case) is `c`, or -1.
constexpr int seat_of_letter(char c) {
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (seat_letter(static_cast<Seat>(s)) == c) return s;
    return -1;
}
// The seat whose colour_letter (lower case) is `c`, or -1.
constexpr int seat_of_colour(char c) {
    for (int s = 0; s < SEAT_COUNT; ++s)
        if (colour_letter(static_cast<Seat>(s)) == c) return s;
    return -1;
}

enum class Mode : std::uint8_t { TEAMS, FFA };
// Where the kings and queens start (docs/rules.md §3).
enum class StartLayout : std::uint8_t { MODERN, CLASSIC };

// The rule options a game is played under (docs/rules.md §7 and §8).
struct Rules {
    Mode mode = Mode::TEAMS;
    StartLayout setup = StartLayout::MODERN;
    bool dead_king_walking = true;  // FFA: a resigned or flagged seat's king keeps walking
    int move_limit = 0;             // total moves by all seats that ends the game; 0 = none
    // FFA: two seats left 21+ points apart end the game at once (docs/rules.md §7). Off, the leader
    // must claim, as on chess.com, whose records show games going on past such a lead.
    bool points_lead_ends_game = true;
    // FFA: a walking king left with no legal move but not in check is stalemated when its own turn
    // comes (as on chess.com, whose records show it moving again after such a move), instead of
    // right after the move (docs/rules.md fine point 3). Mates stay immediate, as the records' '#' show.
    bool walking_kings_stalemated_on_their_turn = false;
};

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
constexpr int PIECE_TYPE_COUNT = 7;

// Piece byte: bits 0-2 type, bits 3-4 seat, bit 5 dead, bit 6 one-point queen.
// Dead pieces have no seat (seat bits zero): they belong to nobody.
class Piece {
public:
    static constexpr std::uint8_t DEAD_BIT = 1u << 5;
    static constexpr std::uint8_t ONE_POINT_BIT = 1u << 6;
    static constexpr std::uint8_t WALL_BIT = 1u << 7;

    constexpr Piece() = default;
    static constexpr Piece live(Seat seat, PieceType type, bool one_point = false) {
        return Piece(static_cast<std::uint8_t>(type | (seat << 3) | (one_point ? ONE_POINT_BIT : 0)));
    }
    static constexpr Piece dead_piece(PieceType type, bool one_point = false) {
        return Piece(static_cast<std::uint8_t>(type | DEAD_BIT | (one_point ? ONE_POINT_BIT : 0)));
    }
    static constexpr Piece from_bits(std::uint8_t bits) { return Piece(bits); }
    // The mailbox's EDGE cell: not empty, no type, no seat: nobody moves onto it or takes it.
    static constexpr Piece wall() { return Piece(WALL_BIT); }

    constexpr PieceType type() const { return static_cast<PieceType>(bits_ & 7); }
    constexpr Seat seat() const { return static_cast<Seat>((bits_ >> 3) & 3); }
    constexpr bool is_dead() const { return bits_ & DEAD_BIT; }
    constexpr bool is_one_point() const { return bits_ & ONE_POINT_BIT; }
    constexpr bool is_live() const { return type() != NO_PIECE_TYPE && !is_dead(); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr std::uint8_t bits() const { return bits_; }
    constexpr Piece killed() const { return dead_piece(type(), is_one_point()); }
    // Dense index for hash keys: 0..27 live (seat*7 + kind), 28..34 dead (kind); kind 6 = 1-point queen.
    constexpr int hash_index() const {
        int kind = is_one_point() ? 6 : type() - 1;
        return is_dead() ? 28 + kind : seat() * 7 + kind;
    }
    constexpr bool operator==(Piece o) const { return bits_ == o.bits_; }
    constexpr bool operator!=(Piece o) const { return bits_ != o.bits_; }

private:
    constexpr explicit Piece(std::uint8_t bits) : bits_(bits) {}
    std::uint8_t bits_ = 0;
};
constexpr int PIECE_HASH_KINDS = 35;
constexpr Piece NO_PIECE{};

// Move: bits 0-7 from, 8-15 to, 16-18 promotion type, 19-20 kind, 21 promotion to the FFA
// 1-point queen. 0 is the "none" sentinel (from == to == a1 is never a move).
enum class MoveKind : std::uint8_t { NORMAL, DOUBLE_PUSH, EN_PASSANT, CASTLE };

class Move {
    static constexpr std::uint32_t ONE_POINT_FLAG = 1u << 21;

public:
    // Trivial, so move buffers cost nothing to create; `Move()` and `Move{}` are still none,
    // only `Move m;` is uninitialised (like an int).
    Move() = default;
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::NORMAL, PieceType promotion = NO_PIECE_TYPE,
                   bool one_point = false)
        : bits_(static_cast<std::uint32_t>(from) | (static_cast<std::uint32_t>(to) << 8) |
                (static_cast<std::uint32_t>(promotion) << 16) | (static_cast<std::uint32_t>(kind) << 19) |
                (one_point ? ONE_POINT_FLAG : 0u)) {}
    static constexpr Move none() { return from_bits(0); }
    static constexpr Move from_bits(std::uint32_t bits) { return Move(bits, BitsTag{}); }

    constexpr Square from() const { return static_cast<Square>(bits_ & 0xFF); }
    constexpr Square to() const { return static_cast<Square>((bits_ >> 8) & 0xFF); }
    constexpr PieceType promotion() const { return static_cast<PieceType>((bits_ >> 16) & 7); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>((bits_ >> 19) & 3); }
    constexpr bool promotes_to_one_point_queen() const { return bits_ & ONE_POINT_FLAG; }
    // What a player names: from, to and promotion, without the kind the generator works out.
    constexpr std::uint32_t action() const { return bits_ & ~(3u << 19); }
    constexpr std::uint32_t bits() const { return bits_; }
    constexpr explicit operator bool() const { return bits_ != 0; }
    constexpr bool operator==(Move o) const { return bits_ == o.bits_; }
    constexpr bool operator!=(Move o) const { return bits_ != o.bits_; }

private:
    struct BitsTag {};
    constexpr Move(std::uint32_t bits, BitsTag) : bits_(bits) {}
    std::uint32_t bits_;
};

}  // namespace fourchess

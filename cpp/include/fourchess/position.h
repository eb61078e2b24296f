// Position: the 14x14 mailbox, square masks and game state of one moment of a game, and the
// piece-level part of making and unmaking a move. Game consequences (FFA scoring, eliminations,
// turn order, endings) are layered on top in rules.h.
#pragma once

#include <cstdint>
#include <type_traits>

#include "fourchess/geometry.h"
#include "fourchess/mask.h"
#include "fourchess/types.h"
#include "fourchess/zobrist.h"

namespace fourchess {

struct EnPassant {
    Square skipped = NO_SQUARE;  // M: the square the pawn passed over
    Square pawn = NO_SQUARE;     // T: where the pawn now stands
    constexpr bool active() const { return skipped != NO_SQUARE; }
};

// Why a game stopped. Checkmate and stalemate of the side to move in Teams are found on demand
// (rules.h), the rest are recorded when they happen.
enum class Termination : std::uint8_t {
    NONE,
    CHECKMATE,
    STALEMATE,
    KING_CAPTURE,      // Teams: a king was captured (or is missing from a loaded position)
    RESIGNATION,       // Teams
    TIMEOUT,           // Teams
    THREE_ELIMINATED,  // FFA
    POINTS_LEAD,       // FFA: two seats left, 21 or more points apart (automatic or claimed)
    THREEFOLD_REPETITION,
    FIFTY_MOVE_RULE,
    INSUFFICIENT_MATERIAL,  // FFA
    MOVE_LIMIT,
};

// The largest score and ply clock a position holds (docs/rules.md §10, decision 8). Scores stop at
// MAX_POINTS and the clock at MAX_PLY_CLOCK, and FEN4 reading accepts both, so whatever a game
// reaches is written and read back unchanged (and no sum can overflow).
constexpr int MAX_POINTS = 1000000;
constexpr std::uint16_t MAX_PLY_CLOCK = 65535;

// One more ply without a pawn move or capture: counts up to MAX_PLY_CLOCK and stays there, so
// the fifty-move draw still comes (a wrapped clock would restart at 0). No branch: the add's
// carry out of 16 bits is taken back.
constexpr std::uint16_t ply_clock_after_quiet_ply(std::uint16_t clock) {
    const std::uint32_t next = static_cast<std::uint32_t>(clock) + 1;
    return static_cast<std::uint16_t>(next - (next >> 16));
}

constexpr std::uint8_t castling_bit(Seat seat, CastleSide side) {
    return static_cast<std::uint8_t>(1u << (seat * 2 + side));
}

// The part of a position that a move changes other than by moving pieces, kept in one block so
// that saving it before a move and restoring it on undo is a single struct copy (a few vector
// moves) rather than a copy per field. Position and Undo both inherit it, so the fields keep their
// names on both.
struct TurnState {
    Square king_square[SEAT_COUNT] = {NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE};  // live kings
    EnPassant en_passant[SEAT_COUNT];
    std::int32_t points[SEAT_COUNT] = {};  // 0..MAX_POINTS
    std::uint64_t key = 0;
    std::uint16_t ply_clock = 0;  // saturates at MAX_PLY_CLOCK (ply_clock_after_quiet_ply)
    Seat side_to_move = RED;
    std::uint8_t castling = 0;
    // Seat states, a bit per seat. Eliminated: out of the competition (FFA mate, stalemate, king
    // capture, resignation, timeout). Walking: eliminated, but the king still lives and takes its
    // turn (dead_king_walking). Resigned/flagged: how a seat left, kept for FEN4 and Teams results.
    // Teams never eliminates: there `eliminated` is only a FEN4's dead field as written, which
    // marks the game finished (docs/rules.md §10, decision 8); the seat's pieces stay live.
    std::uint8_t eliminated = 0;
    std::uint8_t walking = 0;
    std::uint8_t resigned = 0;
    std::uint8_t flagged = 0;
    Termination termination = Termination::NONE;
    // FFA: bit per seat whose live king is attacked, kept by do_move so that the mate/stalemate
    // pass need not ask again. Valid only while checks_known; editing a square (put_piece,
    // remove_piece, and so FEN4 reading, en passant and eliminations) clears it.
    std::uint8_t checked_seats = 0;
    bool checks_known = false;
    // Bit per seat whose free_move (below) is known to be a "free" move in this position: one
    // that is legal whenever the seat is not in check (free_moves.h). Set by movegen's
    // pre-test when it finds or re-verifies one; make_move keeps the bits of moves it does not
    // touch, and every other edit clears them. So the FFA mate/stalemate pass answers "has a legal
    // move" for most seats by one bit test, and undo brings back the bits of the earlier position.
    // Mutable: a query may record what it found; the position itself does not change.
    mutable std::uint8_t free_moves_known = 0;
    // Per seat the (from, to) of the last free move found: with its bit, a fact; without, a hint
    // that the pre-test re-verifies first.
    mutable Square free_move[SEAT_COUNT][2] = {
        {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}};

    // Pads the block to 64 bytes, so that saving and restoring it are four whole 16-byte moves.
    // Unpadded, Undo's own fields sat in the tail padding, the copies ended with an overlapping
    // move, and the next save's load spanned two earlier stores: a failed store-to-load forward at
    // every make/unmake (make/unmake perft went from 39.5 to 42 M nodes/s with the padding). An
    // alignas(64) as well measured no faster, and made every Undo in a game's history 25 % larger.
    std::uint8_t padding[4] = {};
};
static_assert(sizeof(TurnState) == 64, "TurnState is saved and restored as four 16-byte words");
static_assert(ply_clock_after_quiet_ply(MAX_PLY_CLOCK - 1) == MAX_PLY_CLOCK &&
                  ply_clock_after_quiet_ply(MAX_PLY_CLOCK) == MAX_PLY_CLOCK && ply_clock_after_quiet_ply(0) == 1,
              "the ply clock counts up and stops at its largest value");

// Everything undo_move needs that the move itself does not say: the TurnState before the move,
// and what the move took off the board.
struct Undo : TurnState {
    Piece captured;             // piece that stood on the destination
    Piece captured_en_passant;  // pawn removed from T by an en-passant capture
    Square en_passant_pawn = NO_SQUARE;
    std::uint8_t killed_seats = 0;  // seats whose pieces (or walking king) died in this step
    std::uint8_t mated_seats = 0;   // FFA: seats checkmated by this move
    std::uint8_t stalemated_seats = 0;

    // Squares whose pieces died, per seat. Only seats in killed_seats are ever read, so the words
    // are left uninitialised: they are half of an Undo, and perft creates one per node.
    Mask256 killed(int seat) const {
        return Mask256{{killed_words[seat][0], killed_words[seat][1], killed_words[seat][2], killed_words[seat][3]}};
    }
    void set_killed(int seat, const Mask256& m) {
        for (int i = 0; i < 4; ++i) killed_words[seat][i] = m.w[i];
    }

private:
    std::uint64_t killed_words[SEAT_COUNT][4];
};

class Position : public TurnState {
public:
    // --- state (public for the layers above; only the methods below keep it consistent) ---
    // Besides the TurnState fields (king squares, en passant, points, key, clocks, seat states):
    Piece board[GRID_SQUARES + 1];  // the grid, then the EDGE cell (always the wall)
    Mask256 live_by_seat[SEAT_COUNT];
    Mask256 by_type[PIECE_TYPE_COUNT];  // live and dead pieces of each type
    Mask256 dead;
    Mask256 occupied;
    Mode mode = Mode::TEAMS;
    bool points_lead_ends_game = true;                    // Rules::points_lead_ends_game, needed by the end tests
    bool walking_kings_stalemated_on_their_turn = false;  // the Rules option of that name
    // Per seat the (from, to) of the last free move any scan found, outside the TurnState so that
    // undo keeps it: a seat whose free move a move touched is judged again after each of that
    // node's replies, and what the first reply's scan found usually serves the rest. Only ever a
    // hint (free_moves.h re-verifies it), so it may be stale and never changes an answer.
    mutable Square free_move_found[SEAT_COUNT][2] = {
        {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}, {NO_SQUARE, NO_SQUARE}};
    // Per seat the move the generator last found when the FFA pass asked whether that seat has a
    // legal move (mostly a checked seat's answer to the check). The seat is judged again after each
    // of a node's replies, and most leave that answer legal; so it is tried first, by one
    // make/unmake and a king-safety test. Only a hint (re-verified, may be stale).
    mutable Move legal_move_found[SEAT_COUNT] = {};
    Position() { board[EDGE] = Piece::wall(); }

    // --- queries ---
    bool is_eliminated(Seat s) const { return eliminated & (1u << s); }
    bool is_active(Seat s) const { return !is_eliminated(s); }
    bool is_walking(Seat s) const { return walking & (1u << s); }
    bool takes_turns(Seat s) const { return is_active(s) || is_walking(s); }
    int active_count() const { return SEAT_COUNT - seat_count(eliminated); }
    int seats_taking_turns() const { return active_count() + seat_count(walking); }
    bool game_over() const { return termination != Termination::NONE; }
    // Seats whose live pieces can capture or check `s`'s pieces: Teams the two enemies (always:
    // a Teams dead flag only marks the game finished), FFA all other active seats.
    // Inline: the rules layer asks once per seat per move.
    std::uint8_t opponent_seats(Seat s) const {
        const std::uint8_t others = static_cast<std::uint8_t>(0xF & ~(1u << s));
        if (mode == Mode::TEAMS) return static_cast<std::uint8_t>(others & (s & 1 ? 0b0101 : 0b1010));
        // Walking kings are live pieces: they attack and give check like any king.
        return static_cast<std::uint8_t>(others & (~eliminated | walking));
    }
    Mask256 live_pieces_of(std::uint8_t seats) const {
        Mask256 m;
        for (int s = 0; s < SEAT_COUNT; ++s) {
            const std::uint64_t keep =
                0 - static_cast<std::uint64_t>((seats >> s) & 1u);  // all ones or zero: no branch
            for (int i = 0; i < 4; ++i) m.w[i] |= live_by_seat[s].w[i] & keep;
        }
        return m;
    }

    // --- editing (used by FEN4 reading and by make/unmake) ---
    void clear();
    void put_piece(Square s, Piece p);
    void remove_piece(Square s);
    void set_castling(std::uint8_t rights);
    void set_en_passant(Seat s, EnPassant e);
    // Inline (with save_state): the rules layer calls both once a move.
    void set_side_to_move(Seat s) {
        key ^= ZOBRIST.side[side_to_move] ^ ZOBRIST.side[s];
        side_to_move = s;
    }
    // Marks the seat eliminated and turns its live pieces dead (recorded in undo.killed); with
    // `king_walks` its king stays live and the seat becomes a walking king.
    void eliminate(Seat s, Undo& undo, bool king_walks = false);
    // A walking king is mated, stalemated or captured: it is out for good, its king dead.
    void end_walk(Seat s, Undo& undo);

    // Piece-level make: moves pieces, updates castling rights, en passant, ply clock and key.
    // Does not change the side to move, points or eliminations (rules.h does).
    void make_move(Move m, Undo& undo);
    // Restores everything make_move and the rules layer changed, bit for bit. Inline (below):
    // perft unmakes every leaf, and the quiet move's undo is cheaper than the call.
    void undo_all(Move m, const Undo& undo);
    // Undoes a step that moved no piece (a resignation, timeout or claim).
    void undo_action(const Undo& undo);
    void save_state(Undo& undo) const {
        static_cast<TurnState&>(undo) = *this;
        undo.killed_seats = 0;
        undo.mated_seats = 0;
        undo.stalemated_seats = 0;
    }

    std::uint64_t compute_key() const;  // from scratch, for checking the incremental key

private:
    // Board and masks for one square; with `Hash` the key too (undo restores the saved key).
    template <bool Hash>
    void place(Square s, Piece p);
    template <bool Hash>
    void lift(Square s);
    // The piece on `from` to the empty square `to`.
    template <bool Hash>
    void relocate(Square from, Square to);
    void keep_untouched_free_moves(Move m, Piece moving, Piece captured);
    void clear_castling_for_corner(Square corner);
    void update_castling(Piece piece, Square from, Square to);
    void kill_pieces(Seat s, const Mask256& squares, Undo& undo);
    void revive_killed(const Undo& undo);
    void restore_state(const Undo& undo) { static_cast<TurnState&>(*this) = undo; }
    // The moves make_move and undo_all do not take their short path for: captures, promotions,
    // castling, en passant, double pushes, and (undo) steps that killed pieces. Kept out of line
    // so that the short paths need no spills for their registers.
    void make_special_move(Move m, Undo& undo);
    void undo_special_move(Move m, const Undo& undo);
};

// Move bits above from and to (promotion, kind, one-point flag): a quiet move has none, a double
// push only its kind.
constexpr std::uint32_t DOUBLE_PUSH_HIGH_BITS = Move(0, 0, MoveKind::DOUBLE_PUSH).bits() >> 16;

// Two bit flips per mask instead of a lift and a place: the common quiet move. Forced inline:
// a call costs as much as the flips (the saved registers), and make/undo call it once a move.
template <bool Hash>
[[gnu::always_inline]] inline void Position::relocate(Square from, Square to) {
    const Piece p = board[from];
    board[to] = p;
    board[from] = NO_PIECE;
    const int from_word = from >> 6, to_word = to >> 6;
    const std::uint64_t from_bit = std::uint64_t{1} << (from & 63), to_bit = std::uint64_t{1} << (to & 63);
    auto move_bit = [&](Mask256& m) {
        m.w[from_word] ^= from_bit;
        m.w[to_word] ^= to_bit;
    };
    move_bit(occupied);
    move_bit(by_type[p.type()]);
    if (p.is_dead()) {
        move_bit(dead);
    } else {
        move_bit(live_by_seat[p.seat()]);
        if (p.type() == KING) king_square[p.seat()] = to;
    }
    if (Hash) {
        const auto& keys = ZOBRIST.piece[PIECE_HASH_INDEX.of[p.bits()]];
        key ^= keys[from] ^ keys[to];
    }
}

// Pieces go back without touching the key: restore_state puts back the saved one.
inline void Position::undo_all(Move m, const Undo& undo) {
    // The moves of make_move's short path, when nothing was killed.
    if (((m.bits() >> 16) & ~DOUBLE_PUSH_HIGH_BITS) == 0 && undo.captured.empty() && !undo.killed_seats) {
        relocate<false>(m.to(), m.from());
        restore_state(undo);
        return;
    }
    undo_special_move(m, undo);
}

// Copying a position is a memcpy: search and threaded perft copy freely, nothing is shared.
static_assert(std::is_trivially_copyable_v<Position>, "Position must stay trivially copyable");

// FFA points for capturing a live piece (dead pieces score 0).
int capture_value(Piece p);

}  // namespace fourchess

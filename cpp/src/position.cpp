#include "fourchess/position.h"

#include <cstring>

namespace fourchess {

namespace {

// For each square: 0 if it is no rook corner, else 1 + seat*2 + corner index (0: line position 3,
// 1: line position 10).
struct CornerTable {
    std::uint8_t code[GRID_SQUARES] = {};
};
constexpr CornerTable build_corner_table() {
    CornerTable t{};
    for (int seat = 0; seat < SEAT_COUNT; ++seat)
        for (int c = 0; c < 2; ++c) t.code[GEOMETRY.rook_corner[seat][c]] = static_cast<std::uint8_t>(1 + seat * 2 + c);
    return t;
}
constexpr CornerTable CORNERS = build_corner_table();

}  // namespace

int capture_value(Piece p) {
    if (!p.is_live()) return 0;
    switch (p.type()) {
        case PAWN: return 1;
        case KNIGHT: return 3;
        case BISHOP: return 5;
        case ROOK: return 5;
        case QUEEN: return p.is_one_point() ? 1 : 9;
        case KING: return 20;
        default: return 0;
    }
}

void Position::clear() { *this = Position(); }

template <bool Hash>
void Position::place(Square s, Piece p) {
    board[s] = p;
    occupied.set(s);
    by_type[p.type()].set(s);
    if (p.is_dead()) {
        dead.set(s);
    } else {
        live_by_seat[p.seat()].set(s);
        if (p.type() == KING) king_square[p.seat()] = s;
    }
    if (Hash) key ^= ZOBRIST.piece[PIECE_HASH_INDEX.of[p.bits()]][s];
}

template <bool Hash>
void Position::lift(Square s) {
    Piece p = board[s];
    board[s] = NO_PIECE;
    occupied.clear(s);
    by_type[p.type()].clear(s);
    if (p.is_dead()) {
        dead.clear(s);
    } else {
        live_by_seat[p.seat()].clear(s);
        if (p.type() == KING && king_square[p.seat()] == s) king_square[p.seat()] = NO_SQUARE;
    }
    if (Hash) key ^= ZOBRIST.piece[PIECE_HASH_INDEX.of[p.bits()]][s];
}

void Position::put_piece(Square s, Piece p) {
    place<true>(s, p);
    checks_known = false;
    free_moves_known = 0;
}

void Position::remove_piece(Square s) {
    lift<true>(s);
    checks_known = false;
    free_moves_known = 0;
}

void Position::set_castling(std::uint8_t rights) {
    key ^= ZOBRIST.castling[castling] ^ ZOBRIST.castling[rights];
    castling = rights;
}

void Position::set_en_passant(Seat s, EnPassant e) {
    if (en_passant[s].active()) key ^= ZOBRIST.en_passant[s][en_passant[s].skipped];
    en_passant[s] = e;
    if (e.active()) key ^= ZOBRIST.en_passant[s][e.skipped];
}

void Position::kill_pieces(Seat s, const Mask256& squares, Undo& undo) {
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << s);
    undo.set_killed(s, undo.killed_seats & bit ? undo.killed(s) | squares : squares);
    undo.killed_seats |= bit;
    for (Square sq : squares) {
        Piece p = board[sq];
        remove_piece(sq);
        put_piece(sq, p.killed());
    }
}

void Position::eliminate(Seat s, Undo& undo, bool king_walks) {
    Mask256 dying = live_by_seat[s];
    if (king_walks && king_square[s] != NO_SQUARE) {
        dying.clear(king_square[s]);
        walking |= static_cast<std::uint8_t>(1u << s);
        key ^= ZOBRIST.walking[s];
    }
    kill_pieces(s, dying, undo);
    eliminated |= static_cast<std::uint8_t>(1u << s);
    checks_known = false;  // who attacks whom has changed
    free_moves_known = 0;
    key ^= ZOBRIST.eliminated[s];
    set_en_passant(s, EnPassant{});
}

void Position::end_walk(Seat s, Undo& undo) {
    kill_pieces(s, live_by_seat[s], undo);
    walking &= static_cast<std::uint8_t>(~(1u << s));
    checks_known = false;
    free_moves_known = 0;
    key ^= ZOBRIST.walking[s];
}

// A move leaving from or landing on a rook corner clears that corner's right (docs/rules.md §4,
// decision 2).
void Position::clear_castling_for_corner(Square corner) {
    std::uint8_t code = CORNERS.code[corner];
    if (!code) return;
    Seat seat = static_cast<Seat>((code - 1) >> 1);
    int corner_index = (code - 1) & 1;
    int home = king_home_index(seat, king_square[seat]);
    if (home < 0) home = MODERN_KING_HOME[seat];
    // Corner at line position 3 is 3 squares from home index 0 (position 6): the short side.
    CastleSide side = corner_index == home ? SHORT : LONG;
    if (castling & castling_bit(seat, side)) set_castling(castling & ~castling_bit(seat, side));
}

// A king move clears its seat's rights; a move from or onto a rook corner, that corner's.
[[gnu::always_inline]] inline void Position::update_castling(Piece piece, Square from, Square to) {
    if (piece.type() == KING) {
        const Seat mover = piece.seat();
        set_castling(castling & ~(castling_bit(mover, SHORT) | castling_bit(mover, LONG)));
    }
    // Most moves touch no rook corner: one table lookup each instead of a call.
    if (CORNERS.code[from]) clear_castling_for_corner(from);
    if (CORNERS.code[to]) clear_castling_for_corner(to);
}

// A seat's free move (TurnState::free_moves_known) depends on its piece on the move's from
// square, its king's lines and what stands on its target. A move changes only its own from and
// to, so the free move stays free unless the move touches one of its two squares (lands on the
// piece or the target, empties the target, or is that piece's own move) or moves the seat's king.
// A captured king's seat loses it too. Castling moves a rook as well and drops them all; en passant
// removes its pawn with remove_piece, which drops them all. make_move's quiet path applies the
// rule inline; keep_untouched_free_moves below is the special moves' version.
namespace {

// The seats whose free move has `from` or `to` among its two squares: the eight squares compared
// with both at once, a byte per square (a byte of x ^ (s repeated) is zero exactly where the
// square is s).
[[gnu::always_inline]] inline std::uint8_t seats_touched(const Square (&free_move)[SEAT_COUNT][2], Square from,
                                                         Square to) {
    std::uint64_t squares;
    static_assert(sizeof free_move == sizeof squares, "two squares per seat");
    std::memcpy(&squares, free_move, sizeof squares);
    constexpr std::uint64_t ONES = 0x0101010101010101ULL, LOW7 = 0x7F7F7F7F7F7F7F7FULL, HIGH = 0x8080808080808080ULL;
    auto zero_bytes = [](std::uint64_t x) { return ~(((x & LOW7) + LOW7) | x) & HIGH; };  // 0x80 per zero byte
    std::uint64_t hit = zero_bytes(squares ^ (from * ONES)) | zero_bytes(squares ^ (to * ONES));
    hit |= hit >> 8;  // seat s's two bytes folded into byte 2s
    return static_cast<std::uint8_t>(((hit >> 7) & 1) | ((hit >> 22) & 2) | ((hit >> 37) & 4) | ((hit >> 52) & 8));
}

}  // namespace

void Position::keep_untouched_free_moves(Move m, Piece moving, Piece captured) {
    std::uint8_t drop = seats_touched(free_move, m.from(), m.to());
    if (m.kind() == MoveKind::CASTLE) drop = 0xF;
    if (moving.type() == KING) drop |= static_cast<std::uint8_t>(1u << moving.seat());
    if (captured.is_live() && captured.type() == KING) drop |= static_cast<std::uint8_t>(1u << captured.seat());
    free_moves_known &= static_cast<std::uint8_t>(~drop);
}

void Position::make_move(Move m, Undo& undo) {
    const Square from = m.from(), to = m.to();
    undo.captured = board[to];
    undo.captured_en_passant = NO_PIECE;
    undo.en_passant_pawn = NO_SQUARE;
    // Most moves are quiet steps onto an empty square (no promotion, castling or en passant), a
    // pawn's double push included: then only the piece, the castling rights, the clock and the
    // mover's own en-passant window change.
    const std::uint32_t high = m.bits() >> 16;
    if ((high & ~DOUBLE_PUSH_HIGH_BITS) != 0 || !undo.captured.empty()) {
        make_special_move(m, undo);
        return;
    }
    const Seat mover = side_to_move;
    EnPassant& window = en_passant[mover];
    if (window.active()) key ^= ZOBRIST.en_passant[mover][window.skipped];  // closes whatever it plays
    window = EnPassant{};
    if (high) {  // a double push opens it again over the skipped square
        window = EnPassant{GEOMETRY.pawn_push[mover][from], to};
        key ^= ZOBRIST.en_passant[mover][window.skipped];
    }
    const Piece piece = board[from];
    if (free_moves_known) {
        std::uint8_t drop = seats_touched(free_move, from, to);
        if (piece.type() == KING) drop |= static_cast<std::uint8_t>(1u << mover);
        free_moves_known &= static_cast<std::uint8_t>(~drop);
    }
    relocate<true>(from, to);
    if (castling) update_castling(piece, from, to);
    ply_clock = piece.type() == PAWN ? 0 : ply_clock_after_quiet_ply(ply_clock);
}

[[gnu::noinline]] void Position::make_special_move(Move m, Undo& undo) {
    const Seat mover = side_to_move;
    const Square from = m.from(), to = m.to();
    const Piece piece = board[from];
    if (free_moves_known) keep_untouched_free_moves(m, piece, undo.captured);

    // The mover's own en-passant window closes whatever it plays.
    if (en_passant[mover].active()) set_en_passant(mover, EnPassant{});

    bool resets_clock = piece.type() == PAWN || !undo.captured.empty();

    if (m.kind() == MoveKind::CASTLE) {
        int home = king_home_index(mover, from);
        CastleSide side = GEOMETRY.castle[mover][home][SHORT].king_to == to ? SHORT : LONG;
        const CastlePath& path = GEOMETRY.castle[mover][home][side];
        relocate<true>(path.rook_from, path.rook_to);
        relocate<true>(from, to);
    } else {
        if (m.kind() == MoveKind::EN_PASSANT) {
            for (int s = 0; s < SEAT_COUNT; ++s) {
                if (en_passant[s].skipped == to) {
                    undo.en_passant_pawn = en_passant[s].pawn;
                    undo.captured_en_passant = board[en_passant[s].pawn];
                    remove_piece(en_passant[s].pawn);
                    break;
                }
            }
            resets_clock = true;
        }
        if (!undo.captured.empty()) lift<true>(to);
        if (m.promotion() != NO_PIECE_TYPE) {
            lift<true>(from);
            place<true>(to, Piece::live(mover, m.promotion(), m.promotes_to_one_point_queen()));
        } else {
            relocate<true>(from, to);
        }
        if (m.kind() == MoveKind::DOUBLE_PUSH) {
            Square skipped = GEOMETRY.pawn_push[mover][from];
            set_en_passant(mover, EnPassant{skipped, to});
        }
    }

    // An entry whose pawn was just captured can never be used: drop it (docs/rules.md §4, decision 7).
    if (undo.captured.type() == PAWN && undo.captured.is_live()) {
        const Seat victim = undo.captured.seat();
        if (en_passant[victim].pawn == to) set_en_passant(victim, EnPassant{});
    }
    if (undo.en_passant_pawn != NO_SQUARE) set_en_passant(undo.captured_en_passant.seat(), EnPassant{});

    if (castling) update_castling(piece, from, to);
    ply_clock = resets_clock ? 0 : ply_clock_after_quiet_ply(ply_clock);
}

// Pieces that died in this step stand where they died: give them back their seat.
// The key is not updated: restore_state puts back the saved one.
void Position::revive_killed(const Undo& undo) {
    for (int s = 0; s < SEAT_COUNT; ++s) {
        if (!(undo.killed_seats & (1u << s))) continue;
        for_each_square(undo.killed(s), [&](Square sq) {
            Piece p = board[sq];
            lift<false>(sq);
            place<false>(sq, Piece::live(static_cast<Seat>(s), p.type(), p.is_one_point()));
        });
    }
}

void Position::undo_action(const Undo& undo) {
    if (undo.killed_seats) revive_killed(undo);
    restore_state(undo);
}

[[gnu::noinline]] void Position::undo_special_move(Move m, const Undo& undo) {
    if (undo.killed_seats) revive_killed(undo);
    const Square from = m.from(), to = m.to();
    const Seat mover = undo.side_to_move;
    if (m.kind() == MoveKind::CASTLE) {
        int home = king_home_index(mover, from);
        CastleSide side = GEOMETRY.castle[mover][home][SHORT].king_to == to ? SHORT : LONG;
        const CastlePath& path = GEOMETRY.castle[mover][home][side];
        relocate<false>(path.rook_to, path.rook_from);
        relocate<false>(to, from);
    } else {
        if (m.promotion() != NO_PIECE_TYPE) {
            lift<false>(to);
            place<false>(from, Piece::live(mover, PAWN));
        } else {
            relocate<false>(to, from);
        }
        if (!undo.captured.empty()) place<false>(to, undo.captured);
        if (undo.en_passant_pawn != NO_SQUARE) place<false>(undo.en_passant_pawn, undo.captured_en_passant);
    }
    restore_state(undo);
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = ZOBRIST.side[side_to_move] ^ ZOBRIST.castling[castling];
    for (Square s : occupied) k ^= ZOBRIST.piece[board[s].hash_index()][s];
    for (int s = 0; s < SEAT_COUNT; ++s) {
        if (en_passant[s].active()) k ^= ZOBRIST.en_passant[s][en_passant[s].skipped];
        if (eliminated & (1u << s)) k ^= ZOBRIST.eliminated[s];
        if (walking & (1u << s)) k ^= ZOBRIST.walking[s];
    }
    return k;
}

}  // namespace fourchess

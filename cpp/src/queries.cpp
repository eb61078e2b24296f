#include "fourchess/queries.h"

#include "fourchess/attacks.h"
#include "fourchess/rules.h"

namespace fourchess {

Mask256 pieces_of(const Position& pos, PieceType type, Seat seat) { return pos.by_type[type] & pos.live_by_seat[seat]; }

bool is_capture(const Position& pos, Move m) { return !pos.board[m.to()].empty() || m.kind() == MoveKind::EN_PASSANT; }

std::uint8_t kings_newly_checked(const Position& pos, Move m) {
    const Seat mover = pos.side_to_move;
    const std::uint8_t mover_bit = static_cast<std::uint8_t>(1u << mover);
    Position moved = pos;  // pieces moved, before any elimination: kings of seats put out still stand
    Undo piece_undo;
    moved.make_move(m, piece_undo);
    Position after = pos;
    Undo undo;
    do_move(after, m, undo);
    std::uint8_t checked_seats = 0;
    for (int i = 0; i < SEAT_COUNT; ++i) {
        const Seat s = static_cast<Seat>(i);
        if (s == mover || !pos.takes_turns(s) || (pos.mode == Mode::TEAMS && same_team(s, mover))) continue;
        const Square king = pos.king_square[s];
        if (king == NO_SQUARE) continue;
        const bool was_in_check = in_check(pos, s);
        const bool was_checked_by_mover = was_in_check && is_attacked(pos, king, mover_bit);
        bool checked;
        if (after.takes_turns(s)) {
            const bool now_in_check = in_check(after, s);
            checked = now_in_check && (!was_in_check || is_attacked(after, after.king_square[s], mover_bit));
        } else {  // put out by this move: judge its king where it stood (a captured one was attacked before)
            checked = (undo.mated_seats >> s) & 1 && is_attacked(moved, king, mover_bit);
        }
        if (checked && !was_checked_by_mover) checked_seats |= static_cast<std::uint8_t>(1u << s);
    }
    return checked_seats;
}

bool has_castling_right(const Position& pos, Seat seat, CastleSide side) {
    if (!(pos.castling & castling_bit(seat, side)) || pos.is_walking(seat)) return false;
    const int home = king_home_index(seat, pos.king_square[seat]);  // -1 without a live king too
    if (home < 0) return false;
    const Piece rook = pos.board[GEOMETRY.castle[seat][home][side].rook_from];
    return rook.is_live() && rook.seat() == seat && rook.type() == ROOK;
}

bool insufficient_material_ends_game(const Position& pos) {
    return pos.mode == Mode::FFA && insufficient_material(pos);
}

}  // namespace fourchess

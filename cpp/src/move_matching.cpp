// Matching a move a caller names (from, to, promotion) to the move the rules make of it, without
// generating the other moves: push_unchecked's pseudo-legal test, and the re-check of a move
// remembered from an earlier position. Both ask movement.h's one predicate of the pieces' movement.
#include "fourchess/attacks.h"
#include "fourchess/movegen.h"
#include "movement.h"

namespace fourchess {

namespace {

// Is there an en-passant capture onto `to` for `us`?
bool is_en_passant_square(const Position& pos, Seat us, Square to) {
    return en_passant_targets(pos, pos.opponent_seats(us), friendly_pieces(pos, us)).test(to);
}

// Does the promotion `wanted` names fit a move onto `to` by `piece`? Returns the promotion bits
// the move must carry (FFA: =Q means the 1-point queen, docs/rules.md §11.8).
bool promotion_fits(const Position& pos, Piece piece, Square to, Move wanted, bool& one_point) {
    const bool promotes =
        piece.type() == PAWN && GEOMETRY.promotion_line[static_cast<int>(pos.mode)][piece.seat()].test(to);
    const PieceType promotion = wanted.promotion();
    one_point = false;
    if (!promotes) return promotion == NO_PIECE_TYPE && !wanted.promotes_to_one_point_queen();
    // FFA promotes only to the 1-point queen, and a Move says so itself (=D): a plain =Q Move is
    // refused here as push and legal_move_matching refuse it (text "=Q" is read as =D before this).
    if (pos.mode == Mode::FFA) return one_point = promotion == QUEEN && wanted.promotes_to_one_point_queen();
    return !wanted.promotes_to_one_point_queen() &&
           (promotion == QUEEN || promotion == ROOK || promotion == BISHOP || promotion == KNIGHT);
}

// Could the piece of `us` on m.from() make `m` by its movement (not asking whether its king is
// safe)? Only plain moves and double pushes onto an empty square or a piece it may take (in FFA
// not a live king): castling, en passant and FFA king captures, which need tests of their own, are
// left to the generator.
bool is_plain_pseudo_legal(const Position& pos, Seat us, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.board[from];
    if (!piece.is_live() || piece.seat() != us) return false;
    const Piece target = pos.board[to];
    if (!target.empty() && CAPTURES.of[static_cast<int>(pos.mode)][us][target.bits()] != 1) return false;
    const Movement how = movement(pos, us, piece, from, to);
    if (m.kind() == MoveKind::DOUBLE_PUSH) return how == Movement::DOUBLE_PUSH;
    return m.kind() == MoveKind::NORMAL &&
           (how == Movement::PLAIN || (how == Movement::PAWN_DIAGONAL && !target.empty()));
}

}  // namespace

bool is_still_legal(const Position& pos, Seat us, Move m) {
    if (!m || !is_plain_pseudo_legal(pos, us, m)) return false;
    const Square king = pos.king_square[us] == m.from() ? m.to() : pos.king_square[us];
    return !attacked_after_move(pos, king, pos.opponent_seats(us), m.from(), m.to());
}

Move pseudo_legal_matching(const Position& pos, Move wanted) {
    const Square from = wanted.from(), to = wanted.to();
    const Seat us = pos.side_to_move;
    if (!can_move(pos, us) || from == to || !is_on_board(from) || !is_on_board(to)) return Move::none();
    const Piece piece = pos.board[from];
    if (!piece.is_live() || piece.seat() != us) return Move::none();
    const Piece target = pos.board[to];
    if (!target.empty() && CAPTURES.of[static_cast<int>(pos.mode)][us][target.bits()] == 0) return Move::none();
    bool one_point = false;
    if (!promotion_fits(pos, piece, to, wanted, one_point)) return Move::none();
    MoveKind kind = MoveKind::NORMAL;
    switch (movement(pos, us, piece, from, to)) {
        case Movement::PLAIN: break;
        case Movement::DOUBLE_PUSH: kind = MoveKind::DOUBLE_PUSH; break;
        case Movement::PAWN_DIAGONAL:
            if (is_en_passant_square(pos, us, to))
                kind = MoveKind::EN_PASSANT;
            else if (target.empty())
                return Move::none();
            break;
        case Movement::NONE:
            // A king's two-square step is castling, which only the generator's full test allows.
            return piece.type() == KING ? legal_move_matching(pos, wanted) : Move::none();
    }
    return Move(from, to, kind, wanted.promotion(), one_point);
}

}  // namespace fourchess

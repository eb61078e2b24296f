"""Making a move on a Position: placement, castling rights, en passant entries, ply clock.

The turn and the FFA consequences are left to the caller (board.py, ffa.py), so that the
legality test can reuse this without them.
"""

from __future__ import annotations

from .castling import castling_rook_squares, clear_rights_for_move
from .en_passant import drop_stale_entries, en_passant_victim
from .move import Move
from .pieces import Piece
from .position import MAX_PLY_CLOCK, Position
from .seats import HOME_LINE, own_line
from .squares import file_of, rank_of


def _is_castling(piece: Piece, move: Move) -> bool:
    # A king steps one square; only castling moves it two.
    distance = max(
        abs(file_of(move.from_square) - file_of(move.to_square)),
        abs(rank_of(move.from_square) - rank_of(move.to_square)),
    )
    return piece.kind == "K" and distance == 2


def _is_pawn_capture(piece: Piece, move: Move) -> bool:
    return (
        piece.kind == "P"
        and file_of(move.from_square) != file_of(move.to_square)
        and rank_of(move.from_square) != rank_of(move.to_square)
    )


def make_move(position: Position, move: Move) -> list[Piece]:
    """Play `move` (assumed pseudo-legal) for the piece's owner; return the captured pieces."""
    squares = position.squares
    piece = squares[move.from_square]
    assert piece is not None and piece.owner is not None, "no live piece on the from square"
    seat = piece.owner
    captured: list[Piece] = []

    clear_rights_for_move(position, move.from_square, move.to_square)

    if _is_castling(piece, move):
        rook_from, rook_to = castling_rook_squares(seat, move.from_square, move.to_square)
        squares[rook_to], squares[rook_from] = squares[rook_from], None
    elif _is_pawn_capture(piece, move):
        victim = en_passant_victim(position, seat, move.to_square)
        if victim is not None:
            landed = position.en_passant[victim][1]  # type: ignore[index]
            captured.append(squares[landed])  # type: ignore[arg-type]
            squares[landed] = None
    if squares[move.to_square] is not None:
        captured.append(squares[move.to_square])  # type: ignore[arg-type]

    squares[move.to_square] = Piece(move.promotion, seat) if move.promotion else piece
    squares[move.from_square] = None

    # The mover's own window closes whatever it plays; a double step opens a new one.
    position.en_passant[seat] = None
    if (
        piece.kind == "P"
        and own_line(seat, move.from_square) == HOME_LINE
        and own_line(seat, move.to_square) == HOME_LINE + 2
    ):
        skipped = (move.from_square + move.to_square) // 2
        position.en_passant[seat] = (skipped, move.to_square)
    drop_stale_entries(position)

    # The clock stops at its largest value, where the fifty-move draw is long due (docs/rules.md
    # §10, decision 8).
    position.ply_clock = 0 if piece.kind == "P" or captured else min(position.ply_clock + 1, MAX_PLY_CLOCK)
    return captured

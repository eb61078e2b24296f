"""Attack questions: is a square attacked by the live pieces of some seats? Is a king in check?"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeGuard

from .pieces import SLIDES_DIAGONAL, SLIDES_STRAIGHT, Piece
from .position import Position
from .seats import pawn_attack_origins
from .squares import BISHOP_RAYS, KING_TARGETS, KNIGHT_TARGETS, ROOK_RAYS


def _first_piece(squares: list[Piece | None], ray: tuple[int, ...]) -> Piece | None:
    """The first piece along a ray; dead pieces count, since they block."""
    for square in ray:
        if squares[square] is not None:
            return squares[square]
    return None


def _is_attacker(piece: Piece | None, by_seats: Collection[int], kinds: Collection[str]) -> TypeGuard[Piece]:
    # Dead pieces have owner None, so they never attack.
    return piece is not None and piece.owner in by_seats and piece.kind in kinds


def attackers_of(position: Position, square: int, by_seats: Collection[int]) -> list[Piece]:
    """The live pieces of `by_seats` that attack `square`."""
    squares = position.squares
    found: list[Piece] = []
    for origin in KNIGHT_TARGETS[square]:
        knight = squares[origin]
        if _is_attacker(knight, by_seats, "N"):
            found.append(knight)
    for origin in KING_TARGETS[square]:
        king = squares[origin]
        if _is_attacker(king, by_seats, "K"):
            found.append(king)
    for ray in ROOK_RAYS[square]:
        piece = _first_piece(squares, ray)
        if _is_attacker(piece, by_seats, SLIDES_STRAIGHT):
            found.append(piece)
    for ray in BISHOP_RAYS[square]:
        piece = _first_piece(squares, ray)
        if _is_attacker(piece, by_seats, SLIDES_DIAGONAL):
            found.append(piece)
    for seat in by_seats:
        for origin in pawn_attack_origins(seat, square):
            pawn = Piece("P", seat)
            if squares[origin] == pawn:
                found.append(pawn)
    return found


def is_attacked(position: Position, square: int, by_seats: Collection[int]) -> bool:
    return bool(attackers_of(position, square, by_seats))


def is_in_check(position: Position, seat: int) -> bool:
    """The seat's live king is attacked by a live opponent piece; False if it has no king."""
    king = position.king_square(seat)
    return king is not None and is_attacked(position, king, position.opponents(seat))

"""Attack questions: is a square attacked by the live pieces of some seats? Is a king in check?"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeGuard

from .pieces import SLIDES_DIAGONAL, SLIDES_STRAIGHT, Piece
from .position import Position
from .seats import pawn_attack_origins, pawn_capture_targets
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


def attack_map(position: Position, seat: int) -> dict[int, set[int]]:
    """Every square the live pieces of `seat` attack, with the squares those pieces stand on:
    walked from each piece outwards, not looked for from the target as attackers_of does."""
    found: dict[int, set[int]] = {}
    for origin, piece in enumerate(position.squares):
        if piece is not None and piece.owner == seat:
            for target in _reach(position, origin, piece):
                found.setdefault(target, set()).add(origin)
    return found


def attacker_squares(position: Position, square: int, by_seats: Collection[int]) -> set[int]:
    """Where the live pieces of `by_seats` that attack `square` stand."""
    return {origin for seat in by_seats for origin in attack_map(position, seat).get(square, ())}


def _reach(position: Position, origin: int, piece: Piece) -> set[int]:
    """The squares a live piece on `origin` attacks: the reverse of the looks attackers_of takes
    from the target (a knight attacks where a knight would look from, and so on)."""
    squares = position.squares
    if piece.kind == "N":
        return set(KNIGHT_TARGETS[origin])
    if piece.kind == "K":
        return set(KING_TARGETS[origin])
    if piece.kind == "P":
        return set(pawn_capture_targets(piece.owner, origin))  # type: ignore[arg-type]
    reached = set()
    rays = (ROOK_RAYS[origin] if piece.kind in SLIDES_STRAIGHT else ()) + (
        BISHOP_RAYS[origin] if piece.kind in SLIDES_DIAGONAL else ()
    )
    for ray in rays:
        for target in ray:
            reached.add(target)
            if squares[target] is not None:
                break
    return reached


def is_attacked(position: Position, square: int, by_seats: Collection[int]) -> bool:
    return bool(attackers_of(position, square, by_seats))


def is_in_check(position: Position, seat: int) -> bool:
    """The seat's live king is attacked by a live opponent piece; False if it has no king."""
    king = position.king_square(seat)
    return king is not None and is_attacked(position, king, position.opponents(seat))

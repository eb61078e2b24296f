"""Castling geometry and rights (docs/rules.md §4, fine point 6, docs/rules.md §4, decision 2)."""

from __future__ import annotations

from collections.abc import Iterator

from .move import Move
from .pieces import Piece
from .position import Position
from .squares import file_of, parse_square, rank_of


def _square(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def _squares(*names: str) -> tuple[int, ...]:
    return tuple(_square(name) for name in names)


# A king castles only from one of its seat's two central back-line squares.
KING_HOMES = {0: _squares("g1", "h1"), 1: _squares("a7", "a8"), 2: _squares("g14", "h14"), 3: _squares("n7", "n8")}
ROOK_CORNERS = {0: _squares("d1", "k1"), 1: _squares("a4", "a11"), 2: _squares("d14", "k14"), 3: _squares("n4", "n11")}
# Where the sides are measured from when the king is not on a home square.
MODERN_KING = {0: _square("h1"), 1: _square("a7"), 2: _square("g14"), 3: _square("n8")}

SHORT_DISTANCE = 3  # the short side's rook stands 3 squares from the king, the long side's 4


def _distance(a: int, b: int) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


def _unit_step(a: int, b: int) -> int:
    """Index step of one square from `a` toward `b` along their shared line."""
    return (b - a) // _distance(a, b)


def is_short_corner(position: Position, seat: int, corner: int) -> bool:
    """Whether `corner` is the seat's short side, measured from its king's home square."""
    king = position.king_square(seat)
    origin = MODERN_KING[seat] if king is None or king not in KING_HOMES[seat] else king
    return _distance(origin, corner) == SHORT_DISTANCE


def clear_rights_for_move(position: Position, from_square: int, to_square: int) -> None:
    """A king move clears both rights; touching a rook corner clears that corner's side."""
    mover = position.squares[from_square]
    if mover is not None and mover.kind == "K" and mover.owner is not None:
        position.castle_short[mover.owner] = False
        position.castle_long[mover.owner] = False
    for seat, corners in ROOK_CORNERS.items():
        for corner in corners:
            if corner in (from_square, to_square):
                if is_short_corner(position, seat, corner):
                    position.castle_short[seat] = False
                else:
                    position.castle_long[seat] = False


def castling_rook_squares(seat: int, king_from: int, king_to: int) -> tuple[int, int]:
    """For a castling king move, the rook's corner square and the square it lands on."""
    one = _unit_step(king_from, king_to)
    corner = next(c for c in ROOK_CORNERS[seat] if (c - king_from) * one > 0)
    # The rook lands on the square the king crossed.
    return corner, king_from + one


def castling_candidates(position: Position, seat: int) -> Iterator[tuple[Move, int, int]]:
    """Castling moves allowed by rights and empty squares, with the crossed and landing squares.

    The attack conditions are left to the caller, which knows who the opponents are.
    """
    king = position.king_square(seat)
    if king not in KING_HOMES[seat]:
        return
    for corner in ROOK_CORNERS[seat]:
        short = _distance(king, corner) == SHORT_DISTANCE
        if not (position.castle_short[seat] if short else position.castle_long[seat]):
            continue
        if position.squares[corner] != Piece("R", seat):
            continue
        one = _unit_step(king, corner)
        between = range(king + one, corner, one)
        if any(position.squares[square] is not None for square in between):
            continue
        yield Move(king, king + 2 * one), king + one, king + 2 * one

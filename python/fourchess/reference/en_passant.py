"""En passant (docs/rules.md §4 and fine point 5): who may capture onto a skipped square."""

from __future__ import annotations

from .pieces import Piece
from .position import Position


def en_passant_victim(position: Position, capturer: int, target: int) -> int | None:
    """The seat whose pawn a pawn of `capturer` takes en passant by capturing onto `target`.

    None when no usable entry has `target` as its skipped square. An entry is usable by an
    opponent of the seat that set it, while that seat's pawn still stands on the landing square,
    and only if the skipped square does not hold one of the capturer's own or partner's pieces.
    """
    for seat, entry in enumerate(position.en_passant):
        if entry is None or entry[0] != target or seat not in position.opponents(capturer):
            continue
        skipped, landed = entry
        if position.squares[landed] != Piece("P", seat):
            continue
        occupant = position.squares[skipped]
        if occupant is not None and not position.may_capture(capturer, occupant):
            continue
        return seat
    return None


def drop_stale_entries(position: Position) -> None:
    """An entry whose pawn has left its landing square, or whose seat is out, is gone."""
    for seat, entry in enumerate(position.en_passant):
        if entry is None:
            continue
        if seat in position.eliminated or position.squares[entry[1]] != Piece("P", seat):
            position.en_passant[seat] = None

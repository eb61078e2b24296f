"""Taking a seat out of the FFA competition: fully out, or out with its king still walking (§7)."""

from __future__ import annotations

from .position import Position


def _kill_pieces(position: Position, seat: int, *, spare_king: bool) -> None:
    for square, piece in enumerate(position.squares):
        if piece is not None and piece.owner == seat and not (spare_king and piece.kind == "K"):
            position.squares[square] = piece.killed()


def _mark_out(position: Position, seat: int) -> None:
    # The dead flag is 1 for every eliminated seat, walking ones included. Castling flags stay.
    position.eliminated.add(seat)
    position.dead[seat] = True
    position.en_passant[seat] = None  # its pawns are dead, so the entry could never be used


def eliminate(position: Position, seat: int) -> None:
    """Fully out: every piece of the seat, king included, dies in place (colourless)."""
    _mark_out(position, seat)
    position.walking.discard(seat)
    _kill_pieces(position, seat, spare_king=False)


def start_walking(position: Position, seat: int) -> None:
    """Out of the competition, but the king stays live and keeps the seat's turn slot."""
    _mark_out(position, seat)
    position.walking.add(seat)
    _kill_pieces(position, seat, spare_king=True)

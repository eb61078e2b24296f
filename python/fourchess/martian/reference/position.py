"""A Martian Chess position: the pieces on their squares, the seat to move, the scores and the
no-rejection entry (docs/martian.md §3, §5). Pieces have no owner: a square's zone says who
controls what stands on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import Square, zone_owner

VALUES = {"P": 1, "D": 2, "Q": 3}


@dataclass
class Position:
    players: int
    pieces: dict[Square, str] = field(default_factory=dict)  # square -> "P", "D" or "Q"
    turn: int = 0
    scores: list[int] = field(default_factory=list)
    # (from, to) of the last move when it crossed the canal in a two-player game: the piece on
    # `to` may not go back to `from` on this move
    no_rejection: tuple[Square, Square] | None = None

    def copy(self) -> Position:
        return Position(self.players, dict(self.pieces), self.turn, list(self.scores), self.no_rejection)

    def controlled_by(self, seat: int) -> dict[Square, str]:
        """The pieces standing in the seat's zone."""
        return {sq: kind for sq, kind in self.pieces.items() if zone_owner(self.players, sq) == seat}

    def empty_zone(self) -> bool:
        """Does some zone hold no piece?"""
        occupied = {zone_owner(self.players, sq) for sq in self.pieces}
        return len(occupied) < self.players

    def key(self) -> tuple[object, ...]:
        """What makes two positions the same for repetition: the pieces, the seat to move and
        the no-rejection entry (not the scores)."""
        return (tuple(sorted(self.pieces.items())), self.turn, self.no_rejection)

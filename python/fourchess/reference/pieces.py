"""Pieces: a kind letter and an owning seat; dead pieces have no seat (docs/rules.md §7, decision 1)."""

from __future__ import annotations

from typing import NamedTuple

from .seats import COLOUR_LETTERS

KINDS = "PNBRQKD"  # D = the FFA 1-point queen, moving like a queen
SLIDES_STRAIGHT = frozenset("RQD")
SLIDES_DIAGONAL = frozenset("BQD")
QUEENS = frozenset("QD")

# FFA capture points for live pieces (docs/rules.md §7); dead pieces score 0.
POINTS = {"P": 1, "N": 3, "B": 5, "R": 5, "Q": 9, "D": 1, "K": 20}


class Piece(NamedTuple):
    kind: str
    owner: int | None  # None = dead: blocks squares, attacks nothing, capturable by anyone

    @property
    def is_dead(self) -> bool:
        return self.owner is None

    def fen4(self) -> str:
        """FEN4 cell text: 'rP', 'bD', or 'dP' for a dead piece."""
        prefix = "d" if self.owner is None else COLOUR_LETTERS[self.owner]
        return prefix + self.kind

    def killed(self) -> Piece:
        return Piece(self.kind, None)

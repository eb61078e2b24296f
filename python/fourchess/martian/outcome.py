"""How a Martian Chess game ended (docs/martian.md §4): why, who won, each seat's place and score."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Termination(enum.Enum):
    """Why a game ended; when several endings hold at once, the first of these (docs/martian.md §4, decision 1)."""

    EMPTY_ZONE = "empty_zone"
    NO_LEGAL_MOVE = "no_legal_move"
    REPETITION = "repetition"
    MOVE_LIMIT = "move_limit"


@dataclass(frozen=True)
class Outcome:
    """``termination``: why the game ended. ``winners``: the seats in first place (both seats of a
    winning team). ``places``: each seat's place, 1 first, ties shared. ``scores``: each seat's own
    captures."""

    termination: Termination
    winners: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The outcome as plain data (the termination by its value)."""
        return {
            "termination": self.termination.value,
            "winners": list(self.winners),
            "places": list(self.places),
            "scores": list(self.scores),
        }

"""The vocabulary of a game's end and of the actions recorded on its history."""

from __future__ import annotations

from enum import Enum, auto
from typing import NamedTuple


class Termination(Enum):
    CHECKMATE = auto()
    STALEMATE = auto()
    KING_CAPTURE = auto()
    RESIGNATION = auto()
    TIMEOUT = auto()
    THREE_ELIMINATED = auto()
    POINTS_LEAD = auto()
    THREEFOLD_REPETITION = auto()
    FIFTY_MOVE_RULE = auto()
    INSUFFICIENT_MATERIAL = auto()
    MOVE_LIMIT = auto()


class Team(Enum):
    RED_YELLOW = 0
    BLUE_GREEN = 1

    @classmethod
    def of(cls, seat: int) -> Team:
        # Partners sit opposite each other, so a team is the seats of one parity.
        return cls(seat % 2)

    @property
    def seats(self) -> tuple[int, int]:
        return (self.value, self.value + 2)

    @property
    def other(self) -> Team:
        return Team(1 - self.value)


class Outcome(NamedTuple):
    termination: Termination
    winner: frozenset[int] | None  # the winning seats (Teams: the pair, FFA: top scorers); None: a draw
    ranking: tuple[tuple[int, ...], ...]  # best place first; seats sharing a place together
    points: tuple[int, int, int, int]
    team: Team | None = None  # Teams: the winning side; FFA and draws: None


class GameEvent(NamedTuple):
    """An action on the history that is not a move: what pop() returns for it."""

    kind: str  # "resign", "timeout" or "claim"
    seat: int

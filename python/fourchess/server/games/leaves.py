"""Leaving a game the rules themselves do not end that way (Martian Chess, chess): on the site a
resignation or a timeout ends the game at once, and who placed where follows from who left.

Two players: the other one wins. Teams: the other team wins. Four players each for themselves:
the seat that left is last and the others are placed by their scores, ties sharing a place.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence

from fourchess._quote import quoted
from fourchess.server.games.base import LeaveRefused, Play, Step
from fourchess.server.store.base import StepKind

LEAVE_WORDS = {StepKind.RESIGN: "resigns", StepKind.TIMEOUT: "runs out of time", StepKind.CLAIM: "claims the win"}
LEFT_WORDS = {StepKind.RESIGN: "resigned", StepKind.TIMEOUT: "ran out of time", StepKind.CLAIM: "claimed the win"}


def token(kind: StepKind, seat_name: str) -> str:
    """The stored text of a leave: "resign:WHITE"."""
    return f"{kind.value}:{seat_name}"


def read_token(text: str, seat_names: Sequence[str]) -> tuple[StepKind, int] | None:
    """The leave and the seat a stored text names ("resign:WHITE"), or None when it is no leave."""
    name, colon, seat = text.partition(":")
    if not colon or seat.upper() not in seat_names:
        return None
    try:
        kind = StepKind(name.lower())
    except ValueError:
        return None
    return (kind, seat_names.index(seat.upper())) if kind is not StepKind.MOVE else None


def places_after_leave(leaver: int, scores: Sequence[int], partners: Mapping[int, int]) -> tuple[int, ...]:
    """Each seat's place (1 first) once ``leaver`` left: with two seats or in teams the other side
    is first and the leaver's side second; otherwise the leaver is last and the rest go by score."""
    seats = range(len(scores))
    if len(scores) == 2 or partners:
        losers = {leaver, partners.get(leaver, leaver)}
        return tuple(2 if seat in losers else 1 for seat in seats)
    staying = [seat for seat in seats if seat != leaver]
    return tuple(
        len(scores) if seat == leaver else 1 + sum(scores[other] > scores[seat] for other in staying) for seat in seats
    )


class EndedByLeave(Play):
    """A Play whose game a resignation or a timeout ends: it remembers the leave (``left``), takes
    it back first on ``undo``, and replays leaves and moves alike. A subclass sets ``names`` (its
    seats' names) and ``no_claim`` (why the game has no claiming the win), and plays the moves."""

    names: tuple[str, ...]
    no_claim: str

    def __init__(self) -> None:
        self.left: tuple[StepKind, int] | None = None  # the leave that ended the game

    def leave(self, seat: int, kind: StepKind) -> Step:
        if kind is StepKind.CLAIM:
            raise LeaveRefused(self.no_claim)
        self.left = (kind, seat)
        return Step(token(kind, self.names[seat]), f"{self.names[seat].title()} {LEAVE_WORDS[kind]}")

    def undo(self) -> None:
        if self.left is not None:
            self.left = None
        else:
            self.undo_move()

    def replay(self, text: str) -> Step:
        left = read_token(text, self.names)
        if left is not None:
            return self.leave(left[1], left[0])
        seat = self.turn()
        if seat is None:
            raise ValueError(f"{quoted(text)} follows the game's end")
        return self.move(seat, text)

    def is_over(self) -> bool:
        return self.left is not None or self.rules_ended()

    @abc.abstractmethod
    def undo_move(self) -> None:
        """Take back the last move."""

    @abc.abstractmethod
    def rules_ended(self) -> bool:
        """Have the game's own rules ended it?"""

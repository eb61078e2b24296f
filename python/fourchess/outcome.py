"""How a game ended, as data: the termination, the winner, the ranking and the points."""

from __future__ import annotations

import enum
from typing import NamedTuple

from fourchess._core import Seat, Termination

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")


class Team(enum.Enum):
    """The two sides of Teams mode: partners sit opposite each other."""

    RED_YELLOW = frozenset({Seat.RED, Seat.YELLOW})
    BLUE_GREEN = frozenset({Seat.BLUE, Seat.GREEN})

    @property
    def seats(self) -> frozenset[Seat]:
        """The team's two seats."""
        return self.value


class Outcome(NamedTuple):
    """How a game ended. ``termination``: why (a :class:`Termination`). ``winner``: a
    :class:`Team` in Teams (``None`` for a draw); in FFA the frozenset of seats with the most
    points. ``ranking``: places from first to last, each a tuple of the seats sharing it.
    ``points``: each seat's points, in seat order."""

    termination: Termination
    winner: Team | frozenset[Seat] | None
    ranking: tuple[tuple[Seat, ...], ...]
    points: tuple[int, int, int, int]


class GameEvent(NamedTuple):
    """A step that is not a move: ``kind`` is ``"resign"``, ``"timeout"`` or ``"claim"``, and
    ``seat`` the seat that took it."""

    kind: str
    seat: Seat


def ranking_by_points(points: tuple[int, ...]) -> tuple[tuple[Seat, ...], ...]:
    """Seats ordered by points, most first; equal points share a place."""
    places: dict[int, list[Seat]] = {}
    for seat in Seat:
        places.setdefault(points[seat], []).append(seat)
    return tuple(tuple(places[score]) for score in sorted(places, reverse=True))


def teams_outcome(termination: Termination, winners: frozenset[Seat], points: tuple[int, int, int, int]) -> Outcome:
    """The Teams :class:`Outcome` for the core's winning seats (none: a draw)."""
    if not winners:
        return Outcome(termination, None, (tuple(Seat),), points)
    team = Team.RED_YELLOW if winners == Team.RED_YELLOW.seats else Team.BLUE_GREEN
    losers = tuple(seat for seat in Seat if seat not in winners)
    return Outcome(termination, team, (tuple(sorted(winners)), losers), points)


def ffa_outcome(termination: Termination, points: tuple[int, int, int, int]) -> Outcome:
    """The FFA :class:`Outcome`: the seats ranked by points, the first place winning."""
    ranking = ranking_by_points(points)
    return Outcome(termination, frozenset(ranking[0]), ranking, points)


def result_text(outcome: Outcome | None, is_ffa: bool, names: tuple[str, ...]) -> str:
    """PGN4 ``Result``: ``1-0`` Red+Yellow won, ``0-1`` Blue+Green won, ``1/2-1/2`` a draw, ``*``
    not over; FFA ``name: points - name: points - ...`` in seat order."""
    if outcome is None:
        return "*"
    if is_ffa:
        return " - ".join(f"{names[seat]}: {outcome.points[seat]}" for seat in Seat)
    if outcome.winner is None:
        return "1/2-1/2"
    return "1-0" if outcome.winner is Team.RED_YELLOW else "0-1"

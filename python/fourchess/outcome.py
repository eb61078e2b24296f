"""How a game ended, as data: the termination, the winner, the ranking and the points."""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

from fourchess._core import Seat, Termination
from fourchess._quote import quoted
from fourchess._serial import fields, list_field, named, seat_field, seat_names, seat_set_field, text_field

# "Red", "Blue", "Yellow", "Green": the players a result names by default
SEAT_TITLES: tuple[str, str, str, str] = (Seat.RED.title, Seat.BLUE.title, Seat.YELLOW.title, Seat.GREEN.title)


class Team(enum.Enum):
    """The two sides of Teams mode: partners sit opposite each other."""

    RED_YELLOW = frozenset({Seat.RED, Seat.YELLOW})
    BLUE_GREEN = frozenset({Seat.BLUE, Seat.GREEN})

    @property
    def seats(self) -> frozenset[Seat]:
        """The two partners' seats."""
        return self.value


class Outcome(NamedTuple):
    """How a game ended.

    ``termination``: why (a :class:`Termination`). ``winner``: the winning seats, a frozenset in
    both modes (Teams: the two partners; FFA: the seats with the most points), ``None`` for a
    Teams draw. ``ranking``: places from first to last, each a tuple of the seats sharing it, in
    seat order. ``points``: each seat's points, in seat order. ``team``: the winning
    :class:`Team` in Teams, ``None`` in FFA and for a draw (a field, because an FFA tie between
    Red and Yellow has the same ``winner`` as a Red+Yellow Teams win).
    """

    termination: Termination
    winner: frozenset[Seat] | None
    ranking: tuple[tuple[Seat, ...], ...]
    points: tuple[int, int, int, int]
    team: Team | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: names for seats and the termination, seat lists in seat order.

        >>> import fourchess
        >>> board = fourchess.Board()
        >>> board.resign(fourchess.Seat.RED)
        >>> board.outcome().to_dict()["winner"]
        ['BLUE', 'GREEN']
        """
        return {
            "termination": self.termination.name,
            "winner": None if self.winner is None else seat_names(self.winner),
            "ranking": [seat_names(place) for place in self.ranking],
            "points": {seat.name: int(self.points[seat]) for seat in Seat},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, mode: str) -> Outcome:
        """The Outcome :meth:`to_dict` gave. ``mode`` (``"teams"`` or ``"ffa"``) is needed because
        the data cannot tell a Teams win from an FFA tie between partners. TypeError or
        ValueError naming the field for anything else."""
        fields(data, "Outcome", ("termination", "winner", "ranking", "points"))
        ffa = _is_ffa(mode)
        termination = Termination[named(data["termination"], Termination.__members__, "Outcome", "termination")]
        winner = None if data["winner"] is None else seat_set_field(data["winner"], "Outcome", "winner")
        ranking = _ranking_field(data["ranking"])
        points = _points_field(data["points"])
        if winner is not None and frozenset(ranking[0]) != winner:
            raise ValueError(
                f"Outcome.from_dict: field 'winner' {quoted(data['winner'])} is not the first place of the ranking"
            )
        if ffa:
            if winner is None:
                raise ValueError("Outcome.from_dict: field 'winner' must name the top seats in FFA, got None")
            return cls(termination, winner, ranking, points)
        if winner is None:
            return cls(termination, None, ranking, points)
        team = next((team for team in Team if team.seats == winner), None)
        if team is None:
            raise ValueError(
                f"Outcome.from_dict: field 'winner' must be a team of partners in Teams, got {quoted(data['winner'])}"
            )
        return cls(termination, winner, ranking, points, team)


class GameEvent(NamedTuple):
    """A step that is not a move: ``kind`` is ``"resign"``, ``"timeout"`` or ``"claim"``, and
    ``seat`` the seat that took it."""

    kind: str
    seat: Seat

    def to_dict(self) -> dict[str, str]:
        """Plain data for JSON: ``{"kind": "resign", "seat": "RED"}``."""
        return {"kind": self.kind, "seat": Seat(self.seat).name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameEvent:
        """The GameEvent :meth:`to_dict` gave; TypeError or ValueError naming the bad field."""
        fields(data, "GameEvent", ("kind", "seat"))
        kind = text_field(data["kind"], "GameEvent", "kind")
        if kind not in _EVENT_KINDS:
            raise ValueError(
                f"GameEvent.from_dict: field 'kind' must be one of {', '.join(_EVENT_KINDS)}, got {quoted(kind)}"
            )
        return cls(kind, seat_field(data["seat"], "GameEvent", "seat"))


_EVENT_KINDS = ("resign", "timeout", "claim")


def _is_ffa(mode: object) -> bool:
    if not isinstance(mode, str) or mode.lower() not in ("teams", "ffa"):
        raise ValueError(f"mode must be 'teams' or 'ffa', got {quoted(mode)}")
    return mode.lower() == "ffa"


def _ranking_field(value: object) -> tuple[tuple[Seat, ...], ...]:
    places = [seat_set_field(place, "Outcome", "ranking") for place in list_field(value, "Outcome", "ranking")]
    seen = [seat for place in places for seat in place]
    if not places or any(not place for place in places) or sorted(seen) != list(Seat):
        raise ValueError(f"Outcome.from_dict: field 'ranking' must place each seat once, got {quoted(value)}")
    return tuple(tuple(sorted(place)) for place in places)


def _points_field(value: object) -> tuple[int, int, int, int]:
    if not isinstance(value, dict):
        raise TypeError(f"Outcome.from_dict: field 'points' must be a dict of seat names, got {type(value).__name__}")
    by_seat = {seat_field(key, "Outcome", "points"): score for key, score in value.items()}
    if len(by_seat) != len(value) or set(by_seat) != set(Seat):
        raise ValueError(
            f"Outcome.from_dict: field 'points' must give each of the four seats once, got {quoted(value)}"
        )
    for score in by_seat.values():
        if isinstance(score, bool) or not isinstance(score, int):
            raise TypeError(f"Outcome.from_dict: field 'points' must give int scores, got {quoted(score)}")
    return (by_seat[Seat.RED], by_seat[Seat.BLUE], by_seat[Seat.YELLOW], by_seat[Seat.GREEN])


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
    return Outcome(termination, team.seats, (tuple(sorted(winners)), losers), points, team)


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
    if outcome.team is None:
        return "1/2-1/2"
    return "1-0" if outcome.team is Team.RED_YELLOW else "0-1"

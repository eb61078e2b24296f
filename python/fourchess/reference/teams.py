"""Teams results that can be read off the board (RULES.md §6, fine point 7)."""

from __future__ import annotations

from .position import Position
from .seats import SEATS


def losing_seats(position: Position) -> set[int]:
    """Seats whose king is gone (captured) or that are flagged dead, resigned or out of time."""
    return {
        seat for seat in SEATS
        if position.king_square(seat) is None
        or position.dead[seat] or position.resigned[seat] or position.flagged[seat]
    }


def team_of(seat: int) -> frozenset[int]:
    return frozenset({seat % 2, seat % 2 + 2})


def other_team(seat: int) -> frozenset[int]:
    return team_of(seat + 1)


def decided_winner(position: Position) -> frozenset[int] | None:
    """The winning team when exactly one team has a losing seat; None if both (or neither) do."""
    losing_teams = {team_of(seat) for seat in losing_seats(position)}
    if len(losing_teams) != 1:
        return None
    return other_team(min(next(iter(losing_teams))))

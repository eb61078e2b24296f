"""Teams results that can be read off the board (docs/rules.md §6, fine point 7)."""

from __future__ import annotations

from .outcome import Team, Termination
from .position import Position
from .seats import SEATS


def losing_seats(position: Position) -> set[int]:
    """Seats whose king is gone (captured) or that are flagged dead, resigned or out of time."""
    return {
        seat
        for seat in SEATS
        if position.king_square(seat) is None
        or position.dead[seat]
        or position.resigned[seat]
        or position.flagged[seat]
    }


def termination_by_losing_seat(position: Position) -> Termination | None:
    """Why a seat lost, most telling first: a missing king, a timeout, else a resignation (a
    bare dead flag in a FEN4 is read as one)."""
    if any(position.king_square(seat) is None for seat in SEATS):
        return Termination.KING_CAPTURE
    if any(position.flagged):
        return Termination.TIMEOUT
    if any(position.resigned) or any(position.dead):
        return Termination.RESIGNATION
    return None


def decided_winner(position: Position) -> Team | None:
    """The winning team when exactly one team has a losing seat; None if both (or neither) do."""
    losing_teams = {Team.of(seat) for seat in losing_seats(position)}
    if len(losing_teams) != 1:
        return None
    return next(iter(losing_teams)).other

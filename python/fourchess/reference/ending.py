"""Whether and how a game has ended, and its Outcome (docs/rules.md §6-8)."""

from __future__ import annotations

from . import teams
from .attacks import is_in_check
from .movegen import has_legal_move
from .outcome import Outcome, Team, Termination
from .position import Position
from .seats import SEATS

TEAM_WINS = (Termination.CHECKMATE, Termination.KING_CAPTURE, Termination.RESIGNATION, Termination.TIMEOUT)


def ended_by_rule(position: Position) -> Termination | None:
    """Position-level ends other than the side to move having no move (cheap: perft asks it)."""
    if position.is_ffa:
        return position.ended
    return teams.termination_by_losing_seat(position)


def position_termination(position: Position) -> Termination | None:
    """Every end that perft honours: the ones above, then a side to move with no legal move."""
    termination = ended_by_rule(position)
    if termination is not None or has_legal_move(position, position.turn):
        return termination
    return Termination.CHECKMATE if is_in_check(position, position.turn) else Termination.STALEMATE


def game_termination(position: Position) -> Termination | None:
    """Position-level ends plus the history ends the Board recorded (which only ever follow a
    move after which the position itself was not over)."""
    return position.history_end or position_termination(position)


def _teams_winner(position: Position, termination: Termination) -> Team | None:
    if termination not in TEAM_WINS:
        return None  # stalemate and every history end are draws
    if termination is Termination.CHECKMATE:
        return Team.of(position.turn).other  # the side to move is mated on its own turn
    return teams.decided_winner(position)


def _ranking_by_points(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Best place first; seats with equal points share a place (in seat order)."""
    levels = sorted(set(points), reverse=True)
    return tuple(tuple(seat for seat in SEATS if points[seat] == level) for level in levels)


def build_outcome(position: Position, termination: Termination) -> Outcome:
    points = (position.points[0], position.points[1], position.points[2], position.points[3])
    if position.is_ffa:
        ranking = _ranking_by_points(points)
        return Outcome(termination, frozenset(ranking[0]), ranking, points)
    winner = _teams_winner(position, termination)
    if winner is None:
        return Outcome(termination, None, (tuple(SEATS),), points)
    return Outcome(termination, frozenset(winner.seats), (winner.seats, winner.other.seats), points, winner)

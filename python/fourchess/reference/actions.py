"""Resignation, timeout and claiming a win: actions on the history that are not moves.

The Board refuses them once the game is over; these functions check the rest.
"""

from __future__ import annotations

from . import ffa
from .outcome import Termination
from .position import Position
from .seat_states import eliminate, start_walking
from .seats import SEAT_LETTERS


def leave(position: Position, seat: int, *, timed_out: bool, dead_king_walking: bool) -> None:
    """The seat resigns (or runs out of time). Teams: its team has lost. FFA: it is eliminated,
    its king walking if the option is on; the turn moves on if it was the seat's; then the FFA
    end tests run, but no mate pass."""
    if seat in position.eliminated:
        raise ValueError(f"seat {SEAT_LETTERS[seat]} is already eliminated")
    if timed_out:
        position.flagged[seat] = True
    else:
        position.resigned[seat] = True
    if not position.is_ffa:
        return  # the flag alone ends the game (teams.termination_by_losing_seat)
    if dead_king_walking:
        start_walking(position, seat)
    else:
        eliminate(position, seat)
    if position.turn == seat:
        position.turn = position.next_seat_taking_turns(seat)
    ffa.run_end_tests(position)


def claim_win(position: Position, seat: int) -> None:
    """FFA, exactly two active seats, `seat` ahead by 21+: the game ends on the points lead and,
    as at the automatic 21-point end, the trailing seat gets +20."""
    name = SEAT_LETTERS[seat]
    if not position.is_ffa:
        raise ValueError("claim_win: a win can be claimed only in FFA")
    active = position.active_seats()
    if len(active) != 2:
        raise ValueError(f"claim_win: needs exactly two active seats, there are {len(active)}")
    if seat not in active:
        raise ValueError(f"claim_win: seat {name} is not active")
    other = next(s for s in active if s != seat)
    lead = position.points[seat] - position.points[other]
    if lead < ffa.GAP_TO_END:
        raise ValueError(f"claim_win: seat {name} leads by {lead} points, {ffa.GAP_TO_END} or more are needed")
    ffa.pay_seat_left_standing(position, other)
    position.ended = Termination.POINTS_LEAD

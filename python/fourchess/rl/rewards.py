"""Rewards from how a game ended: what a learning environment pays each seat at the end.

Teams: +1 to each seat of the winning team, -1 to each loser, 0 to all four for a draw.
FFA: a reward for each place of the ranking by points (docs/rules.md §7), first to fourth
``+1, +1/3, -1/3, -1``; seats tied on points share the average of the places they span, so the
four rewards always add up to 0.

>>> import fourchess
>>> teams = fourchess.Board()
>>> teams.resign(fourchess.Seat.BLUE)
>>> outcome_rewards(teams.outcome())
(1.0, -1.0, 1.0, -1.0)
>>> ffa = fourchess.Board(mode="ffa")
>>> for seat in (fourchess.Seat.RED, fourchess.Seat.BLUE, fourchess.Seat.YELLOW):
...     ffa.resign(seat)  # each king walks on; Green, last active, takes their 3 x 20 points
>>> ffa.outcome().points
(0, 0, 0, 60)
>>> [round(reward, 4) for reward in outcome_rewards(ffa.outcome())]  # three tied for second
[-0.3333, -0.3333, -0.3333, 1.0]
"""

from __future__ import annotations

from fourchess._core import Seat
from fourchess.outcome import Outcome

PLACE_REWARDS: tuple[float, float, float, float] = (1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0)
"""The FFA reward of first, second, third and fourth place: evenly spaced from +1 to -1."""


def outcome_rewards(outcome: Outcome) -> tuple[float, float, float, float]:
    """Each seat's reward, in seat order, for a finished game's :class:`~fourchess.Outcome`.

    A Teams outcome is known by its ``team`` field or, for a draw, by ``winner`` being ``None``;
    any other outcome is ranked as FFA.
    """
    if not isinstance(outcome, Outcome):
        raise TypeError(f"outcome must be a fourchess.Outcome, got {type(outcome).__name__}")
    if outcome.team is not None:
        return _by_seat({seat: 1.0 if seat in outcome.team.seats else -1.0 for seat in Seat})
    if outcome.winner is None:  # only a Teams draw has no winner
        return (0.0, 0.0, 0.0, 0.0)
    rewards: dict[Seat, float] = {}
    place = 0
    for tied in outcome.ranking:
        shared = PLACE_REWARDS[place : place + len(tied)]
        for seat in tied:
            rewards[seat] = sum(shared) / len(shared)
        place += len(tied)
    return _by_seat(rewards)


def _by_seat(rewards: dict[Seat, float]) -> tuple[float, float, float, float]:
    return (rewards[Seat.RED], rewards[Seat.BLUE], rewards[Seat.YELLOW], rewards[Seat.GREEN])

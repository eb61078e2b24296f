"""The Elo difference a match score implies, with its 95% interval.

Each game gives player A a score x in [0, 1] (Teams: 1 win, 1/2 draw, 0 loss; FFA: see
:mod:`fourchess.engine.match`). Over n games, with s the mean score:

    Elo(s)  = -400 * log10(1/s - 1)                   the logistic Elo model, s = 1/(1 + 10^(-D/400))
    var     = (1/n) * sum((x_i - s)^2)                the per-game score variance
    s +- 1.959964 * sqrt(var / n)                     the 95% normal interval on the mean score,
                                                      mapped through Elo() at both ends

An end of that interval at or beyond 0 or 1 is unbounded (-inf/+inf). A perfect score (s = 1)
has no variance to measure, so the interval is the one-sided bound p^n = 0.025: the lowest
per-game score under which n straight wins still happen 2.5% of the time; Elo is above Elo(p).
A zero score is the mirror image.

>>> round(elo_from_score(0.75), 2)
190.85
>>> print(estimate([1.0] * 10))
Elo > +140.2 (95%; score 100.0% in 10 games)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from fourchess._quote import quoted

Z_95 = 1.959964  # the two-sided 95% quantile of the normal distribution
TAIL_95 = 0.025


def elo_from_score(score: float) -> float:
    """The Elo difference at which the stronger side's expected score is ``score`` (0 < s < 1)."""
    if not 0 < score < 1:
        raise ValueError(f"an Elo difference needs a score strictly between 0 and 1, got {quoted(score)}")
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: an even score is +0, not -0


@dataclass(frozen=True)
class EloEstimate:
    """``elo`` is None for a 0% or 100% score; ``low``/``high`` may be -inf/+inf."""

    games: int
    score: float
    elo: float | None
    low: float
    high: float

    def __str__(self) -> str:
        tail = f"(95%; score {100 * self.score:.1f}% in {self.games} games)"
        if self.elo is None:
            return f"Elo > {self.low:+.1f} {tail}" if self.score == 1 else f"Elo < {self.high:+.1f} {tail}"
        return f"Elo {self.elo:+.1f} [{self.low:+.1f}, {self.high:+.1f}] {tail}"

    def brief(self) -> str:
        """The estimate in whole points for a progress line: ``Elo +35 [-12, +80]``."""
        if self.elo is None:
            return f"Elo > {self.low:+.0f}" if self.score == 1 else f"Elo < {self.high:+.0f}"
        return f"Elo {self.elo:+.0f} [{self.low:+.0f}, {self.high:+.0f}]"


def estimate(scores: Sequence[float]) -> EloEstimate:
    """The Elo estimate from player A's per-game scores (see the module docstring)."""
    n = len(scores)
    if n == 0:
        raise ValueError("an Elo estimate needs at least one game")
    if any(not 0 <= x <= 1 for x in scores):
        raise ValueError("every game score must lie in [0, 1]")
    mean = sum(scores) / n
    if mean in (0, 1):
        bound = elo_from_score(TAIL_95 ** (1 / n))
        if mean == 1:
            return EloEstimate(n, mean, None, bound, math.inf)
        return EloEstimate(n, mean, None, -math.inf, -bound)
    spread = Z_95 * math.sqrt(sum((x - mean) ** 2 for x in scores) / n / n)
    return EloEstimate(n, mean, elo_from_score(mean), _elo_or_infinite(mean - spread), _elo_or_infinite(mean + spread))


def _elo_or_infinite(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return elo_from_score(score)

"""The sequential probability ratio test that decides a match: is A stronger than B by ``elo1``
(H1) rather than by only ``elo0`` (H0)?

The fishtest convention: the games go on until the log-likelihood ratio (LLR) of H1 against H0
leaves ``(log(beta / (1 - alpha)), log((1 - beta) / alpha))``; below, H0 is accepted (the change
is rejected), above, H1 (the change is accepted). ``alpha`` is the chance of accepting H1 when H0
holds, ``beta`` of accepting H0 when H1 holds; both 0.05 make the bounds -2.94 and +2.94.

Elo here is logistic: an Elo difference D means an expected score of 1/(1 + 10^(-D/400)), as
:mod:`fourchess.engine.elo` reports it. A sample is the mean score of one opening's games
(Teams: the two seatings, the pentanomial model; FFA: the four), so the luck of an opening
cancels within the sample; only openings whose games have all been played count. The LLR is the
generalised SPRT's: over the outcomes a sample can take (Teams pairs: 0, 1/4, .. 1), the
observed frequencies f, and for each hypothesis the distribution closest to f (maximum
likelihood) whose mean is that hypothesis's score s:

    p_s(a) = f(a) / (1 + L * (a - s)),    L chosen so that the mean of p_s is s
    LLR    = n * sum over a of f(a) * log(p_s1(a) / p_s0(a))

Every outcome gets a pseudo-count of 1e-3 so that no probability is zero. Unlike the normal
approximation, this stays sane on few samples: one won pair is worth about log(s1/s0), not a
decision.

>>> test = parse_sprt("elo0=0,elo1=10")
>>> round(test.lower, 2), round(test.upper, 2)
(-2.94, 2.94)
>>> pairs = 5 * [0] + 15 * [0.25] + 40 * [0.5] + 25 * [0.75] + 15 * [1]  # 57.5%: +52 Elo
>>> test.decision(pairs) is None  # 100 openings are not enough to tell 10 Elo from 0
True
>>> parse_sprt("elo0=0,elo1=50").decision(3 * pairs)  # 300 are enough to tell 50 from 0
'H1'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fourchess._quote import quoted

PSEUDO_COUNT = 1e-3


class SprtError(ValueError):
    """An ``--sprt`` text that cannot be read: it quotes the text and names the bad part."""


@dataclass(frozen=True)
class Sprt:
    """The test's hypotheses (logistic Elo of A over B) and error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1"):
            if not -1000 < getattr(self, name) < 1000:
                raise SprtError(f"{name} must lie between -1000 and 1000, got {getattr(self, name):g}")
        if not self.elo0 < self.elo1:
            raise SprtError(f"elo0 must be below elo1, got elo0={self.elo0:g}, elo1={self.elo1:g}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise SprtError(f"{name} must lie strictly between 0 and 0.5, got {getattr(self, name):g}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, samples: Sequence[float], grid: int = 4) -> float:
        """The LLR of H1 against H0 from per-opening mean scores in [0, 1]; ``grid`` is the
        number of steps between 0 and 1 a sample can take (4 for a Teams pair: 0, 1/4 .. 1)."""
        if not samples:
            return 0.0
        counts = [PSEUDO_COUNT] * (grid + 1)
        for x in samples:
            counts[min(grid, max(0, round(x * grid)))] += 1
        total = sum(counts)
        frequencies = [c / total for c in counts]
        outcomes = [k / grid for k in range(grid + 1)]
        p0 = _closest_with_mean(outcomes, frequencies, _score(self.elo0))
        p1 = _closest_with_mean(outcomes, frequencies, _score(self.elo1))
        return len(samples) * sum(f * math.log(b / a) for f, a, b in zip(frequencies, p0, p1, strict=True))

    def decision(self, samples: Sequence[float], grid: int = 4) -> str | None:
        """``"H1"`` (A is better by elo1: accept the change), ``"H0"`` (reject it) or ``None``
        (play on)."""
        llr = self.llr(samples, grid)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def describe(self, samples: Sequence[float], grid: int = 4) -> str:
        """The fishtest line: ``LLR 1.23 (-2.94, 2.94) [0, 10]``."""
        return f"LLR {self.llr(samples, grid):.2f} ({self.lower:.2f}, {self.upper:.2f}) [{self.elo0:g}, {self.elo1:g}]"


def _score(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def _closest_with_mean(outcomes: Sequence[float], frequencies: Sequence[float], mean: float) -> list[float]:
    """The distribution on ``outcomes`` of greatest likelihood for the observed ``frequencies``
    among those with the given ``mean`` (0 < mean < 1): f / (1 + L*(a - mean)), with L found by
    bisection. The mean of that family falls as L rises; L must keep every denominator above 0."""
    low = -1 / (max(outcomes) - mean)
    high = 1 / (mean - min(outcomes))
    for _ in range(200):
        middle = (low + high) / 2
        drift = sum(f * (a - mean) / (1 + middle * (a - mean)) for a, f in zip(outcomes, frequencies, strict=True))
        if drift > 0:
            low = middle
        else:
            high = middle
    weights = [f / (1 + low * (a - mean)) for a, f in zip(outcomes, frequencies, strict=True)]
    total = sum(weights)
    return [w / total for w in weights]


_ITEM = re.compile(r"(elo0|elo1|alpha|beta)=([-+]?[0-9]*\.?[0-9]+)")


def parse_sprt(text: str) -> Sprt:
    """Reads ``elo0=E0,elo1=E1[,alpha=A,beta=B]``; :class:`SprtError` names what is wrong."""
    values: dict[str, float] = {}
    for item in text.split(","):
        found = _ITEM.fullmatch(item.strip())
        if found is None:
            raise SprtError(
                f"--sprt {quoted(text)}: {quoted(item)} is not one of elo0=, elo1=, alpha=, beta= with a number"
            )
        if found[1] in values:
            raise SprtError(f"--sprt {quoted(text)}: {found[1]} given twice")
        values[found[1]] = float(found[2])
    missing = [name for name in ("elo0", "elo1") if name not in values]
    if missing:
        raise SprtError(f"--sprt {quoted(text)}: {' and '.join(missing)} missing (e.g. elo0=0,elo1=10)")
    try:
        return Sprt(**values)
    except SprtError as error:
        raise SprtError(f"--sprt {quoted(text)}: {error}") from None

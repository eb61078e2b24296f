"""The Elo maths of fourchess match, against values worked out by hand from the formulas in
fourchess/engine/elo.py: Elo(s) = -400*log10(1/s - 1); interval s +- 1.959964*sqrt(var/n)."""

import math

import pytest

from fourchess.engine.elo import elo_from_score, estimate


@pytest.mark.parametrize(
    "score, elo",
    [
        (0.5, 0.0),
        (0.75, 190.85),  # -400*log10(1/3) = 400*0.47712
        (0.25, -190.85),
        (0.7, 147.19),  # -400*log10(3/7) = 400*0.36798
        (10 / 11, 400.0),  # 1/s - 1 = 1/10: exactly 400
    ],
)
def test_elo_from_score(score, elo):
    assert elo_from_score(score) == pytest.approx(elo, abs=0.005)


@pytest.mark.parametrize("score", [0.0, 1.0, -0.1, 1.5])
def test_elo_needs_a_score_strictly_inside_0_1(score):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        elo_from_score(score)


def test_interval_from_the_per_game_variance():
    # 60 wins, 20 draws, 20 losses: s = 0.7; var = (60*0.3^2 + 20*0.2^2 + 20*0.7^2)/100 = 0.16;
    # se = sqrt(0.16/100) = 0.04; s +- 0.078399 = [0.621601, 0.778399] -> Elo [86.23, 218.25].
    result = estimate([1.0] * 60 + [0.5] * 20 + [0.0] * 20)
    assert result.score == pytest.approx(0.7)
    assert result.elo == pytest.approx(147.19, abs=0.005)
    assert result.low == pytest.approx(86.23, abs=0.005)
    assert result.high == pytest.approx(218.25, abs=0.005)
    assert str(result) == "Elo +147.2 [+86.2, +218.3] (95%; score 70.0% in 100 games)"
    assert result.brief() == "Elo +147 [+86, +218]"  # for progress lines


def test_an_interval_end_past_100_percent_is_unbounded():
    # 3 wins, 1 draw: s = 0.875; var = (3*0.125^2 + 0.375^2)/4 = 0.046875; se = 0.108253;
    # s - 0.212172 = 0.662828 -> Elo 117.42; s + 0.212172 = 1.087 is past 1: +inf.
    result = estimate([1.0, 1.0, 1.0, 0.5])
    assert result.low == pytest.approx(117.42, abs=0.005)
    assert result.high == math.inf


def test_a_perfect_score_gives_a_one_sided_bound():
    # 10 straight wins: p^10 = 0.025 at p = 0.025^0.1 = 0.691503 -> Elo above 140.22.
    result = estimate([1.0] * 10)
    assert result.elo is None and result.high == math.inf
    assert result.low == pytest.approx(140.22, abs=0.005)
    assert str(result) == "Elo > +140.2 (95%; score 100.0% in 10 games)"
    assert result.brief() == "Elo > +140"


def test_a_zero_score_gives_the_mirror_bound():
    result = estimate([0.0] * 10)
    assert result.elo is None and result.low == -math.inf
    assert result.high == pytest.approx(-140.22, abs=0.005)
    assert str(result).startswith("Elo < -140.2 ")
    assert result.brief() == "Elo < -140"


def test_all_draws_is_zero_with_no_spread():
    result = estimate([0.5] * 6)
    assert (result.elo, result.low, result.high) == (0.0, 0.0, 0.0)
    assert str(result).startswith("Elo +0.0 [+0.0, +0.0]")  # not -0.0: log10(1) times -400


@pytest.mark.parametrize("scores", [[], [1.2], [-0.5, 1.0]])
def test_bad_scores_are_refused(scores):
    with pytest.raises(ValueError):
        estimate(scores)

"""The SPRT that decides a match (fourchess.engine.sprt) and the match stopping on its verdict."""

import math
import random
import subprocess
import sys

import pytest

from fourchess.engine.match import GameRecord, MatchConfig, run_match
from fourchess.engine.match_summary import MatchSummary
from fourchess.engine.sprt import Sprt, SprtError, parse_sprt


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("", "is not one of"),
        ("elo0=0", "elo1 missing"),
        ("alpha=0.1", "elo0 and elo1 missing"),
        ("elo0=0,elo1=10,elo0=1", "elo0 given twice"),
        ("elo0=0,elo1=ten", "'elo1=ten' is not one of"),
        ("elo0=0;elo1=10", "is not one of"),
        ("elo0=10,elo1=10", "elo0 must be below elo1"),
        ("elo0=5,elo1=-5", "elo0 must be below elo1"),
        ("elo0=0,elo1=5000", "elo1 must lie between -1000 and 1000"),
        ("elo0=0,elo1=10,alpha=0.5", "alpha must lie strictly between 0 and 0.5"),
        ("elo0=0,elo1=10,beta=0", "beta must lie strictly between 0 and 0.5"),
    ],
)
def test_unreadable_tests_are_refused_by_name(text, complaint):
    with pytest.raises(SprtError, match=complaint) as raised:
        parse_sprt(text)
    assert isinstance(raised.value, ValueError)


def test_a_long_bad_text_is_quoted_in_part():
    with pytest.raises(SprtError) as raised:
        parse_sprt("elo0=0,elo1=10," + "x" * 10_000)
    assert len(str(raised.value)) < 500


def test_fishtest_bounds():
    test = parse_sprt(" elo0=-1.5 , elo1=+3.5 ")
    assert (test.elo0, test.elo1, test.alpha, test.beta) == (-1.5, 3.5, 0.05, 0.05)
    assert test.lower == pytest.approx(-math.log(19)) and test.upper == pytest.approx(math.log(19))
    looser = parse_sprt("elo0=0,elo1=5,alpha=0.1,beta=0.2")
    assert looser.lower == pytest.approx(math.log(0.2 / 0.9)) and looser.upper == pytest.approx(math.log(0.8 / 0.1))


PAIRS = [0] * 5 + [0.25] * 15 + [0.5] * 40 + [0.75] * 25 + [1] * 15  # a Teams-like spread, 57.5%


def _normal_llr(test, samples):
    """The textbook approximation: samples normal with their observed variance."""
    n, mean = len(samples), sum(samples) / len(samples)
    variance = sum((x - mean) ** 2 for x in samples) / n
    s0, s1 = (1 / (1 + 10 ** (-elo / 400)) for elo in (test.elo0, test.elo1))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


@pytest.mark.parametrize("elo0, elo1", [(0, 10), (-5, 5), (0, 50), (20, 40)])
def test_llr_agrees_with_the_normal_approximation_on_a_full_spread(elo0, elo1):
    test = Sprt(elo0, elo1)
    assert test.llr(PAIRS) == pytest.approx(_normal_llr(test, PAIRS), rel=0.15, abs=0.05)


def test_llr_grows_with_the_evidence_and_changes_sign_with_it():
    test = Sprt(0, 20)
    assert test.llr([]) == 0.0
    assert test.llr(3 * PAIRS) == pytest.approx(3 * test.llr(PAIRS), rel=1e-3)  # same spread, thrice the samples
    mirrored = [1 - x for x in PAIRS]  # 42.5%: evidence for H0
    assert test.llr(mirrored) < 0 < test.llr(PAIRS)
    better = [1] * 5 + sorted(PAIRS)[5:]  # the five lost pairs won instead
    assert test.llr(better) > test.llr(PAIRS)


def test_one_sample_is_never_a_decision():
    test = Sprt(0, 10)
    for outcome in (0, 0.25, 0.5, 0.75, 1):
        assert abs(test.llr([outcome])) < 1 and test.decision([outcome]) is None


def test_all_draws_reject_a_large_gain_quickly():
    assert Sprt(0, 200).decision([0.5] * 10) == "H0"
    assert Sprt(0, 200).decision([1.0] * 10) == "H1"


def test_ffa_grid_takes_sixths():
    test = Sprt(0, 30)
    sixths = [k / 24 for k in range(25)] * 8  # every FFA opening mean, evenly: 50%
    assert test.llr(sixths, grid=24) < 0
    assert test.llr([x**0.5 for x in sixths], grid=24) > 0  # shifted up


# -- the LLR against hand computation ----------------------------------------------------------
#
# On two outcomes (grid=1: a sample is 0 or 1) a mean fixes the distribution: p_s = (1 - s, s), so
# the LLR is the binomial SPRT's, n * (f(1) log(s1/s0) + f(0) log((1 - s1)/(1 - s0))). With
# elo0 = 0 and elo1 = 400 log10(3): s0 = 1/2, s1 = 3/4.
#   [1, 1, 0]: 3 * (2/3 log(3/2) + 1/3 log(1/2)) = log(9/4 * 1/2) = log(9/8) = 0.11778;
#   the pseudo-counts (1e-3 per outcome) make f(1) = 2.001/3.002, f(0) = 1.001/3.002: 0.11742.
#   n ones: n log(3/2) (less n * 1e-3/(n + 2e-3) * log 3 for the pseudo-count), against the bound
#   log(19) = 2.944: 7 ones give 2.837, undecided; 8 give 3.243, H1.
#   [0, 0, 0]: 3 log(1/2) = -2.079 (H0 needs -2.944).
ELO_FOR_THREE_QUARTERS = 400 * math.log10(3)


def test_llr_on_two_outcomes_is_the_binomial_one_by_hand():
    test = Sprt(0, ELO_FOR_THREE_QUARTERS)
    assert test.llr([1, 1, 0], grid=1) == pytest.approx(math.log(9 / 8), abs=5e-4)
    f1, f0 = 2.001 / 3.002, 1.001 / 3.002
    assert test.llr([1, 1, 0], grid=1) == pytest.approx(3 * (f1 * math.log(1.5) + f0 * math.log(0.5)), rel=1e-9)
    assert test.llr([1] * 7, grid=1) == pytest.approx(2.8372, abs=1e-4) and test.decision([1] * 7, grid=1) is None
    assert test.llr([1] * 8, grid=1) == pytest.approx(3.2426, abs=1e-4) and test.decision([1] * 8, grid=1) == "H1"
    assert test.llr([0, 0, 0], grid=1) == pytest.approx(-2.0783, abs=1e-4) and test.decision([0] * 3, grid=1) is None


# On three outcomes (grid=2: 0, 1/2, 1), samples [0, 1/2, 1/2, 1] give f = (1/4, 1/2, 1/4), whose
# mean is 1/2: with elo0 = 0 (s0 = 1/2), p_s0 = f. For s1 = 0.6 (elo1 = 400 log10(3/2) = 70.4),
# with d = a - s1 = (-0.6, -0.1, 0.4), L solves sum f d / (1 + L d) = 0:
#   -3/(1 - 0.6L) - 1/(1 - 0.1L) + 2/(1 + 0.4L) = 0      (times 20)
#   -3(1 + 0.3L - 0.04L^2) - (1 - 0.2L - 0.24L^2) + 2(1 - 0.7L + 0.06L^2) = 0
#   0.48L^2 - 2.1L - 2 = 0,  L = (2.1 - sqrt(8.25)) / 0.96 = -0.80446
# (the other root, 5.18, makes 1 - 0.6L negative). Then p_s1 = f / (1 + L d) =
# (0.16861, 0.46277, 0.36862), whose sum is 1 and mean 0.6, and
#   LLR = 4 * sum f log(p_s1 / f) = -(log(1 - 0.6L) + 2 log(1 - 0.1L) + log(1 + 0.4L)) = -0.16031;
# the pseudo-counts move it by 4e-5.
def test_llr_on_three_outcomes_by_hand():
    test = Sprt(0, 400 * math.log10(1.5))
    root = (2.1 - math.sqrt(8.25)) / 0.96
    assert root == pytest.approx(-0.80446, abs=1e-5)
    by_hand = -(math.log(1 - 0.6 * root) + 2 * math.log(1 - 0.1 * root) + math.log(1 + 0.4 * root))
    assert by_hand == pytest.approx(-0.16031, abs=1e-5)
    assert test.llr([0, 0.5, 0.5, 1], grid=2) == pytest.approx(by_hand, abs=1e-4)
    assert test.llr([1, 0.5, 0.5, 0], grid=2) == test.llr([0, 0.5, 0.5, 1], grid=2)  # order is no evidence


def _simulate(test, true_elo, rng, cap=4000):
    """One SPRT run on pairs drawn from a pentanomial spread whose mean is the true score."""
    score = 1 / (1 + 10 ** (-true_elo / 400))
    base = [0.1, 0.2, 0.4, 0.2, 0.1]  # mean 0.5; sum of base[k] * (k - 2)^2 / 4 is 0.3
    weights = [w * (1 + (score - 0.5) / 0.3 * (k - 2)) for k, w in enumerate(base)]  # tilted to mean score
    samples = []
    while len(samples) < cap:
        samples.extend(rng.choices([0, 0.25, 0.5, 0.75, 1], weights, k=20))
        decision = test.decision(samples)
        if decision is not None:
            return decision
    return None


def test_error_rates_hold_in_simulation():
    rng = random.Random(19)
    test = Sprt(0, 40)
    runs = 150
    under_h0 = [_simulate(test, 0, rng) for _ in range(runs)]
    under_h1 = [_simulate(test, 40, rng) for _ in range(runs)]
    assert under_h0.count("H1") / runs <= 0.10  # alpha = 0.05, with room for 150 runs' spread
    assert under_h1.count("H0") / runs <= 0.10  # beta = 0.05
    assert under_h0.count(None) + under_h1.count(None) == 0


# -- the match ---------------------------------------------------------------------------


def _record(number, score):
    return GameRecord(number, "ABAB", "", None, (0, 0, 0, 0), (1, 1, 1, 1), score, 0, "")


def test_opening_samples_wait_for_every_seating():
    config = MatchConfig("random", "random", games=10)
    records = [_record(4, 1.0), _record(1, 0.5), _record(5, 0.0), _record(3, 0.5), _record(2, 0.0)]
    assert config.opening_samples(records) == [0.25, 0.75]  # openings 1 and 2; 3 waits for game 6
    ffa = MatchConfig("random", "random", mode="ffa", games=8)
    assert ffa.opening_samples([_record(n, n / 8) for n in (1, 2, 3, 4, 5)]) == [pytest.approx(10 / 32)]
    assert (config.sample_grid, ffa.sample_grid) == (4, 24)


def test_a_match_stops_once_the_test_decides():
    test = Sprt(0, 200)  # random against random, every game capped at 4 plies: all draws, H0 fast
    config = MatchConfig("random", "random", max_plies=4, sprt=test)
    assert config.total_games == 20_000  # the cap, unless --games says otherwise
    seen = []
    records = run_match(config, on_game=seen.append)
    assert len(records) == len(seen) and len(records) % 2 == 0 and len(records) < 40
    assert test.decision([0.5] * (len(records) // 2)) == "H0"
    assert test.decision([0.5] * (len(records) // 2 - 1)) is None  # not one opening more than needed
    assert "SPRT H0 accepted" in MatchSummary(config, records).report()[-2]


def test_a_match_in_two_processes_stops_and_counts_whole_openings():
    config = MatchConfig("random", "random", max_plies=4, sprt=Sprt(0, 200), games=200)
    records = run_match(config, concurrency=2)
    numbers = [r.number for r in records]
    assert len(records) < 60 and numbers == sorted(set(numbers))  # in order; a gap if a game lagged
    assert config.sprt_decision(records) == "H0"
    whole = len(config.opening_samples(records))
    assert config.sprt.decision([0.5] * (whole - 1)) is None  # the last whole opening decided it


def test_the_game_cap_can_come_first():
    config = MatchConfig("random", "random", max_plies=4, sprt=Sprt(0, 10), games=6)
    records = run_match(config)
    assert len(records) == 6 and config.sprt_decision(records) is None
    assert "SPRT undecided: the game cap came first" in MatchSummary(config, records).report()[-2]


def test_match_command_with_sprt():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourchess",
            "match",
            "random",
            "random",
            "--max-plies",
            "4",
            "--sprt",
            "elo0=0,elo1=200",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "SPRT H0 accepted" in done.stdout and "LLR -" in done.stdout and "(-2.94, 2.94) [0, 200]" in done.stdout
    assert "LLR" in done.stderr.splitlines()[-1]  # the progress line shows it as the match goes


def test_match_command_refuses_a_bad_sprt():
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "match", "random", "random", "--sprt", "elo1=10"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "elo0 missing" in done.stderr and "Traceback" not in done.stderr

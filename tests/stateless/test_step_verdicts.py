"""check_move judges the steps that are not moves: may this seat resign, time out or claim the
win now? The reference (fourchess.reference) says it independently: its Board either takes the
step or raises. The two agree on every token of every seat, along random games that leave seats
by resigning and timing out, and across the 21-point line of a claim."""

from __future__ import annotations

import random

import pytest

import fourchess
import fourchess.reference
from fourchess import Refusal, Rules, Seat
from support.fen4 import fen4

KINDS = ("resign", "timeout", "claim")
TOKENS = [f"{kind}:{letter}" for kind in KINDS for letter in "RBYG"]
GAMES_PER_VARIANT = 12
MAX_STEPS = 60
LEAVE_CHANCE = 0.08  # per step: a seat still in the game resigns or times out
VARIANTS = {
    "teams": {"mode": "teams"},
    "ffa": {"mode": "ffa"},
    "ffa, kings die with their seat": {"mode": "ffa", "dead_king_walking": False},
    "ffa, the lead is claimed": {"mode": "ffa", "points_lead_ends_game": False},
}


def reference_verdict(board: fourchess.reference.Board, token: str) -> Refusal | None:
    """What the reference makes of the token: None when it takes it, else the refusal its reason
    amounts to (the reference says why in words, not as a Refusal)."""
    kind, letter = token.split(":")
    seat = "RBYG".index(letter)
    trial = board.copy()
    try:
        getattr(trial, "claim_win" if kind == "claim" else kind)(seat)
    except ValueError:
        if board.termination() is not None:
            return Refusal.GAME_OVER
        if seat in board.eliminated:
            return Refusal.ALREADY_ELIMINATED
        assert kind == "claim", f"the reference refused {token} for a reason no refusal names"
        return Refusal.CANNOT_CLAIM
    return None


def assert_agree(root: str | None, steps: list[str], rules: Rules, reference: fourchess.reference.Board) -> None:
    for token in TOKENS:
        verdict = fourchess.check_move(root, steps, token, rules=rules)
        expected = reference_verdict(reference, token)
        where = f"{token} after {steps}"
        assert verdict.reason is expected, (where, verdict.message)
        assert verdict.ok is (expected is None), where
        assert verdict.move == (token if expected is None else None), where


@pytest.mark.parametrize("variant", VARIANTS, ids=list(VARIANTS))
def test_every_token_agrees_with_the_reference_along_random_games(variant):
    seen: set[Refusal | None] = set()
    for number in range(GAMES_PER_VARIANT):
        rng = random.Random(f"{variant} {number}")
        rules = Rules(**VARIANTS[variant])
        core = fourchess.Board(rules=rules)
        reference = fourchess.reference.Board(rules=fourchess.reference.Rules(**VARIANTS[variant]))
        steps: list[str] = []
        for _ in range(MAX_STEPS):
            assert_agree(None, steps, rules, reference)
            seen.update(reference_verdict(reference, token) for token in TOKENS)
            if core.is_game_over():
                break
            active = [seat for seat in Seat if seat not in core.eliminated]
            if rng.random() < LEAVE_CHANCE:
                kind, seat = rng.choice(["resign", "timeout"]), rng.choice(active)
                getattr(core, kind)(seat)
                getattr(reference, kind)(int(seat))
            else:
                move = rng.choice(sorted(core.legal_moves, key=str))
                core.push(move)
                reference.push_move(str(move))
            steps = core.step_texts()
    # The walks reached every answer a token can get in this variant.
    expected = {None, Refusal.GAME_OVER, Refusal.CANNOT_CLAIM}
    if VARIANTS[variant]["mode"] == "ffa":
        expected.add(Refusal.ALREADY_ELIMINATED)
    assert expected <= seen, seen


# FFA, Blue and Yellow out: Red and Green are the two seats left, their points set on each side of
# the 21-point line (docs/rules.md §7).
@pytest.mark.parametrize("red, green", [(21, 0), (20, 0), (40, 19), (40, 20), (0, 21), (0, 20), (5, 5)])
@pytest.mark.parametrize("automatic", [False, True], ids=["claimed", "automatic"])
def test_a_claim_is_allowed_exactly_from_a_21_point_lead(red, green, automatic):
    pieces = {"h1": "rK", "d2": "rP", "n8": "gK", "m5": "gP", "a7": "bK", "g14": "yK"}
    root = fen4(pieces, "R", dead=(0, 1, 1, 0), points=(red, 0, 0, green))
    rules = Rules(mode="ffa", points_lead_ends_game=automatic)
    reference_rules = fourchess.reference.Rules(mode="ffa", points_lead_ends_game=automatic)
    reference = fourchess.reference.Board(root, rules=reference_rules)
    assert_agree(root, [], rules, reference)
    for leader in (Seat.RED, Seat.GREEN):
        lead = (red - green) if leader is Seat.RED else (green - red)
        verdict = fourchess.check_move(root, [], f"claim:{'RBYG'[leader]}", rules=rules)
        # With the automatic end, a 21-point lead has ended the game already: nothing to claim.
        if automatic and abs(red - green) >= 21:
            assert verdict.reason is Refusal.GAME_OVER, verdict.message
        else:
            assert verdict.ok is (lead >= 21), verdict.message
            if not verdict.ok:
                assert f"by {lead} points" in verdict.message


def test_a_token_is_judged_in_any_case_and_written_as_the_history_writes_it():
    verdict = fourchess.check_move(None, ["h2-h4"], " Timeout:g ", seat="GREEN", mode="ffa")
    assert verdict.ok and verdict.move == "timeout:G"
    assert verdict.message == "legal step ' Timeout:g ' for Green"
    assert fourchess.apply(None, ["h2-h4", verdict.move], mode="ffa") == fourchess.apply(
        None, ["h2-h4", " Timeout:g "], mode="ffa"
    )


def test_a_seat_may_resign_when_it_is_not_its_turn():
    # Red is to move; Yellow resigns all the same (Teams: its team loses at once).
    verdict = fourchess.check_move(None, [], "resign:Y", seat=Seat.YELLOW)
    assert verdict.ok, verdict.message
    assert fourchess.status(None, [verdict.move])["outcome"]["termination"] == "RESIGNATION"


def test_a_long_token_is_quoted_bounded():
    verdict = fourchess.check_move(None, [], "resign:" + "R" * 10_000)
    assert verdict.reason is Refusal.UNPARSEABLE
    assert len(verdict.message) < 300, verdict.message

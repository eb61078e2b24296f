"""Core and reference over whole random games: moves, resignations, timeouts, walking kings and
claims, played to the end under each rule variant; both must agree at every step, on the legal
moves, checks, points, eliminations, walking kings, termination and PGN4 result.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import fourchess
import fourchess.reference
from support.differential_games import choose, differences, observe
from support.move_events import en_passant_entries, move_facts

GAMES_PER_VARIANT = 12
MAX_STEPS = 3_000  # a safety net: the fifty-move rule ends every game long before
LEAVE_CHANCE = 0.006  # per step: some active seat resigns or times out

# name -> (rules keyword arguments shared by both implementations)
VARIANTS = {
    "teams": {"mode": "teams"},
    "ffa": {"mode": "ffa"},
    "ffa house rules": {"mode": "ffa", "dead_king_walking": False},
    "ffa claims": {"mode": "ffa", "points_lead_ends_game": False},
    "ffa move limit": {"mode": "ffa", "move_limit": 120},
    "ffa chess.com": {"mode": "ffa", "points_lead_ends_game": False, "walking_kings_stalemated_on_their_turn": True},
}


def whole_observation(board) -> dict[str, object]:
    seen = observe(board)
    outcome = board.outcome()
    seen["walking kings"] = sorted(int(seat) for seat in board.walking_kings)
    seen["termination"] = None if outcome is None else outcome.termination.name
    seen["result"] = board.result()
    return seen


def step(rng: random.Random, core, reference, events: Counter) -> str:
    """Play one random step on both boards; returns its text."""
    rules = core.rules
    active = [seat for seat in range(4) if seat not in core.eliminated]
    if rules.mode == "ffa" and not rules.points_lead_ends_game and len(active) == 2:
        leader = max(active, key=lambda seat: core.points[seat])
        if core.points[leader] - min(core.points[seat] for seat in active) >= 21:
            core.claim_win(leader)
            reference.claim_win(leader)
            events["claim"] += 1
            return f"claim by {leader}"
    if rng.random() < LEAVE_CHANCE and active:
        seat = rng.choice(active)
        kind = rng.choice(["resign", "timeout"])
        getattr(core, kind)(seat)
        getattr(reference, kind)(seat)
        events[kind] += 1
        return f"{kind} of {seat}"
    moves = sorted(core.legal_moves, key=str)
    en_passant = en_passant_entries(core.fen4())
    facts = [move_facts(core, move, en_passant) for move in moves]
    index = choose(rng, moves, facts)
    text = str(moves[index])
    if core.turn in core.walking_kings:
        events["walking king move"] += 1
    events.update(facts[index].events)
    core.push_move(text)
    reference.push_move(text)
    return text


def play_whole_game(variant: str, seed: int, events: Counter) -> list[str]:
    rng = random.Random(seed)
    core = fourchess.Board(rules=fourchess.Rules(**VARIANTS[variant]))
    reference = fourchess.reference.Board(rules=fourchess.reference.Rules(**VARIANTS[variant]))
    steps = 0
    for _ in range(MAX_STEPS):
        if core.is_game_over():
            break
        before = core.fen4()
        text = step(rng, core, reference, events)
        steps += 1
        problems = differences(whole_observation(core), whole_observation(reference))
        if problems:
            return [f"{variant} seed {seed}: after {text} from {before}: " + "; ".join(problems)]
    else:
        return [f"{variant} seed {seed}: no end after {MAX_STEPS} steps"]
    events["game ended: " + core.outcome().termination.name.lower()] += 1
    # Taking every step back restores the root on both boards.
    for _ in range(steps):
        core.pop()
        reference.pop()
    if core.fen4() != reference.fen4() or core.fen4() != fourchess.Board(rules=core.rules).fen4():
        return [f"{variant} seed {seed}: popping every step gives {core.fen4()} / {reference.fen4()}"]
    return []


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_whole_games_agree(variant, record_property):
    events: Counter = Counter()
    problems = []
    for seed in range(GAMES_PER_VARIANT):
        problems += play_whole_game(variant, seed, events)
    record_property("events", dict(events))
    print(f"\n{variant}: {GAMES_PER_VARIANT} whole games, events {dict(sorted(events.items()))}")
    assert problems == []
    assert sum(count for name, count in events.items() if name.startswith("game ended")) == GAMES_PER_VARIANT

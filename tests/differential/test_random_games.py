"""Core and reference, move for move along seeded random games (docs/rules.md as the contract).

After every move both must agree on the legal-move set, the check status of every seat, points,
eliminated seats, game-over status, winner and FEN4. Along the same games the core's incremental
Zobrist key must equal the key computed from scratch, and popping every move must restore the
FEN4 and key recorded before it.
"""

from __future__ import annotations

import functools
import time

import pytest

from support.differential_games import MODES, Summary, play_games

GAMES_PER_START = 4
SLOW_FACTOR = 10
MINIMUM_POSITIONS = 2_000

# Thresholds well under what the seeded games reach: they prove the bias makes every event happen.
MINIMUM_EVENTS = {
    "teams": {
        "capture": 1_000,
        "check given": 500,
        "double step": 300,
        "castling": 30,
        "en passant": 30,
        "promotion": 20,
        "king capture": 5,
        "end by checkmate": 10,
        "end by king capture": 5,
        "end by stalemate": 1,
    },
    "ffa": {
        "capture": 1_000,
        "capture of a dead piece": 50,
        "check given": 700,
        "double step": 300,
        "castling": 30,
        "en passant": 25,
        "promotion": 50,
        "king capture": 5,
        "elimination by checkmate": 25,
        "elimination by king capture": 5,
        "elimination by stalemate": 3,
        "FFA check bonus": 40,
        "end by insufficient material": 5,
        "end by points lead": 4,
        "end by three eliminated": 1,
    },
}


@functools.cache
def _games(mode: str, games_per_start: int) -> tuple[Summary, float]:
    started = time.perf_counter()
    summary = play_games(mode, games_per_start)
    return summary, time.perf_counter() - started


def _default_games(mode: str, event_log: dict) -> Summary:
    summary, seconds = _games(mode, GAMES_PER_START)
    event_log[f"default {mode}"] = {**summary.as_dict(), "seconds": seconds}
    return summary


def _listing(problems: list[str], limit: int = 10) -> str:
    shown = "\n".join(problems[:limit])
    more = f"\n... and {len(problems) - limit} more" if len(problems) > limit else ""
    return f"{len(problems)} found:\n{shown}{more}"


def _check_agreement(summary: Summary) -> None:
    assert not summary.disagreements, "core and reference disagree, " + _listing(summary.disagreements)


def _check_keys(summary: Summary) -> None:
    assert not summary.key_failures, "incremental key != key from scratch, " + _listing(summary.key_failures)


def _check_restore(summary: Summary) -> None:
    assert not summary.restore_failures, "pop did not restore exactly, " + _listing(summary.restore_failures)


def _check_coverage(summary: Summary, mode: str) -> None:
    assert summary.positions >= MINIMUM_POSITIONS
    short = {
        event: (summary.events[event], minimum)
        for event, minimum in MINIMUM_EVENTS[mode].items()
        if summary.events[event] < minimum
    }
    assert not short, f"{mode}: events seen (count, minimum) below the minimum: {short}"


@pytest.mark.parametrize("mode", MODES)
def test_core_and_reference_agree_after_every_move(mode, event_log):
    _check_agreement(_default_games(mode, event_log))


@pytest.mark.parametrize("mode", MODES)
def test_incremental_key_equals_key_from_scratch(mode, event_log):
    _check_keys(_default_games(mode, event_log))


@pytest.mark.parametrize("mode", MODES)
def test_pop_restores_fen4_and_key(mode, event_log):
    _check_restore(_default_games(mode, event_log))


@pytest.mark.parametrize("mode", MODES)
def test_random_games_reach_every_event(mode, event_log):
    _check_coverage(_default_games(mode, event_log), mode)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_ten_times_more_games(mode, event_log):
    summary, seconds = _games(mode, GAMES_PER_START * SLOW_FACTOR)
    event_log[f"slow {mode}"] = {**summary.as_dict(), "seconds": seconds}
    _check_agreement(summary)
    _check_keys(summary)
    _check_restore(summary)
    _check_coverage(summary, mode)

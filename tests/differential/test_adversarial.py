"""Core against reference on generated positions of the shapes random games avoid.

On every position: the legal-move set, the list length, the count, perft(1) bulk and
make/unmake, is_legal, the check status of every seat, the end and the winner; on one in
PERFT2_EVERY also perft(2) both ways with every child compared (FEN4, points, eliminated seats
and all of the above), on the rest CHILD_LIMIT children. The generator (fuzz/adversarial) runs
in a subprocess whose forked children hold the core, so a crash is a failing position, not a
dead pytest.
The shapes each position really has (read off the reference) are counted and reported.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest

from adversarial.known_core_bugs import KNOWN_CORE_BUGS
from support.child_env import FUZZ, child_env

RUNNER = [sys.executable, "-m", "adversarial.run"]
POSITIONS = 20_000
SLOW_FACTOR = 10
PERFT2_EVERY = 8
CHILD_LIMIT = 3

# Floors well under what the default run reaches (seed 0: three to ten times these): they prove
# the constructors make each shape on purpose, not by luck.
MINIMUM_SHAPES = {
    "double check, two seats": 600,
    "double check, one seat": 300,
    "three or more checkers": 200,
    "gives discovered check": 100,
    "gives double check": 30,
    "checks two kings": 700,
    "king capture in check": 300,
    "king capture in double check": 300,
    "king capture by a pinned piece": 100,
    "king capture by K": 300,
    "king capture by P": 100,
    "king capture by N": 150,
    "king capture by B": 150,
    "king capture by R": 150,
    "king capture by Q": 200,
    "king capture by D": 50,
    "king capture refused (FFA)": 300,
    "promotion": 200,
    "promotion answers check": 60,
    "only promotions legal": 10,
    "another seat can promote": 150,
    "another seat has only promotions": 10,
    "en passant": 200,
    "en passant gives check": 30,
    "en passant answers check": 30,
    "en passant answers check (double)": 20,
    "en passant onto an occupied skipped square": 30,
    "en passant by a pinned pawn": 10,
    "en passant refused": 60,
    "pin by red": 100,
    "pin by blue": 100,
    "pin by yellow": 100,
    "pin by green": 100,
    "pinned piece moves": 150,
    "partner piece on a pin line": 30,
    "dead piece on a pin line": 30,
    "dead piece shields a king": 100,
    "walking king": 100,
    "walking king to move": 30,
    "1 seat(s) eliminated": 250,
    "2 seat(s) eliminated": 100,
    "castling": 60,
    "castling refused by an attacked square": 30,
    "castling refused by check": 20,
}


@functools.cache
def _run(seed: int, positions: int) -> dict:
    command = [
        *RUNNER,
        "--seed",
        str(seed),
        "--count",
        str(positions),
        "--perft2-every",
        str(PERFT2_EVERY),
        "--child-limit",
        str(CHILD_LIMIT),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600 + positions // 10, env=child_env(FUZZ))
    assert done.returncode == 0, f"the adversarial runner failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def _default(adversarial_log: dict) -> dict:
    summary = _run(0, POSITIONS)
    adversarial_log["default (seed 0)"] = summary
    return summary


def _listing(summary: dict) -> str:
    lines = [f"{summary['unexplained_count']} positions with disagreements no known core bug explains:"]
    for failure in summary["unexplained"][:10]:
        lines.append(failure["case"])
        lines.extend(f"    {text[:400]}" for text in failure["differences"])
    return "\n".join(lines)


def _check_agreement(summary: dict) -> None:
    assert summary["unexplained_count"] == 0, _listing(summary)


def _check_known_bugs_found(summary: dict) -> None:
    gone = [
        bug.tag for bug in KNOWN_CORE_BUGS if bug.seen_on_every_build and summary["known_bugs"].get(bug.tag, 0) == 0
    ]
    assert not gone, (
        f"known core bugs no longer found: {gone}; if fixed, delete them from fuzz/adversarial/known_core_bugs.py"
        " and their xfail marks in tests/data/differential/adversarial_found.txt"
    )


def _check_shapes(summary: dict, scale: int = 1) -> None:
    short = {
        shape: (summary["shapes"].get(shape, 0), minimum * scale)
        for shape, minimum in MINIMUM_SHAPES.items()
        if summary["shapes"].get(shape, 0) < minimum * scale
    }
    assert not short, f"shapes produced (count, minimum) below the minimum: {short}"


def _record(summary: dict, record_property) -> None:
    record_property("adversarial positions", summary["cases"])
    record_property("adversarial perft(2) positions", summary["perft2"])
    record_property("adversarial seconds", round(summary["seconds"], 1))
    record_property("adversarial shapes", json.dumps(dict(sorted(summary["shapes"].items()))))
    record_property("adversarial known core bugs", json.dumps(summary["known_bugs"]))


def test_generated_positions_agree_apart_from_known_core_bugs(adversarial_log, record_property):
    summary = _default(adversarial_log)
    _record(summary, record_property)
    assert summary["cases"] == POSITIONS
    _check_agreement(summary)


def test_known_core_bugs_are_still_found(adversarial_log):
    _check_known_bugs_found(_default(adversarial_log))


def test_every_shape_is_produced(adversarial_log):
    summary = _default(adversarial_log)
    # A position whose comparison crashed counts without its perft(2): a few may be short.
    assert summary["perft2"] >= 0.99 * (POSITIONS // PERFT2_EVERY)
    _check_shapes(summary)


@pytest.mark.slow
def test_ten_times_more_positions(adversarial_log, record_property):
    summary = _run(1, POSITIONS * SLOW_FACTOR)
    adversarial_log["slow (seed 1)"] = summary
    _record(summary, record_property)
    _check_agreement(summary)
    _check_known_bugs_found(summary)
    _check_shapes(summary, SLOW_FACTOR)

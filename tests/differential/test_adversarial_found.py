"""Regression: every disagreement the adversarial generator found, shrunk, must now agree.

tests/data/differential/adversarial_found.txt holds one position per class of disagreement
(mode ; options ; FEN4 ; known core bug tag or - ; what differed). Lines naming a known core
bug that is not fixed yet are xfail(strict): the fix turns them into passes, which fail until
the mark is dropped (delete the bug from fuzz/adversarial/known_core_bugs.py and its tag from
the line). A crash from a memory error may not show on every build, so its lines are xfail
without strict.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adversarial.known_core_bugs import BY_TAG
from support.child_env import FUZZ, child_env

RUNNER = [sys.executable, "-m", "adversarial.run"]
FOUND = Path(__file__).parent.parent / "data" / "differential" / "adversarial_found.txt"


def _lines() -> list[list[str]]:
    lines = []
    for line in FOUND.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lines.append([part.strip() for part in line.split(" ; ")])
    return lines


@functools.cache
def _results() -> list[dict]:
    """Each line compared in a forked child of one runner: a crash is that line's failure."""
    command = [*RUNNER, "--cases", str(FOUND), "--results", "--perft2-every", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, env=child_env(FUZZ))
    assert done.returncode == 0, f"the adversarial runner failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def _param(number: int, fields: list[str]):
    mode, _, _, tag, what = fields
    marks = ()
    if tag != "-":
        bugs = [BY_TAG[part] for part in tag.split("+")]
        reasons = "; ".join(bug.reason for bug in bugs)
        strict = all(bug.seen_on_every_build for bug in bugs)  # a crash may not show on every build
        marks = (pytest.mark.xfail(strict=strict, reason=reasons),)
    return pytest.param(number, marks=marks, id=f"{number}-{mode}-{what[:60]}")


@pytest.mark.parametrize("number", [_param(n, fields) for n, fields in enumerate(_lines())])
def test_found_position_agrees(number):
    result = _results()[number]
    assert result["index"] == number
    texts = [d["text"][:400] for d in result["differences"]]
    mode, options, fen4 = _lines()[number][:3]
    assert not texts, f"mode={mode} options={options} fen4={fen4}\n" + "\n".join(texts)


def test_every_line_names_a_known_tag_or_none():
    for fields in _lines():
        assert len(fields) == 5, fields
        assert fields[0] in ("teams", "ffa")
        assert all(part in BY_TAG for part in fields[3].split("+")) or fields[3] == "-", fields[3]

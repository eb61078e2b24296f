"""Every input the fuzzers saved (tests/data/fuzz/<target>/<name>) replayed through the same
target's check function on the normal build: it must neither raise nor crash. Inputs of bugs
not yet fixed are listed, with the reason, in tests/data/fuzz/xfail.json (strict: a fix that makes
one pass must remove its entry). Each runs in its own interpreter, since some crashed the process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support.child_env import FUZZ, child_env

ROOT = Path(__file__).resolve().parent.parent
FUZZ_DATA = ROOT / "tests" / "data" / "fuzz"
XFAIL: dict[str, str] = json.loads((FUZZ_DATA / "xfail.json").read_text())
TARGETS = (
    "fen4_text",
    "move_text",
    "pgn4_text",
    "push_unchecked",
    "differential",
    "server_requests",
    "martian_text",
    "martian_moves",
    "martian_differential",
    "rl_encoding",
    "martian_rl_encoding",
)

# The check runs exactly as under atheris, minus atheris: fuzz/ on the path (PYTHONPATH).
REPLAY = """
import sys
from fuzz_targets import targets
targets()[sys.argv[1]](open(sys.argv[2], "rb").read())
"""


def saved_inputs() -> list[object]:
    found = []
    for target in TARGETS:
        for path in sorted((FUZZ_DATA / target).glob("*")):
            name = f"{target}/{path.name}"
            marks = [pytest.mark.xfail(strict=True, reason=XFAIL[name])] if name in XFAIL else []
            found.append(pytest.param(target, path, id=name, marks=marks))
    return found


def test_every_xfail_entry_names_a_saved_input():
    names = {f"{target}/{path.name}" for target in TARGETS for path in (FUZZ_DATA / target).glob("*")}
    assert set(XFAIL) <= names, sorted(set(XFAIL) - names)


def test_the_check_functions_import_without_atheris():
    from fuzz_targets import targets  # fuzz/ is on sys.path: pytest's pythonpath

    assert sorted(targets()) == sorted(TARGETS)
    assert "atheris" not in sys.modules


@pytest.mark.parametrize("target, path", saved_inputs())
def test_saved_fuzz_input_replays_cleanly(target: str, path: Path):
    replay = subprocess.run(
        [sys.executable, "-c", REPLAY, target, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=child_env(FUZZ),
    )
    assert replay.returncode == 0, f"exit {replay.returncode}:\n{replay.stderr[-3000:]}"

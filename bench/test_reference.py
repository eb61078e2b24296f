"""The pure-Python reference against the core on the same perft(3) from the modern start. The
core/reference ratio is the reference's time over the core's (both recorded here)."""

from __future__ import annotations

import pytest

import fourchess
from conftest import timed_count
from fourchess import reference
from positions import PUBLISHED


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_reference_perft3(benchmark, mode):
    board = reference.Board(mode=mode)
    timed_count(benchmark, lambda: board.perft(3), PUBLISHED[("modern", mode, 3)], rounds=1)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_core_perft3(benchmark, mode):
    board = fourchess.Board(mode=mode)
    timed_count(benchmark, lambda: board.perft(3), PUBLISHED[("modern", mode, 3)], rounds=20)

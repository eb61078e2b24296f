"""Threaded perft: the root moves split over 2 workers; same count as one thread. The speed-up is
this benchmark's nodes/s over the single-thread figure of the same perft in test_perft.py."""

from __future__ import annotations

import pytest

import fourchess
from conftest import timed_count
from positions import PUBLISHED


@pytest.mark.parametrize("bulk", [True, False], ids=["bulk", "make-unmake"])
def test_perft_two_threads(benchmark, bulk):
    board = fourchess.Board()
    depth = 6 if bulk else 5
    timed_count(
        benchmark, lambda: board.perft(depth, threads=2, bulk=bulk), PUBLISHED[("modern", "teams", depth)], rounds=3
    )

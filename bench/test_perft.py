"""Perft speed from the start positions (docs/rules.md §9): bulk counting and make/unmake at every
leaf (``bulk=False``), Teams and FFA, modern and classic. Single thread."""

from __future__ import annotations

import pytest

import fourchess
from conftest import timed_count
from positions import PUBLISHED


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_perft6_bulk_modern(benchmark, mode):
    board = fourchess.Board(mode=mode)
    timed_count(benchmark, lambda: board.perft(6), PUBLISHED[("modern", mode, 6)], rounds=3)


def test_perft5_bulk_classic(benchmark):
    board = fourchess.Board(setup="classic")
    timed_count(benchmark, lambda: board.perft(5), PUBLISHED[("classic", "teams", 5)], rounds=5)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_perft5_make_unmake_every_leaf_modern(benchmark, mode):
    board = fourchess.Board(mode=mode)
    timed_count(benchmark, lambda: board.perft(5, bulk=False), PUBLISHED[("modern", mode, 5)], rounds=3)


def test_perft5_make_unmake_every_leaf_classic(benchmark):
    board = fourchess.Board(setup="classic")
    timed_count(benchmark, lambda: board.perft(5, bulk=False), PUBLISHED[("classic", "teams", 5)], rounds=3)

"""Move generation on fixed positions (bench/positions.py): one generation through the Python API,
and bulk perft(3) from the position (generation and make/unmake in C++ only)."""

from __future__ import annotations

import pytest

import fourchess
from conftest import timed_count
from positions import POSITIONS

IDS = [p.name for p in POSITIONS]


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_count_legal_moves(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    assert benchmark(board.legal_moves.count) == position.legal_moves


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_perft3(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    timed_count(benchmark, lambda: board.perft(3), position.perft3, rounds=5)

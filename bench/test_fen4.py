"""FEN4 reading (``Board(fen4)``) and writing (``board.fen4()``) on the fixed positions."""

from __future__ import annotations

import pytest

import fourchess
from positions import POSITIONS


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_read_fen4(benchmark, position):
    board = benchmark(fourchess.Board, position.fen4, mode=position.mode)
    assert board.legal_moves.count() == position.legal_moves


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_write_fen4(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    text = benchmark(board.fen4)
    assert fourchess.Board(text, mode=position.mode).fen4() == text

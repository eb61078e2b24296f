"""has_legal_move (``bool(board.legal_moves)``): stops at the first legal move; what the FFA
mate/stalemate pass asks for every other seat after every move."""

from __future__ import annotations

import pytest

import fourchess
from positions import POSITIONS


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_has_legal_move(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    assert benchmark(lambda: bool(board.legal_moves)) is (position.legal_moves > 0)

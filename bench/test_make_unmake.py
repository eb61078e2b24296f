"""Do/undo: push + pop of every legal move through the Python API, and perft(3) with make/unmake
at every leaf from the same positions."""

from __future__ import annotations

import pytest

import fourchess
from conftest import timed_count
from positions import POSITIONS


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_push_pop_every_move(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    moves = list(board.legal_moves)

    def play_all():
        for move in moves:
            board.push(move)
            board.pop()
        return len(moves)

    assert benchmark(play_all) == position.legal_moves
    assert board.fen4() == fourchess.Board(position.fen4, mode=position.mode).fen4()


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft3_make_unmake_every_leaf(benchmark, position):
    board = fourchess.Board(position.fen4, mode=position.mode)
    timed_count(benchmark, lambda: board.perft(3, bulk=False), position.perft3, rounds=5)

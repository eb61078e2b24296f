"""push/pop at every node of small perft trees: FEN4 and Zobrist key restore exactly, and the
incremental key always equals the key computed from scratch (core only)."""

from __future__ import annotations

import pytest

import fourchess
from support.differential_games import MODES, start_positions


def _walk(board: fourchess.Board, depth: int, failures: list[str]) -> int:
    """Leaves of the legal move tree, checking every push and pop on the way."""
    if depth == 0:
        return 1
    fen4, key = board.fen4(), board.zobrist_hash()
    leaves = 0
    for move in list(board.legal_moves):
        board.push(move)
        if board.zobrist_hash() != board._zobrist_from_scratch():
            failures.append(
                f"after {move} from {fen4}: incremental key {board.zobrist_hash()}"
                f" != key from scratch {board._zobrist_from_scratch()}"
            )
        leaves += _walk(board, depth - 1, failures)
        board.pop()
        if (board.fen4(), board.zobrist_hash()) != (fen4, key):
            failures.append(f"pop of {move} gives {board.fen4()} key {board.zobrist_hash()}, expected {fen4} key {key}")
            board = fourchess.Board(fen4, mode=board.mode)  # go on from the right position
    return leaves


@pytest.mark.parametrize("mode", MODES)
def test_push_pop_restores_at_every_node_of_perft_3_from_the_start(mode):
    board = fourchess.Board(mode=mode)
    assert board.zobrist_hash() == board._zobrist_from_scratch()
    failures: list[str] = []
    assert _walk(board, 3, failures) == 7_800  # docs/rules.md §9
    assert not failures, f"{len(failures)} failures, first: " + "\n".join(failures[:10])
    assert board.fen4() == fourchess.MODERN_START_FEN4


@pytest.mark.parametrize("mode", MODES)
def test_push_pop_restores_at_every_node_of_perft_2_from_the_game_starts(mode):
    failures: list[str] = []
    for start in start_positions(mode):
        board = fourchess.Board(start.fen4, mode=mode)
        assert board.zobrist_hash() == board._zobrist_from_scratch(), start.label
        _walk(board, 2, failures)
    assert not failures, f"{len(failures)} failures, first: " + "\n".join(failures[:10])

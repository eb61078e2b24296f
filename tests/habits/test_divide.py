"""divide(depth, threads=1): perft split by root move, like perft with its threads."""

from __future__ import annotations

import pytest

from fourchess import Board, Move


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_divide_with_threads_sums_to_the_published_perft(mode: str) -> None:
    # docs/rules.md §9: 7,800 leaves at depth 3 from the modern start in both modes.
    board = Board(mode=mode)
    one = board.divide(3)
    assert sum(one.values()) == 7800 and len(one) == 20
    assert board.divide(3, threads=2) == one == board.divide(3, 4)
    assert list(board.divide(3, threads=2)) == list(one)  # root moves in generation order
    # h2-h4 is one root move: its share is perft(2) after it.
    after = board.copy()
    after.push_move("h2-h4")
    assert one[Move.from_str("h2-h4")] == after.perft(2)


def test_divide_small_depths() -> None:
    board = Board()
    assert board.divide(0) == {} and board.divide(0, threads=3) == {}
    assert set(board.divide(1, threads=2).values()) == {1}


@pytest.mark.parametrize("threads", [0, -1, 257])
def test_divide_refuses_threads_out_of_range(threads: int) -> None:
    with pytest.raises(ValueError, match="threads"):
        Board().divide(2, threads)


@pytest.mark.parametrize("depth", [-1, 13])
def test_divide_refuses_depths_out_of_range(depth: int) -> None:
    with pytest.raises(ValueError, match="depth"):
        Board().divide(depth, 2)


def test_divide_refuses_wrong_types() -> None:
    with pytest.raises(TypeError, match="threads must be an int"):
        Board().divide(2, "2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="depth must be an int"):
        Board().divide(2.0)  # type: ignore[arg-type]

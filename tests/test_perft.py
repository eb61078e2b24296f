"""Perft from the start positions against the published counts (docs/rules.md §9)."""

from __future__ import annotations

import pytest

import fourchess
from fourchess import reference
from support.fen4 import fen4
from support.tables import perft_rows

ROWS = perft_rows()


def _id(row):
    return f"{row.setup}-{row.mode}-{row.depth}"


def _marks(row):
    return [pytest.mark.slow] if row.depth >= 6 else []


@pytest.mark.parametrize("row", [pytest.param(r, id=_id(r), marks=_marks(r)) for r in ROWS])
def test_core_perft(row):
    board = fourchess.Board(mode=row.mode, setup=row.setup)
    assert board.perft(row.depth) == row.nodes


@pytest.mark.parametrize("row", [pytest.param(r, id=_id(r)) for r in ROWS if r.depth == 4])
def test_threaded_perft_matches(row):
    board = fourchess.Board(mode=row.mode, setup=row.setup)
    assert board.perft(row.depth, threads=2) == row.nodes


@pytest.mark.parametrize("row", [pytest.param(r, id=_id(r)) for r in ROWS if r.depth == 3])
def test_full_make_unmake_perft_matches(row):
    board = fourchess.Board(mode=row.mode, setup=row.setup)
    assert board.perft_full(row.depth) == row.nodes


@pytest.mark.parametrize("row", [pytest.param(r, id=_id(r)) for r in ROWS if r.depth <= 3])
def test_reference_perft(row):
    board = reference.Board(mode=row.mode, setup=row.setup)
    assert board.perft(row.depth) == row.nodes


def test_divide_sums_to_perft():
    board = fourchess.Board()
    counts = board.divide(3)
    assert len(counts) == 20
    assert sum(counts.values()) == 7800
    after = board.copy()
    after.push_move("h2-h3")
    assert counts[fourchess.Move.from_str("h2-h3")] == after.perft(2)


def test_perft_depth_zero_is_one():
    assert fourchess.Board().perft(0) == 1


# FFA, Red to move with the ply clock at 199: any quiet move reaches 200 plies, the fifty-move
# rule's end for four seats (docs/rules.md §8), which a Board records after the move but perft,
# counting from the position alone, does not.
FIFTY_DUE = fen4({"h1": "rK", "d2": "rP", "a7": "bK", "b8": "bN", "g14": "yK", "n8": "gK", "m9": "gB"}, "R", ply=199)


@pytest.mark.parametrize(
    "fen4_text, mode",
    [(None, "teams"), (None, "ffa"), (FIFTY_DUE, "ffa")],
    ids=["teams start", "ffa start", "ffa fifty-move rule due"],
)
@pytest.mark.parametrize("threads", [1, 2])
def test_divide_each_gives_divides_pairs_one_at_a_time(fen4_text, mode, threads):
    board = fourchess.Board(fen4_text, mode=mode)
    pairs = board.divide_each(3, threads=threads)
    first = next(pairs)  # counted before the rest is asked for
    assert [first, *pairs] == list(board.divide(3).items())


def test_divide_each_of_a_finished_game_or_depth_zero_is_empty():
    board = fourchess.Board()
    assert list(board.divide_each(0)) == []
    board.resign(fourchess.Seat.BLUE)  # Teams: the game is over
    assert list(board.divide_each(2)) == [] == list(board.divide(2).items())


@pytest.mark.parametrize("depth, threads", [(-1, 1), (2, 0), ("2", 1)])
def test_divide_each_refuses_what_divide_refuses(depth, threads):
    with pytest.raises((ValueError, TypeError)) as each:
        list(fourchess.Board().divide_each(depth, threads=threads))
    with pytest.raises(type(each.value)):
        fourchess.Board().divide(depth, threads=threads)

"""Martian Chess perft from the starts (tests/data/martian_perft.txt): the core's counts, bulk,
made move by move and threaded, and the reference's (the deeper lines with -m slow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourchess.martian import Board
from fourchess.martian import reference as ref

TABLE = Path(__file__).resolve().parents[1] / "data" / "martian_perft.txt"
COUNTS = [tuple(map(int, line.split())) for line in TABLE.read_text().splitlines() if not line.startswith("#")]


@pytest.mark.parametrize(("players", "depth", "nodes"), COUNTS)
def test_the_core_counts_the_table(players: int, depth: int, nodes: int) -> None:
    board = Board(players=players)
    assert board.perft(depth) == nodes
    assert board.perft(depth, threads=3) == nodes
    assert board._perft(depth, 1, False) == nodes  # every leaf move made and unmade


@pytest.mark.parametrize(
    ("players", "depth", "nodes"),
    [pytest.param(*row, marks=[pytest.mark.slow] if row[1] >= 4 else []) for row in COUNTS],
)
def test_the_reference_counts_the_table(players: int, depth: int, nodes: int) -> None:
    assert ref.perft(ref.Game(players=players), depth) == nodes


# Two pieces a side, far apart: shuffling back and forth repeats positions inside an 8-ply tree,
# where the root's own occurrence counts toward the third (docs/martian.md §7).
SHUFFLE = "2 P3/4/4/3P/4/4/4/P2P 0 0,0 -"


@pytest.mark.parametrize(
    ("mfen", "players", "depth"),
    [(None, 2, 3), (None, 4, 3), (SHUFFLE, 2, 8)],
    ids=["two-player start", "four-player start", "repetitions in the tree"],
)
@pytest.mark.parametrize("threads", [1, 2])
def test_divide_each_gives_divides_pairs_one_at_a_time(
    mfen: str | None, players: int, depth: int, threads: int
) -> None:
    board = Board(mfen, players=players)
    pairs = board.divide_each(depth, threads=threads)
    first = next(pairs)  # counted before the rest is asked for
    assert [first, *pairs] == list(board.divide(depth).items())
    assert sum(count for _, count in board.divide_each(depth)) == board.perft(depth)


@pytest.mark.parametrize(("depth", "threads"), [(-1, 1), (2, 0), ("2", 1), (2, 2.5)])
def test_divide_each_refuses_what_divide_refuses(depth: object, threads: object) -> None:
    with pytest.raises((ValueError, TypeError)) as each:
        next(Board().divide_each(depth, threads=threads))  # type: ignore[arg-type]
    with pytest.raises(type(each.value)):
        Board().divide(depth, threads=threads)  # type: ignore[arg-type]

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

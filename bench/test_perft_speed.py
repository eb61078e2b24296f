"""Perft speed of the core and of the reference, from the start positions.

Run: ``pytest bench --benchmark-columns=mean,stddev,rounds``. Each benchmark asserts the node
count it times (RULES.md §9), and records nodes/s in the benchmark's extra_info.
"""

from __future__ import annotations

import pytest

import fourchess
from fourchess import reference

PUBLISHED = {  # (setup, mode, depth) -> nodes, RULES.md §9
    ("modern", "teams", 5): 3_452_310,
    ("modern", "ffa", 5): 3_452_310,
    ("classic", "teams", 5): 3_730_168,
    ("modern", "teams", 3): 7_800,
    ("modern", "ffa", 3): 7_800,
}


def _run(benchmark, count, nodes, rounds):
    result = benchmark.pedantic(count, rounds=rounds, iterations=1)
    assert result == nodes
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["nodes_per_second"] = round(nodes / benchmark.stats.stats.mean)


@pytest.mark.parametrize("setup,mode", [("modern", "teams"), ("modern", "ffa"), ("classic", "teams")])
def test_core_perft5_bulk(benchmark, setup, mode):
    board = fourchess.Board(mode=mode, setup=setup)
    _run(benchmark, lambda: board.perft(5), PUBLISHED[(setup, mode, 5)], rounds=5)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_core_perft5_make_unmake_every_leaf(benchmark, mode):
    board = fourchess.Board(mode=mode)
    _run(benchmark, lambda: board.perft_full(5), PUBLISHED[("modern", mode, 5)], rounds=3)


def test_core_perft5_two_threads(benchmark):
    board = fourchess.Board()
    _run(benchmark, lambda: board.perft(5, threads=2), PUBLISHED[("modern", "teams", 5)], rounds=5)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_reference_perft3(benchmark, mode):
    board = reference.Board(mode=mode)
    _run(benchmark, lambda: board.perft(3), PUBLISHED[("modern", mode, 3)], rounds=3)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_core_perft3_for_reference_ratio(benchmark, mode):
    board = fourchess.Board(mode=mode)
    _run(benchmark, lambda: board.perft(3), PUBLISHED[("modern", mode, 3)], rounds=20)

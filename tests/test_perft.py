"""Perft from the start positions against the published counts (docs/rules.md §9)."""

from __future__ import annotations

import pytest

import fourchess
from fourchess import reference
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

"""Readers for the tables of expected results in tests/data/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

DATA = Path(__file__).resolve().parent.parent / "data"


class PerftRow(NamedTuple):
    setup: str
    mode: str
    depth: int
    nodes: int


def perft_rows() -> list[PerftRow]:
    rows = []
    for line in (DATA / "perft_start.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            setup, mode, depth, nodes = line.split()
            rows.append(PerftRow(setup, mode, int(depth), int(nodes)))
    return rows


def real_fen4s() -> list[tuple[str, str]]:
    """(FEN4, note) for every line of tests/data/fen4_real.txt."""
    pairs = []
    for line in (DATA / "fen4_real.txt").read_text().splitlines():
        if line.strip():
            fen4, _, note = line.partition(" ; ")
            pairs.append((fen4.strip(), note))
    return pairs


def load_cases(filename):
    """The "cases" of a rule test's table, tests/data/rules/<filename>."""
    with open(DATA / "rules" / filename, encoding="utf-8") as handle:
        return json.load(handle)["cases"]

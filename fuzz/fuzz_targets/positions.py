"""Positions for the targets: real ones from tests/data, and positions built from fuzz bytes."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import fourchess

from .fuzz_input import FuzzInput

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
FILES = "abcdefghijklmn"
SQUARES = [
    rank * 14 + file
    for rank in range(14)
    for file in range(14)
    if not ((file < 3 or file > 10) and (rank < 3 or rank > 10))
]  # the 160, a1 = 0
SEATS = "rbyg"


@functools.cache
def base_fen4s() -> tuple[str, ...]:
    """Both starts, the real positions and the hand-made sparse differential starts."""
    found = [fourchess.MODERN_START_FEN4, fourchess.CLASSIC_START_FEN4]
    for line in (DATA / "fen4_real.txt").read_text().splitlines():
        if line.strip():
            found.append(line.split(" ; ")[0].strip())
    for line in (DATA / "differential" / "start_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            found.append(line.split(" ; ")[1].strip())
    return tuple(found)


def read_cells(board_field: str) -> dict[int, str]:
    """The occupied squares of an x-dialect FEN4 board field (ranks 14 down to 1)."""
    cells: dict[int, str] = {}
    for row, rank_text in enumerate(board_field.split("/")):
        file = 0
        for cell in rank_text.split(","):
            if cell.isdigit():
                file += int(cell)
            else:
                if cell != "x":
                    cells[(13 - row) * 14 + file] = cell
                file += 1
    return cells


def write_board(cells: dict[int, str], *, empty_runs: bool = True) -> str:
    """FEN4's board field (x-corner dialect) from {square index (rank * 14 + file): piece text}: the
    one writer the fuzz targets, the adversarial generator and the tests' FEN4 helper share.
    ``empty_runs=False`` writes each empty square as a '1' of its own, a spelling readers accept."""
    ranks = []
    for rank in range(13, -1, -1):
        row: list[str] = []
        empty = 0
        for file in range(14):
            square = rank * 14 + file
            cell = "x" if square not in SQUARES else cells.get(square)
            if cell is None and not empty_runs:
                cell = "1"
            if cell is None:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(cell)
        if empty:
            row.append(str(empty))
        ranks.append(",".join(row))
    return "/".join(ranks)


def _flags(bits: int) -> str:
    return ",".join("1" if bits >> seat & 1 else "0" for seat in range(4))


def _points(data: FuzzInput) -> int:
    """Mostly small scores; sometimes one just under the most a FEN4 may hold (1,000,000)."""
    value = data.byte()
    return 1_000_000 - value % 30 if value >= 240 else value % 30


def _random_cell(data: FuzzInput, ffa: bool) -> str:
    piece = data.pick("PNBRQKD" if ffa else "PNBRQK")
    seat = SEATS[data.below(4)]
    return ("d" if data.below(8) == 0 else "") + seat + piece


def built_position(data: FuzzInput, ffa: bool) -> str:
    """A FEN4 from fuzz bytes: a real position mutated, or a sparse one from scratch (kings,
    then up to 23 pieces), with the header fields chosen by the bytes too."""
    header: list[str]
    if data.flag():
        base = data.pick(base_fen4s())
        *header, board_field = base.split("-", 6) if "{" not in base else _split_extras(base)
        cells = read_cells(board_field)
        for _ in range(data.below(6)):
            square = data.pick(SQUARES)
            if data.flag():
                cells.pop(square, None)
            else:
                cells[square] = _random_cell(data, ffa)
        if data.below(4) == 0:
            header[0] = "RBYG"[data.below(4)]
        return "-".join(header + [write_board(cells)])
    cells = {}
    for seat in SEATS:
        if data.below(16):  # mostly every seat has its king
            cells[data.pick(SQUARES)] = seat + "K"
    for _ in range(data.below(24)):
        square = data.pick(SQUARES)
        cells.setdefault(square, _random_cell(data, ffa))
    turn = "RBYG"[data.below(4)]
    castling = data.byte()
    dead = data.byte() & 15 if ffa and data.below(4) == 0 else 0
    points = ",".join(str(_points(data)) for _ in range(4)) if ffa else "0,0,0,0"
    return "-".join(
        [turn, _flags(dead), _flags(castling), _flags(castling >> 4), points, str(data.below(8)), write_board(cells)]
    )


def _split_extras(fen4: str) -> list[str]:
    # The extras field may hold '-' inside its quotes; split around it as a whole.
    match = re.match(r"^(.*?)-(\{.*\})-(.*)$", fen4)
    assert match is not None, fen4
    return match.group(1).split("-") + [match.group(2), match.group(3)]

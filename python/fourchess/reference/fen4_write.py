"""FEN4 writing in the x-corner dialect, extras only when non-empty (docs/rules.md §10)."""

from __future__ import annotations

from .position import Position
from .seats import SEAT_LETTERS
from .squares import SIZE, index, is_playable, square_name


def _flags(values: list[bool]) -> str:
    return ",".join("1" if value else "0" for value in values)


def _write_extras(position: Position) -> str:
    parts = []
    if any(position.en_passant):
        entries = ",".join(
            "''" if entry is None else f"'{square_name(entry[0])}:{square_name(entry[1])}'"
            for entry in position.en_passant
        )
        parts.append(f"'enPassant':({entries})")
    for key in ("resigned", "flagged"):
        values = getattr(position, key)
        if any(values):
            parts.append(f"'{key}':({','.join('true' if v else 'false' for v in values)})")
    return "{" + ",".join(parts) + "}" if parts else ""


def _write_rank(position: Position, rank0: int) -> str:
    cells: list[str] = []
    empty_run = 0
    for file0 in range(SIZE):
        piece = position.squares[index(file0, rank0)]
        if is_playable(file0, rank0) and piece is None:
            empty_run += 1
            continue
        if empty_run:
            cells.append(str(empty_run))
            empty_run = 0
        if not is_playable(file0, rank0):
            cells.append("x")
        elif piece is not None:
            cells.append(piece.fen4())
    if empty_run:
        cells.append(str(empty_run))
    return ",".join(cells)


def write_fen4(position: Position) -> str:
    """The x-corner dialect, extras only when non-empty."""
    fields = [
        SEAT_LETTERS[position.turn],
        _flags(position.dead),
        _flags(position.castle_short),
        _flags(position.castle_long),
        ",".join(str(points) for points in position.points),
        str(position.ply_clock),
    ]
    extras = _write_extras(position)
    if extras:
        fields.append(extras)
    fields.append("/".join(_write_rank(position, rank0) for rank0 in reversed(range(SIZE))))
    return "-".join(fields)

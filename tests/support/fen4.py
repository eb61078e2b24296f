"""FEN4 for the tests: write it from a dict of pieces, read it back into fields and pieces.

Nothing here knows a chess rule; it only writes and reads the FEN4 text format (docs/rules.md §10).
"""

from fuzz_targets.positions import write_board

from .squares import coords, square_name

SEAT_LETTERS = "RBYG"
RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3

# The four kings on their modern start squares: most positions need all of them (Teams).
HOME_KINGS = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}


def _flags(values):
    return ",".join(str(int(v)) for v in values)


def fen4(
    pieces,
    turn="R",
    *,
    dead=(0, 0, 0, 0),
    short=(0, 0, 0, 0),
    long=(0, 0, 0, 0),
    points=(0, 0, 0, 0),
    ply=0,
    ep=None,
    resigned=(),
    flagged=(),
    extras=None,
    empty_runs=True,
):
    """Write a FEN4 (x-corner dialect) from {'h1': 'rK', ...}; a square given None stays empty.

    turn: 'R'/'B'/'Y'/'G' or a seat number. ep: {seat: 'M:T'} or None. resigned, flagged: seats.
    extras: the extras field's text as it is to be written (keys in an order of the test's
    choosing), instead of ep, resigned and flagged. empty_runs=False writes every empty square as
    a '1' of its own instead of one number a run of them: a spelling readers must accept too.
    """
    if not isinstance(turn, str):
        turn = SEAT_LETTERS[turn]
    if extras is not None and (ep or resigned or flagged):
        raise ValueError("extras is the whole extras field: give it or ep, resigned and flagged")
    cells_by_square = {}
    for name, piece in pieces.items():
        if piece is None:
            coords(name)  # on the board all the same
            continue
        if len(piece) != 2 or piece[0] not in "rbygd" or piece[1] not in "PNBRQKD":
            raise ValueError(f"bad piece {piece!r} on {name}")
        cells_by_square[coords(name)] = piece
    fields = [turn, _flags(dead), _flags(short), _flags(long), ",".join(str(p) for p in points), str(ply)]
    if extras is None:
        written = []
        if ep:
            entries = ", ".join(repr(ep.get(seat, "")) for seat in range(4))
            written.append("'enPassant':(" + entries.replace(", ", ",") + ")")
        for key, seats in (("resigned", resigned), ("flagged", flagged)):
            if seats:
                written.append(f"'{key}':(" + ",".join("true" if s in seats else "false" for s in range(4)) + ")")
        extras = "{" + ",".join(written) + "}" if written else ""
    if extras:
        fields.append(extras)
    fields.append(
        write_board(
            {rank0 * 14 + file0: cell for (file0, rank0), cell in cells_by_square.items()}, empty_runs=empty_runs
        )
    )
    return "-".join(fields)


def parse_fen4(text):
    """Read back what a Board writes: a dict of fields plus {square name: cell} for pieces."""
    parts = text.strip().split("-")
    turn, dead, short, long, points, ply = parts[:6]
    extras = parts[6] if len(parts) == 8 else ""
    board = {}
    for row, rank_text in enumerate(parts[-1].split("/")):
        rank0 = 13 - row
        file0 = 0
        for cell in rank_text.split(","):
            if cell.isdigit():
                file0 += int(cell)
            elif cell == "x":
                file0 += 1
            else:
                board[square_name(file0, rank0)] = cell
                file0 += 1
        assert file0 == 14, f"rank {rank0 + 1} of {text!r} has {file0} cells"
    return {
        "turn": turn,
        "dead": tuple(int(v) for v in dead.split(",")),
        "short": tuple(int(v) for v in short.split(",")),
        "long": tuple(int(v) for v in long.split(",")),
        "points": tuple(int(v) for v in points.split(",")),
        "ply": int(ply),
        "extras": extras,
        "board": board,
    }

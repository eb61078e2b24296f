"""Where each square goes on the picture: the board turned so that one seat sits at the bottom.

Every seat, put at the bottom, sees the board as Red does (docs/rules.md §1–§3): its back line along
the bottom edge, the queen-side to its left. Screen cells are (column, row) with row 0 at the top.
"""

from __future__ import annotations

from fourchess._core import Seat

SIDE = 14
SQUARE_SIZE = 40  # viewBox units per square; ``size`` scales the whole picture
BOARD_SIZE = SIDE * SQUARE_SIZE
CORNER = 3  # the removed 3 x 3 corners
FILES = "abcdefghijklmn"


def on_board(file: int, rank: int) -> bool:
    """Is (file, rank), both 0-based, one of the 160 squares (docs/rules.md §1)?"""
    return 0 <= file < SIDE and 0 <= rank < SIDE and not ((file < 3 or file > 10) and (rank < 3 or rank > 10))


BOARD_SQUARES: tuple[int, ...] = tuple(r * SIDE + f for r in range(SIDE) for f in range(SIDE) if on_board(f, r))


def square_name(square: int) -> str:
    """``a1``-style name of a board index ``r * 14 + f``."""
    return f"{FILES[square % SIDE]}{square // SIDE + 1}"


def cell(square: int, orientation: Seat) -> tuple[int, int]:
    """The (column, row) of ``square`` with ``orientation``'s seat at the bottom."""
    f, r = square % SIDE, square // SIDE
    # (x, y_up): Red as written; each next seat turns the board a quarter turn clockwise.
    if orientation == Seat.RED:
        x, up = f, r
    elif orientation == Seat.BLUE:
        x, up = SIDE - 1 - r, f
    elif orientation == Seat.YELLOW:
        x, up = SIDE - 1 - f, SIDE - 1 - r
    else:
        x, up = r, SIDE - 1 - f
    return x, SIDE - 1 - up


def square_at(column: int, row: int, orientation: Seat) -> int | None:
    """The square drawn at screen cell (column, row), or None in a removed corner."""
    up = SIDE - 1 - row
    if orientation == Seat.RED:
        f, r = column, up
    elif orientation == Seat.BLUE:
        f, r = up, SIDE - 1 - column
    elif orientation == Seat.YELLOW:
        f, r = SIDE - 1 - column, SIDE - 1 - up
    else:
        f, r = SIDE - 1 - up, column
    return r * SIDE + f if on_board(f, r) else None


def is_light(square: int) -> bool:
    """Light squares: Red's right-hand corner k1 is light, as h1 is in chess."""
    return (square % SIDE + square // SIDE) % 2 == 0


def seat_on_side(orientation: Seat, side: int) -> Seat:
    """The seat drawn on ``side`` (0 bottom, 1 left, 2 top, 3 right): clockwise turn order."""
    return Seat((int(orientation) + side) % 4)


def coordinate_label(square: int, orientation: Seat, along: str) -> str:
    """The label of the screen column (``along="column"``) or row through ``square``: a file
    letter or a rank number, whichever stays constant along that line after the turn."""
    file_is_constant = (orientation in (Seat.RED, Seat.YELLOW)) == (along == "column")
    return FILES[square % SIDE] if file_is_constant else str(square // SIDE + 1)

"""The boards of Martian Chess (docs/martian.md §1): squares as (file, rank) pairs counted from 0,
their names, and which seat owns the zone a square lies in."""

from __future__ import annotations

Square = tuple[int, int]  # (file, rank): a1 is (0, 0)

RANKS = 8
FILE_LETTERS = "abcdefgh"


def files_of(players: int) -> int:
    """4 files for two players, 8 for four."""
    return 4 if players == 2 else 8


def squares(players: int) -> list[Square]:
    """Every square of the board, a1 first, file by file within a rank."""
    return [(f, r) for r in range(RANKS) for f in range(files_of(players))]


def on_board(players: int, square: Square) -> bool:
    f, r = square
    return 0 <= f < files_of(players) and 0 <= r < RANKS


def zone_owner(players: int, square: Square) -> int:
    """The seat whose zone holds the square: two players split at the canal between ranks 4 and 5;
    four players also at the canal between files d and e (0 south-west, 1 north-west, 2 north-east,
    3 south-east)."""
    f, r = square
    north = r >= 4
    if players == 2:
        return 1 if north else 0
    if f < 4:
        return 1 if north else 0
    return 2 if north else 3


def square_name(square: Square) -> str:
    return f"{FILE_LETTERS[square[0]]}{square[1] + 1}"


def parse_square_name(text: str) -> Square | None:
    """The square a name like 'c3' gives (on the largest board), or None when it is no name."""
    if len(text) != 2 or text[0] not in FILE_LETTERS or text[1] not in "12345678":
        return None
    return (FILE_LETTERS.index(text[0]), int(text[1]) - 1)

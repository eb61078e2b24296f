"""Board geometry: the 160 playable squares, their names and the neighbour tables.

Index convention (docs/rules.md §1): index = rank0 * 14 + file0, so a1 = 0 and n14 = 195.
"""

from __future__ import annotations

SIZE = 14
FILES = "abcdefghijklmn"


def index(file0: int, rank0: int) -> int:
    return rank0 * SIZE + file0


def file_of(square: int) -> int:
    return square % SIZE


def rank_of(square: int) -> int:
    return square // SIZE


def is_playable(file0: int, rank0: int) -> bool:
    """False outside the 14x14 grid and on the four removed 3x3 corners."""
    if not (0 <= file0 < SIZE and 0 <= rank0 < SIZE):
        return False
    return not ((file0 < 3 or file0 > 10) and (rank0 < 3 or rank0 > 10))


PLAYABLE: tuple[int, ...] = tuple(index(f, r) for r in range(SIZE) for f in range(SIZE) if is_playable(f, r))


def square_name(square: int) -> str:
    return f"{FILES[file_of(square)]}{rank_of(square) + 1}"


def parse_square(text: str) -> int | None:
    """The index of a playable square name like 'h10', or None if the text is not one. The rank
    is written in ASCII digits without a leading zero ('h01', 'h٣' are not names)."""
    rank = text[1:]
    if len(text) < 2 or text[0] not in FILES or not (rank.isascii() and rank.isdigit()) or rank[0] == "0":
        return None
    file0, rank0 = FILES.index(text[0]), int(text[1:]) - 1
    return index(file0, rank0) if is_playable(file0, rank0) else None


def step(square: int, file_delta: int, rank_delta: int) -> int | None:
    """The square reached by one offset, or None if it falls off the playable board."""
    file0, rank0 = file_of(square) + file_delta, rank_of(square) + rank_delta
    return index(file0, rank0) if is_playable(file0, rank0) else None


ROOK_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRECTIONS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING_OFFSETS = ROOK_DIRECTIONS + BISHOP_DIRECTIONS
KNIGHT_OFFSETS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _targets(square: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    found = (step(square, df, dr) for df, dr in offsets)
    return tuple(target for target in found if target is not None)


def _ray(square: int, file_delta: int, rank_delta: int) -> tuple[int, ...]:
    """Squares from `square` outward, stopping before the edge or a removed corner."""
    squares = []
    current = step(square, file_delta, rank_delta)
    while current is not None:
        squares.append(current)
        current = step(current, file_delta, rank_delta)
    return tuple(squares)


# Precomputed once so move generation and attack tests never redo the corner arithmetic.
KNIGHT_TARGETS = {sq: _targets(sq, KNIGHT_OFFSETS) for sq in PLAYABLE}
KING_TARGETS = {sq: _targets(sq, KING_OFFSETS) for sq in PLAYABLE}
ROOK_RAYS = {sq: tuple(_ray(sq, df, dr) for df, dr in ROOK_DIRECTIONS) for sq in PLAYABLE}
BISHOP_RAYS = {sq: tuple(_ray(sq, df, dr) for df, dr in BISHOP_DIRECTIONS) for sq in PLAYABLE}


def square_colour(square: int) -> int:
    """0 or 1: the colour of the square, for same-coloured-bishop draws."""
    return (file_of(square) + rank_of(square)) % 2

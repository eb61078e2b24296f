"""Martian moves and squares: a move is a from square and a to square (docs/martian.md §6), squares
are ``rank * 8 + file`` on both boards (a1 is 0, d8 is 59, h8 is 63)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from fourchess import _martian
from fourchess._quote import quoted

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def core_text(text: str) -> str:
    """``text`` as the core can take it: a lone surrogate (which UTF-8 cannot carry) becomes U+FFFD,
    a character the core refuses wherever the reference refuses the surrogate."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def square_name(square: int) -> str:
    """'a1' for 0, 'h8' for 63."""
    return _martian.square_name(_square(square, "square"))


def parse_square(name: str) -> int:
    """The square of a name a1..h8; ValueError for anything else."""
    if not isinstance(name, str):
        raise TypeError(f"a square name is a str, got {type(name).__name__}")
    square = _martian.parse_square(core_text(name))
    if square < 0:
        raise ValueError(f"{quoted(name)} is not a square name (a1..h8)")
    return square


def board_squares(players: int) -> list[int]:
    """The squares of the board ``players`` play on (two: files a-d; four: all 64), a1 first, rank by
    rank; ValueError for another count."""
    if isinstance(players, bool) or players not in (2, 4):
        raise ValueError(f"players must be 2 or 4, got {quoted(players)}")
    return [square for square in range(64) if _martian.on_board(players, square)]


def _square(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int square (rank * 8 + file), got {type(value).__name__}")
    if not 0 <= value < 64:
        raise ValueError(f"{what} must be 0..63 (rank * 8 + file), got {quoted(value)}")
    return value


@dataclass(frozen=True, order=True)
class Move:
    """A Martian Chess move: the piece on ``from_square`` goes to ``to_square``; a capture or a merge
    is what the target square holds. ``str(move)`` is ``'c3-d4'``."""

    from_square: int
    to_square: int

    def __post_init__(self) -> None:
        _square(self.from_square, "from_square")
        _square(self.to_square, "to_square")

    def __str__(self) -> str:
        return f"{_martian.square_name(self.from_square)}-{_martian.square_name(self.to_square)}"

    def __repr__(self) -> str:
        return f"Move.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Move:
        """``'c3-d4'`` or ``'c3d4'``; InvalidMoveError (a ValueError) for other text."""
        if not isinstance(text, str):
            raise TypeError(f"move text is a str, got {type(text).__name__}")
        return cls(*_martian.parse_move(core_text(text)))

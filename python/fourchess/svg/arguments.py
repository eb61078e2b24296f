"""The arguments of :func:`fourchess.svg.board` (and of :func:`fourchess.martian.svg.board`,
which reads its squares and moves its own way), checked and turned into plain values.

Every user-supplied value that reaches the SVG text is a square (written back as its name) or a
colour (accepted only as a short CSS colour token), so nothing a caller passes can break the XML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple, Protocol

from fourchess import _core
from fourchess._core import Move, Seat
from fourchess.svg.layout import BOARD_SQUARES

SquareLike = int | str
"""A square: its index ``r * 14 + f`` (0..195, one of the 160 board squares) or its name ``"h2"``."""

_MAX_COLOR_CHARS = 64
_COLOR = re.compile(
    r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"  # #rgb #rgba #rrggbb #rrggbbaa
    r"|[a-zA-Z]{1,32}"  # a named colour: red, transparent, currentColor
    r"|(?:rgba?|hsla?)\([0-9a-zA-Z.%,/ +\-]{1,48}\)"  # rgb(0 128 0 / 50%), hsl(120deg, 50%, 40%)
)
_BOARD_SQUARES = frozenset(BOARD_SQUARES)
_QUOTE_CHARS = 40


class InvalidColorError(ValueError):
    """A colour given to a picture (:func:`fourchess.svg.board`, :func:`fourchess.martian.svg.board`)
    is not a CSS colour token (``#rgb``, ``#rrggbb``, ``#rrggbbaa``, a colour name, or
    ``rgb(...)``/``rgba(...)``/``hsl(...)``/``hsla(...)``)."""


class InvalidSquareError(ValueError):
    """A square given to a picture is not on the board drawn: one of the 160 squares for
    :func:`fourchess.svg.board`, of the 32 or 64 for :func:`fourchess.martian.svg.board`."""


SquareReader = Callable[[object, str], int]
"""Reads a square argument (``what`` names it in errors) into its index, or raises
InvalidSquareError (TypeError for a value that is neither an index nor a name)."""


class MoveLike(Protocol):
    """A move of either game, as an arrow reads it."""

    @property
    def from_square(self) -> int: ...

    @property
    def to_square(self) -> int: ...


DEFAULT_ARROW_COLOR = "#8e44ad"  # purple: no seat's colour


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (squares as index or name) in ``color``. An arrow whose
    tail is its head draws a ring around that square."""

    tail: SquareLike
    head: SquareLike
    color: str = DEFAULT_ARROW_COLOR


def shown(value: object) -> str:
    """``repr(value)``, bounded as the binding quotes bad input: at most 40 characters, then the
    length (an error never holds 5 MB). To be replaced by the shared ``fourchess._quote`` helper."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an int of {value.bit_length()} bits"  # str() of a huge int is slow, or refused
    if isinstance(value, str):
        if len(value) <= _QUOTE_CHARS:
            return repr(value)
        prefix = repr(value[:_QUOTE_CHARS])
        return f"{prefix[:-1]}... ({len(value)} characters){prefix[-1]}"
    text = repr(value)
    return text if len(text) <= _QUOTE_CHARS else f"{text[:_QUOTE_CHARS]}... ({len(text)} characters)"


def color(value: object, what: str) -> str:
    """``value`` if it is a CSS colour token, else InvalidColorError (TypeError if not a str)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a colour string, got {type(value).__name__}")
    if len(value) > _MAX_COLOR_CHARS or _COLOR.fullmatch(value) is None:
        raise InvalidColorError(
            f"{what}: {shown(value)} is not a CSS colour (expected #rgb, #rrggbb, #rrggbbaa, a name or rgb(...))"
        )
    return value


def square(value: object, what: str) -> int:
    """The index of a square given by index or name; InvalidSquareError off the board."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"{what} must be a square index (int) or name (str), got {type(value).__name__}")
    if isinstance(value, str):
        try:
            return _core.parse_square(value)
        except ValueError as error:
            raise InvalidSquareError(f"{what}: {error}") from None
    if value not in _BOARD_SQUARES:
        raise InvalidSquareError(
            f"{what}: {shown(value)} is not one of the 160 board squares (index r*14+f; corners are removed)"
        )
    return int(value)


def orientation(value: object) -> Seat:
    """The seat to put at the bottom."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"orientation must be a Seat, got {type(value).__name__}")
    if not 0 <= value <= 3:
        raise ValueError(f"orientation must be a Seat (RED, BLUE, YELLOW, GREEN), got {shown(value)}")
    return Seat(value)


def size(value: object) -> int | None:
    """Width and height in pixels, or None for a picture that fills its container."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"size must be an int number of pixels or None, got {type(value).__name__}")
    if not 1 <= value <= 100_000:
        raise ValueError(f"size must be 1..100000 pixels, got {shown(value)}")
    return int(value)


def last_moves(value: object) -> list[tuple[Move, Seat | None]]:
    """``lastmove`` as (move, seat or None for the plain highlight) pairs, in seat order."""
    if value is None:
        return []
    if isinstance(value, Move):
        return [(value, None)]
    if not isinstance(value, Mapping):
        raise TypeError(f"lastmove must be a Move, a dict of Seat -> Move, or None, got {type(value).__name__}")
    moves: dict[Seat, Move] = {}
    for key, move in value.items():
        seat = _seat_key(key)
        if move is None:  # a seat that has not moved yet
            continue
        if not isinstance(move, Move):
            raise TypeError(f"lastmove[{seat.name}] must be a Move or None, got {type(move).__name__}")
        moves[seat] = move
    return [(moves[seat], seat) for seat in sorted(moves)]


def _seat_key(value: object) -> Seat:
    """A dict key naming a seat: a Seat (or its int)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"lastmove keys must be Seats, got {type(value).__name__}")
    if not 0 <= value <= 3:
        raise ValueError(f"lastmove keys must be Seats (RED, BLUE, YELLOW, GREEN), got {shown(value)}")
    return Seat(value)


def arrows(
    value: object, read_square: SquareReader = square, move_type: type[MoveLike] = Move
) -> list[tuple[int, int, str]]:
    """``arrows`` as (tail, head, colour) triples, in the order given (later ones on top); a
    ``move_type`` item is drawn from its from square to its to square."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"arrows must be a list of Arrow, Move or (tail, head[, colour]), got {type(value).__name__}")
    result = []
    for index, item in enumerate(value):
        what = f"arrows[{index}]"
        if isinstance(item, move_type):
            tail, head = read_square(item.from_square, f"{what} tail"), read_square(item.to_square, f"{what} head")
            result.append((tail, head, DEFAULT_ARROW_COLOR))
            continue
        if not isinstance(item, tuple) or not 2 <= len(item) <= 3:
            raise TypeError(f"{what} must be an Arrow, a Move or a (tail, head[, colour]) tuple, got {shown(item)}")
        arrow = Arrow(*item)
        tail, head = read_square(arrow.tail, f"{what} tail"), read_square(arrow.head, f"{what} head")
        result.append((tail, head, color(arrow.color, f"{what} colour")))
    return result


def fill(value: object, read_square: SquareReader = square) -> list[tuple[int, str]]:
    """``fill`` as (square, colour) pairs in square order, so the output does not depend on the
    order a dict was built in."""
    if not isinstance(value, Mapping):
        raise TypeError(f"fill must be a dict of square -> colour, got {type(value).__name__}")
    squares: dict[int, str] = {}
    for key, colour in value.items():
        what = f"fill[{shown(key)}]"
        squares[read_square(key, what)] = color(colour, what)
    return sorted(squares.items())


def check_squares(value: object) -> list[int] | None:
    """``check``: None for "every king in check" (``True``), else the squares to mark."""
    if value is True:
        return None
    if value is None or value is False:
        return []
    if isinstance(value, (int, str)):
        return [square(value, "check")]
    if not isinstance(value, Iterable):
        raise TypeError(f"check must be True, None, a square or a collection of squares, got {type(value).__name__}")
    return sorted({square(item, "check") for item in value})

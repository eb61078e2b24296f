"""Draw a board as one SVG string: squares, highlights, coordinates, pieces, arrows, seat panels."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping

from fourchess import _core
from fourchess._core import Move, PieceType, Seat
from fourchess.svg import arguments
from fourchess.svg.arguments import Arrow, SquareLike
from fourchess.svg.layout import (
    BOARD_SIZE,
    BOARD_SQUARES,
    CORNER,
    SIDE,
    SQUARE_SIZE,
    cell,
    coordinate_label,
    is_light,
    square_at,
    square_name,
)
from fourchess.svg.palette import (
    DARK_SQUARE,
    DEAD_COLOR,
    FONT,
    LABEL_ON_DARK,
    LABEL_ON_LIGHT,
    LASTMOVE_COLOR,
    LIGHT_SQUARE,
    OUTLINE_COLOR,
    SEAT_COLORS,
)
from fourchess.svg.panels import panels as seat_panels
from fourchess.svg.pieces import piece_defs, piece_id
from fourchess.svg.shapes import arrow, number, overlay

S = SQUARE_SIZE
LABEL_SIZE = S * 0.225
NO_FILL: Mapping[SquareLike, str] = types.MappingProxyType({})
_CHECK_GRADIENT = (
    '<radialGradient id="fourchess-check"><stop offset="0%" stop-color="#ff0000"/>'
    '<stop offset="50%" stop-color="#e70000" stop-opacity="0.8"/>'
    '<stop offset="100%" stop-color="#9e0000" stop-opacity="0"/></radialGradient>'
)


def board(
    board: _core.Board,
    *,
    orientation: Seat = Seat.RED,
    lastmove: Move | Mapping[Seat, Move | None] | None = None,
    arrows: Iterable[Arrow | Move | tuple[SquareLike, SquareLike] | tuple[SquareLike, SquareLike, str]] = (),
    fill: Mapping[SquareLike, str] = NO_FILL,
    check: bool | SquareLike | Iterable[SquareLike] | None = True,
    size: int | None = None,
    coordinates: bool = True,
    panels: bool = True,
) -> str:
    """The position of ``board`` as a self-contained SVG document (a str).

    - ``orientation``: the seat drawn at the bottom (Red: rank 1 at the bottom; Blue: file a;
      Yellow: rank 14; Green: file n). Every seat sees the board as Red does.
    - ``lastmove``: a :class:`~fourchess.Move` (highlighted in yellow), or a dict
      ``{Seat: Move | None}`` of each seat's last move, each highlighted in its seat's colour
      (see :func:`last_move_per_seat`).
    - ``arrows``: :class:`Arrow`, :class:`~fourchess.Move` or ``(tail, head[, colour])`` items,
      drawn in order; an arrow from a square to itself is a ring.
    - ``fill``: ``{square: colour}`` tints drawn over those squares.
    - ``check``: ``True`` (default) marks every king in check; a square or a collection of
      squares marks those; ``None`` or ``False`` marks none.
    - ``size``: width and height in pixels; ``None`` leaves them out (the picture fills its box).
    - ``coordinates``: file letters and rank numbers inside the edge squares, turned with the board.
    - ``panels``: each seat's name, points (FFA) and state (to move, eliminated, king walks, won)
      in the empty corner on its side.

    Squares are given as an index (``r * 14 + f``) or a name (``"h2"``); colours as CSS tokens
    (``#rgb``, ``#rrggbb``, ``#rrggbbaa``, a name, ``rgb(...)``, ``hsl(...)``).

    For a web page: every square is ``<rect class="square light h2" data-square="h2">`` (``dark``
    for dark squares); everything drawn over the squares has ``pointer-events="none"``, so a click
    lands on the square's rect. Pieces are ``<use class="piece red queen" data-square="g1">``
    (``dead`` instead of the seat name for dead pieces); 1-point queens and walking kings carry
    a ``badge`` element. The same arguments always give the same string.

    Raises TypeError for arguments of the wrong type, :class:`InvalidSquareError` for a square
    off the board, :class:`InvalidColorError` for a colour that is not a CSS colour token, and
    ValueError for an orientation or size out of range.

    >>> import fourchess, fourchess.svg
    >>> svg = fourchess.svg.board(fourchess.Board(), orientation=fourchess.Seat.BLUE, size=400)
    >>> svg.startswith("<svg") and svg.count('class="square ') == 160
    True
    """
    if not isinstance(board, _core.Board):
        raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")
    seat_at_bottom = arguments.orientation(orientation)
    highlights = arguments.last_moves(lastmove)
    arrow_list = arguments.arrows(arrows)
    fills = arguments.fill(fill)
    checks = arguments.check_squares(check)
    pixels = arguments.size(size)
    for flag, name in ((coordinates, "coordinates"), (panels, "panels")):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be a bool, got {type(flag).__name__}")
    if checks is None:
        checks = kings_in_check(board)

    def corner(square: int) -> tuple[int, int]:
        column, row = cell(square, seat_at_bottom)
        return column * S, row * S

    size_attributes = f' width="{pixels}" height="{pixels}"' if pixels is not None else ""
    out = [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
            f'class="fourchess-board" viewBox="0 0 {BOARD_SIZE} {BOARD_SIZE}"{size_attributes}>'
        ),
        "<defs>",
        *piece_defs(S, OUTLINE_COLOR),
        _CHECK_GRADIENT,
        "</defs>",
    ]
    for square in BOARD_SQUARES:
        x, y = corner(square)
        shade = "light" if is_light(square) else "dark"
        name = square_name(square)
        colour = LIGHT_SQUARE if shade == "light" else DARK_SQUARE
        out.append(
            f'<rect class="square {shade} {name}" data-square="{name}" x="{x}" y="{y}" '
            f'width="{S}" height="{S}" fill="{colour}"/>'
        )
    out.append('<g pointer-events="none">')
    for square, colour in fills:
        out.append(overlay(corner(square), S, "fill", square_name(square), colour, None))
    for move, seat in highlights:
        colour = LASTMOVE_COLOR if seat is None else SEAT_COLORS[seat]
        extra = "" if seat is None else f" {seat.name.lower()}"
        for square in (move.from_square, move.to_square):
            opacity = 0.55 if seat is None else 0.4
            out.append(overlay(corner(square), S, f"lastmove{extra}", square_name(square), colour, opacity))
    for square in checks:
        x, y = corner(square)
        out.append(
            f'<rect class="check {square_name(square)}" x="{x}" y="{y}" width="{S}" height="{S}" '
            'fill="url(#fourchess-check)"/>'
        )
    if coordinates:
        out.extend(_coordinates(seat_at_bottom))
    out.extend(_pieces(board, corner))
    for tail, head, colour in arrow_list:
        out.append(arrow(corner(tail), corner(head), S, colour, square_name(tail), square_name(head)))
    if panels:
        out.extend(seat_panels(board, seat_at_bottom))
    out.append("</g></svg>")
    return "".join(out)


def kings_in_check(board: _core.Board) -> list[int]:
    """The squares of the kings that are in check, in seat order."""
    squares = []
    for seat in Seat:
        king = board.king_square(seat)
        if king is not None and board.is_check(seat):
            squares.append(king)
    return squares


def last_move_per_seat(board: _core.Board) -> dict[Seat, Move]:
    """Each seat's most recent move in the game (seats that have not moved are left out): the
    ``lastmove`` a four-player board usually shows."""
    if not isinstance(board, _core.Board):
        raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")
    moves: dict[Seat, Move] = {}
    for kind, seat, move, *_ in board._history():
        if kind == "move" and move is not None:
            moves[seat] = move
    return {seat: moves[seat] for seat in sorted(moves)}


def _coordinates(orientation: Seat) -> list[str]:
    parts = [f'<g font-family="{FONT}" font-size="{LABEL_SIZE:g}" font-weight="bold">']
    for column in range(SIDE):
        row = SIDE - 1 if CORNER <= column < SIDE - CORNER else SIDE - 1 - CORNER
        square = square_at(column, row, orientation)
        assert square is not None  # the lowest real square of every column
        colour = LABEL_ON_LIGHT if is_light(square) else LABEL_ON_DARK
        x, y = column * S + S - 2, row * S + S - 2
        label = coordinate_label(square, orientation, "column")
        parts.append(f'<text class="coordinate" x="{x}" y="{y}" text-anchor="end" fill="{colour}">{label}</text>')
    for row in range(SIDE):
        column = 0 if CORNER <= row < SIDE - CORNER else CORNER
        square = square_at(column, row, orientation)
        assert square is not None  # the leftmost real square of every row
        colour = LABEL_ON_LIGHT if is_light(square) else LABEL_ON_DARK
        label = coordinate_label(square, orientation, "row")
        top = number(row * S + LABEL_SIZE + 1)
        parts.append(f'<text class="coordinate" x="{column * S + 2}" y="{top}" fill="{colour}">{label}</text>')
    parts.append("</g>")
    return parts


def _pieces(board: _core.Board, corner: Callable[[int], tuple[int, int]]) -> list[str]:
    walking = board.walking_kings
    parts = []
    for square in BOARD_SQUARES:
        piece = board.piece_at(square)
        if piece is None:
            continue
        x, y = corner(square)
        name = square_name(square)
        kind = piece.piece_type.name.lower()
        seat = piece.seat
        owner = "dead" if piece.is_dead or seat is None else seat.name.lower()
        colour = DEAD_COLOR if owner == "dead" else SEAT_COLORS[seat]  # type: ignore[index]
        parts.append(
            f'<use xlink:href="#{piece_id(piece.piece_type)}" class="piece {owner} {kind}" data-square="{name}" '
            f'x="{x}" y="{y}" fill="{colour}"/>'
        )
        if piece.is_one_point_queen:
            cx, cy = x + S * 0.82, y + S * 0.18
            parts.append(
                f'<g class="badge one-point-queen {name}"><circle cx="{number(cx)}" cy="{number(cy)}" '
                f'r="{S * 0.16:g}" fill="#ffffff" stroke="{OUTLINE_COLOR}" stroke-width="1.2"/>'
                f'<text x="{number(cx)}" y="{number(cy + S * 0.085)}" text-anchor="middle" font-family="{FONT}" '
                f'font-size="{S * 0.24:g}" font-weight="bold" fill="{OUTLINE_COLOR}">1</text></g>'
            )
        if piece.piece_type == PieceType.KING and not piece.is_dead and seat in walking:
            parts.append(
                f'<circle class="badge walking-king {name}" cx="{x + S / 2:g}" cy="{y + S / 2:g}" r="{S * 0.46:g}" '
                f'fill="none" stroke="{OUTLINE_COLOR}" stroke-width="1.5" stroke-dasharray="3 2.5"/>'
            )
    return parts

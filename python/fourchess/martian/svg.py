"""SVG pictures of Martian Chess positions (docs/martian.md), for notebooks and web pages.

:func:`board` draws the 4 x 8 board of two players or the 8 x 8 board of four: each zone tinted in
its seat's colour, the canals between the zones, the pieces as neutral pyramids carrying their
value in pips (they belong to no one: docs/martian.md §1), the last move, arrows, square tints,
coordinates, and each seat's score beside its zone. Any seat can sit at the bottom.

>>> from fourchess import martian
>>> from fourchess.martian import svg
>>> picture = svg.board(martian.Board(players=4), orientation=2, arrows=[("c3", "d4")])
>>> picture.count('class="piece '), picture.count('class="pip"'), picture.count('class="zone ')
(36, 72, 4)
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping

from fourchess import _martian
from fourchess._core import Seat
from fourchess._quote import quoted
from fourchess.martian.board import Board, PieceType
from fourchess.martian.moves import Move, board_squares, parse_square, square_name
from fourchess.svg import arguments
from fourchess.svg.arguments import Arrow, InvalidSquareError, SquareLike
from fourchess.svg.layout import SQUARE_SIZE
from fourchess.svg.palette import (
    CANAL_COLOR,
    DARK_SQUARE,
    FONT,
    LABEL_ON_DARK,
    LABEL_ON_LIGHT,
    LASTMOVE_COLOR,
    LIGHT_SQUARE,
    NEUTRAL_PIECE,
    NEUTRAL_PIECE_SHADE,
    OUTLINE_COLOR,
    PANEL_BACKGROUND,
    PANEL_BORDER,
    SEAT_COLORS,
)
from fourchess.svg.render import LABEL_SIZE
from fourchess.svg.shapes import arrow, number, overlay

S = SQUARE_SIZE
RANKS = 8
FILES = "abcdefgh"
PANEL_HEIGHT = S * 1.5  # the band above and below the board that holds the seats' panels
ZONE_OPACITY = 0.22  # enough to tell the zones apart, little enough to keep light and dark squares
NO_FILL: Mapping[SquareLike, str] = types.MappingProxyType({})

Cell = tuple[int, int]  # (column, row) on the screen, row 0 at the top
Box = tuple[float, float, float, float]  # (left, top, right, bottom) in viewBox units


def seat_color(seat: int) -> str:
    """The colour of Martian seat ``seat``: the four-player game's colour of the seat with the same
    number, so that seat 0 is red in both games."""
    return SEAT_COLORS[Seat(seat)]


def board(
    board: Board,
    *,
    orientation: int = 0,
    lastmove: bool | Move | None = True,
    arrows: Iterable[Arrow | Move | tuple[SquareLike, SquareLike] | tuple[SquareLike, SquareLike, str]] = (),
    fill: Mapping[SquareLike, str] = NO_FILL,
    size: int | None = None,
    coordinates: bool = True,
    panels: bool = True,
) -> str:
    """The position of ``board`` (a :class:`fourchess.martian.Board`) as a self-contained SVG
    document (a str).

    - ``orientation``: the seat whose zone is drawn at the bottom (seat 0 by default). With two
      players seat 1 turns the board half a turn; with four, each next seat turns it a quarter
      turn, so the seat at the bottom always has its zone at the bottom left, and the others
      follow clockwise in turn order. Pieces and text stay upright.
    - ``lastmove``: ``True`` (default) highlights the board's last move, a
      :class:`~fourchess.martian.Move` highlights that move, ``None`` or ``False`` none.
    - ``arrows``: :class:`~fourchess.svg.Arrow`, :class:`~fourchess.martian.Move` or
      ``(tail, head[, colour])`` items, drawn in order; an arrow from a square to itself is a ring.
    - ``fill``: ``{square: colour}`` tints drawn over those squares.
    - ``size``: the picture's height in pixels (its longer side; the width follows); ``None``
      leaves both out, so the picture fills its box.
    - ``coordinates``: file letters and rank numbers inside the edge squares, turned with the board.
    - ``panels``: each seat's score, and who is to move or has won, next to its zone.

    Squares are given as an index (``rank * 8 + file``) or a name (``"c3"``) on the board drawn;
    colours as CSS tokens (``#rgb``, ``#rrggbb``, ``#rrggbbaa``, a name, ``rgb(...)``, ``hsl(...)``).

    For a web page and for tests: every square is ``<rect class="square light c3"
    data-square="c3">`` (``dark`` for dark squares, a1 dark as in chess), and everything drawn over
    the squares has ``pointer-events="none"``. Zones are ``<rect class="zone seat-N">``, canals
    ``<line class="canal">``, pieces ``<g class="piece pawn" data-square="c3">`` (``drone``,
    ``queen``) holding one ``<circle class="pip">`` per point of value, and panels
    ``<g class="panel seat-N">``. The same arguments always give the same string.

    Raises TypeError for arguments of the wrong type, :class:`~fourchess.svg.InvalidSquareError`
    for a square off the board drawn, :class:`~fourchess.svg.InvalidColorError` for a colour that
    is not a CSS colour token, and ValueError for an orientation that is not a seat of the board
    or a size out of range.

    >>> from fourchess import martian
    >>> picture = board(martian.Board(), orientation=1, size=400)
    >>> picture.count('class="square '), picture.count('class="canal"'), 'height="400"' in picture
    (32, 1, True)
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a fourchess.martian.Board, got {type(board).__name__}")
    players = board.players
    seat_at_bottom = _orientation(orientation, players)
    read_square = _square_reader(players)
    highlight = _last_move(lastmove, board, read_square)
    arrow_list = arguments.arrows(arrows, read_square, Move)
    fills = arguments.fill(fill, read_square)
    pixels = arguments.size(size)
    for flag, name in ((coordinates, "coordinates"), (panels, "panels")):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be a bool, got {type(flag).__name__}")

    files = 4 if players == 2 else 8
    turns = seat_at_bottom * (4 // players)  # quarter turns: two seats half a turn apart, four a quarter
    cells = {square: _cell(square, files, turns) for square in board_squares(players)}
    top = PANEL_HEIGHT if panels else 0
    width, height = files * S, RANKS * S + 2 * top

    def corner(square: int) -> tuple[float, float]:
        column, row = cells[square]
        return column * S, top + row * S

    if pixels is None:
        size_attributes = ""
    else:
        size_attributes = f' width="{number(pixels * width / height)}" height="{pixels}"'
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="fourchess-martian-board" '
        f'viewBox="0 0 {number(width)} {number(height)}"{size_attributes}>'
    ]
    for square in cells:
        x, y = corner(square)
        shade = "light" if _is_light(square) else "dark"
        name = square_name(square)
        out.append(
            f'<rect class="square {shade} {name}" data-square="{name}" x="{number(x)}" y="{number(y)}" '
            f'width="{S}" height="{S}" fill="{LIGHT_SQUARE if shade == "light" else DARK_SQUARE}"/>'
        )
    out.append('<g pointer-events="none">')
    zones = _zones(board, cells, top)
    for seat, (x0, y0, x1, y1) in zones.items():
        out.append(
            f'<rect class="zone seat-{seat}" x="{number(x0)}" y="{number(y0)}" width="{number(x1 - x0)}" '
            f'height="{number(y1 - y0)}" fill="{seat_color(seat)}" fill-opacity="{ZONE_OPACITY:g}"/>'
        )
    for square, colour in fills:
        out.append(overlay(corner(square), S, "fill", square_name(square), colour, None))
    if highlight is not None:
        for square in (highlight.from_square, highlight.to_square):
            out.append(overlay(corner(square), S, "lastmove", square_name(square), LASTMOVE_COLOR, 0.55))
    if coordinates:
        out.extend(_coordinates(cells, turns, top))
    out.extend(_canals(players, width, top))
    for square in cells:
        piece = board.piece_at(square)
        if piece is not None:
            out.append(_piece(piece, corner(square), square_name(square)))
    for tail, head, colour in arrow_list:
        out.append(arrow(corner(tail), corner(head), S, colour, square_name(tail), square_name(head)))
    if panels:
        out.extend(_panels(board, zones, top))
    out.append("</g></svg>")
    return "".join(out)


def _orientation(value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"orientation must be a seat number (int), got {type(value).__name__}")
    if not 0 <= value < players:
        raise ValueError(
            f"orientation must be a seat of this {players}-player board (0..{players - 1}), got {quoted(value)}"
        )
    return int(value)


def _square_reader(players: int) -> arguments.SquareReader:
    """Reads a square of the ``players``-player board, as :mod:`fourchess.svg.arguments` wants."""
    last = "d8" if players == 2 else "h8"

    def read(value: object, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(f"{what} must be a square index (int) or name (str), got {type(value).__name__}")
        if isinstance(value, str):
            try:
                index = parse_square(value)
            except ValueError as error:
                raise InvalidSquareError(f"{what}: {error}") from None
        else:
            index = value
        if not (0 <= index < 64 and _martian.on_board(players, index)):
            raise InvalidSquareError(
                f"{what}: {quoted(value)} is not a square of the {players}-player board "
                f"(a1..{last}, or its index rank * 8 + file)"
            )
        return int(index)

    return read


def _last_move(value: object, board: Board, read_square: arguments.SquareReader) -> Move | None:
    if value is True:
        moves = board.move_stack
        return moves[-1] if moves else None
    if value is None or value is False:
        return None
    if not isinstance(value, Move):
        raise TypeError(f"lastmove must be True, a fourchess.martian.Move or None, got {type(value).__name__}")
    read_square(value.from_square, "lastmove from")
    read_square(value.to_square, "lastmove to")
    return value


def _cell(square: int, files: int, turns: int) -> Cell:
    """The screen cell of ``square`` with the board turned ``turns`` quarter turns anticlockwise
    (which brings the next seat's zone, clockwise in turn order, to the bottom)."""
    x, up, width, height = square % 8, square // 8, files, RANKS
    for _ in range(turns):
        x, up, width, height = height - 1 - up, x, height, width
    return x, height - 1 - up


def _is_light(square: int) -> bool:
    """a1 is dark, as in chess."""
    return (square % 8 + square // 8) % 2 == 1


def _zones(board: Board, cells: dict[int, Cell], top: float) -> dict[int, Box]:
    """Each seat's zone as (left, top, right, bottom) in viewBox units, from the squares the core
    says it owns (docs/martian.md §1)."""
    zones: dict[int, Box] = {}
    for seat in range(board.players):
        owned = [cells[square] for square in cells if board.zone_owner(square) == seat]
        columns, rows = [column for column, _ in owned], [row for _, row in owned]
        zones[seat] = (
            min(columns) * S,
            top + min(rows) * S,
            (max(columns) + 1) * S,
            top + (max(rows) + 1) * S,
        )
    return zones


def _canals(players: int, width: float, top: float) -> list[str]:
    """The canals run through the board's middle (docs/martian.md §1): across it for two players,
    across and down it for four; half and quarter turns map them onto themselves."""
    middle_y, bottom = top + RANKS * S / 2, top + RANKS * S
    lines = [(0.0, middle_y, width, middle_y)]
    if players == 4:
        lines.append((width / 2, top, width / 2, bottom))
    return [
        f'<line class="canal" x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" y2="{number(y2)}" '
        f'stroke="{CANAL_COLOR}" stroke-width="{S * 0.1:g}" stroke-linecap="square"/>'
        for x1, y1, x2, y2 in lines
    ]


def _coordinates(cells: dict[int, Cell], turns: int, top: float) -> list[str]:
    """A label in the bottom-right corner of each bottom square and the top-left corner of each
    leftmost square: the file or the rank, whichever the screen line keeps after the turn."""
    at = {cell: square for square, cell in cells.items()}
    columns = 1 + max(column for column, _ in at)
    file_along_columns = turns % 2 == 0

    def label(square: int, file: bool) -> str:
        return FILES[square % 8] if file else str(square // 8 + 1)

    def colour(square: int) -> str:
        return LABEL_ON_LIGHT if _is_light(square) else LABEL_ON_DARK

    parts = [f'<g font-family="{FONT}" font-size="{LABEL_SIZE:g}" font-weight="bold">']
    for column in range(columns):
        square = at[(column, RANKS - 1)]  # the board stands upright or upside down: always 8 rows
        x, y = column * S + S - 2, top + RANKS * S - 2
        parts.append(
            f'<text class="coordinate" x="{number(x)}" y="{number(y)}" text-anchor="end" fill="{colour(square)}">'
            f"{label(square, file_along_columns)}</text>"
        )
    for row in range(RANKS):
        square = at[(0, row)]
        y = top + row * S + LABEL_SIZE + 1
        parts.append(
            f'<text class="coordinate" x="2" y="{number(y)}" fill="{colour(square)}">'
            f"{label(square, not file_along_columns)}</text>"
        )
    parts.append("</g>")
    return parts


def _piece(piece: PieceType, at: tuple[float, float], name: str) -> str:
    """A pyramid as tall as the piece is worth, its value in pips along its base: the physical
    game's pieces, which show no owner."""
    value = int(piece)
    half_width, height = S * (0.16 + 0.065 * value), S * (0.36 + 0.14 * value)
    base, middle = S * 0.88, S / 2
    apex, ridge = (middle, base - height), (middle + half_width * 0.2, base)
    left, right = (middle - half_width, base), (middle + half_width, base)

    def points(*corners: tuple[float, float]) -> str:
        return " ".join(f"{number(x)},{number(y)}" for x, y in corners)

    pip_y, spacing = base - S * 0.11, S * 0.13
    pips = "".join(
        f'<circle class="pip" cx="{number(middle + (index - (value - 1) / 2) * spacing)}" cy="{number(pip_y)}" '
        f'r="{S * 0.045:g}" fill="{OUTLINE_COLOR}"/>'
        for index in range(value)
    )
    return (
        f'<g class="piece {piece.name.lower()}" data-square="{name}" '
        f'transform="translate({number(at[0])} {number(at[1])})">'
        f'<polygon points="{points(apex, left, ridge)}" fill="{NEUTRAL_PIECE}"/>'
        f'<polygon points="{points(apex, ridge, right)}" fill="{NEUTRAL_PIECE_SHADE}"/>'
        f'<polygon points="{points(apex, left, right)}" fill="none" stroke="{OUTLINE_COLOR}" '
        'stroke-width="1.4" stroke-linejoin="round"/>'
        f"{pips}</g>"
    )


def _panels(board: Board, zones: dict[int, Box], top: float) -> list[str]:
    """Each seat's panel in the band next to its zone (below a zone on the bottom edge, above one on
    the top edge): the seat, its score, and whether it is to move or has won."""
    outcome = board.outcome()
    parts = [f'<g font-family="{FONT}">']
    for seat, (left, zone_top, right, _) in zones.items():
        x = left + 4
        y = 4 if zone_top == top else top + RANKS * S + 4
        width, height = right - left - 8, PANEL_HEIGHT - 8
        to_move = outcome is None and board.turn == seat
        state = " · won" if outcome is not None and seat in outcome.winners else " · to move" if to_move else ""
        score = board.scores[seat]
        colour = seat_color(seat)
        border = f'stroke="{colour}" stroke-width="3"' if to_move else f'stroke="{PANEL_BORDER}" stroke-width="1"'
        parts.append(
            f'<g class="panel seat-{seat}">'
            f'<rect x="{number(x)}" y="{number(y)}" width="{number(width)}" height="{number(height)}" rx="6" '
            f'fill="{PANEL_BACKGROUND}" {border}/>'
            f'<circle cx="{number(x + 14)}" cy="{number(y + 16)}" r="7" fill="{colour}" '
            f'stroke="{OUTLINE_COLOR}" stroke-width="1"/>'
            f'<text x="{number(x + 27)}" y="{number(y + 21)}" font-size="14" font-weight="bold" '
            f'fill="{OUTLINE_COLOR}">Seat {seat}</text>'
            f'<text x="{number(x + 8)}" y="{number(y + 42)}" font-size="12" fill="#555555">'
            f"{score} point{'' if score == 1 else 's'}{state}</text></g>"
        )
    parts.append("</g>")
    return parts

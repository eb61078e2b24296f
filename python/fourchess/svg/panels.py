"""The seat panels in the four empty corners: each seat's name, points (FFA) and state."""

from __future__ import annotations

from fourchess import _core
from fourchess._core import Seat
from fourchess.svg.layout import CORNER, SIDE, SQUARE_SIZE, seat_on_side
from fourchess.svg.palette import DEAD_COLOR, FONT, OUTLINE_COLOR, PANEL_BACKGROUND, PANEL_BORDER, SEAT_COLORS

S = SQUARE_SIZE
# The corner (top-left column, row) that holds the panel of the seat on each side.
PANEL_CORNERS = ((0, SIDE - CORNER), (0, 0), (SIDE - CORNER, 0), (SIDE - CORNER, SIDE - CORNER))


def panels(board: _core.Board, orientation: Seat) -> list[str]:
    """One ``<g class="panel SEAT">`` per seat in the empty corner on its side (clockwise from
    the bottom seat's: bottom left, top left, top right, bottom right): name, FFA points, state."""
    over = board.termination() is not None
    winners = board.winners() if over else frozenset()
    parts = [f'<g font-family="{FONT}">']
    for side, (column, row) in enumerate(PANEL_CORNERS):
        seat = seat_on_side(orientation, side)
        x, y = column * S + 8, row * S + 8
        width = CORNER * S - 16
        out = seat in board.eliminated
        walks = seat in board.walking_kings
        to_move = not over and board.turn == seat
        states = []
        if over and seat in winners:
            states.append("won")
        if to_move:
            states.append("to move")
        if walks:
            states.append("king walks")
        elif out:
            states.append("eliminated")
        colour = SEAT_COLORS[seat]
        border = f'stroke="{colour}" stroke-width="3"' if to_move else f'stroke="{PANEL_BORDER}" stroke-width="1"'
        struck = ' text-decoration="line-through"' if out else ""
        parts.append(
            f'<g class="panel {seat.name.lower()}{" eliminated" if out else ""}">'
            f'<rect x="{x}" y="{y}" width="{width}" height="{width}" rx="6" fill="{PANEL_BACKGROUND}" {border}/>'
            f'<circle cx="{x + 16}" cy="{y + 20}" r="8" fill="{DEAD_COLOR if out else colour}" '
            f'stroke="{OUTLINE_COLOR}" stroke-width="1"/>'
            f'<text x="{x + 30}" y="{y + 26}" font-size="17" font-weight="bold" '
            f'fill="{"#8a8a8a" if out else OUTLINE_COLOR}"{struck}>'
            f"{seat.title}</text>"
        )
        line = y + 54
        if board.is_ffa:
            points = board.points[seat]
            parts.append(
                f'<text x="{x + 10}" y="{line}" font-size="15" fill="{OUTLINE_COLOR}">'
                f"{points} point{'' if points == 1 else 's'}</text>"
            )
            line += 22
        for state in states:
            weight = ' font-weight="bold"' if state in ("to move", "won") else ""
            parts.append(f'<text x="{x + 10}" y="{line}" font-size="14" fill="#555555"{weight}>{state}</text>')
            line += 20
        parts.append("</g>")
    parts.append("</g>")
    return parts

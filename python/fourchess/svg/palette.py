"""The colours and font of the pictures."""

from __future__ import annotations

from fourchess._core import Seat

SEAT_COLORS = {Seat.RED: "#bf3b43", Seat.BLUE: "#4185bf", Seat.YELLOW: "#c09526", Seat.GREEN: "#4e9161"}
"""The seats' colours (chess.com's), by seat."""
DEAD_COLOR = "#b4b4b4"
OUTLINE_COLOR = "#222222"
LIGHT_SQUARE, DARK_SQUARE = "#e3dfd6", "#aea699"
LASTMOVE_COLOR = "#e0d240"
# Coordinates: a darker tone on light squares, a lighter one on dark squares.
LABEL_ON_LIGHT, LABEL_ON_DARK = "#7a7163", "#f4f1ea"
FONT = "Helvetica, Arial, sans-serif"
PANEL_BACKGROUND, PANEL_BORDER = "#f6f4ef", "#c8c3b8"  # a seat's panel; its seat's colour when to move
# Martian Chess: pieces have no owner (docs/martian.md §1), so one neutral stone for all, lit from
# the left; the canal is water between the zones.
NEUTRAL_PIECE, NEUTRAL_PIECE_SHADE = "#fbfaf6", "#d6d0c3"
CANAL_COLOR = "#1d4e6e"

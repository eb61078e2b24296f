"""SVG pictures of four-player chess positions, for notebooks and web pages.

:func:`board` draws the 160-square cross board with any seat at the bottom, the pieces in their
seats' colours (dead pieces grey, 1-point queens and walking kings marked), coordinates, last
moves, arrows, square tints, check marks and each seat's state in the corners.

>>> import fourchess
>>> from fourchess import svg
>>> picture = svg.board(fourchess.Board(mode="ffa"), arrows=[("h2", "h4")], fill={"h4": "#ffcc0080"})
>>> picture.count('class="piece red ')
16
"""

from fourchess.svg.arguments import Arrow, InvalidColorError, InvalidSquareError
from fourchess.svg.palette import SEAT_COLORS
from fourchess.svg.render import board, kings_in_check, last_move_per_seat

__all__ = [
    "SEAT_COLORS",
    "Arrow",
    "InvalidColorError",
    "InvalidSquareError",
    "board",
    "kings_in_check",
    "last_move_per_seat",
]

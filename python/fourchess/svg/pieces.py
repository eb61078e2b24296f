"""The six piece drawings, each a silhouette on a 100 x 100 box with its base at the bottom.

The outline is filled with the seat's colour by the ``<use>`` that places it (fill is inherited),
so one set of shapes serves every seat and dead pieces alike. Details (the knight's eye, the
bishop's slit, the bands) are drawn in the outline colour.
"""

from __future__ import annotations

from fourchess._core import PieceType

# Outline paths, one closed shape each, then detail strokes and dots in the outline colour.
_PAWN = (
    "M26 88H74V82Q73 77 66 77C64 64 58 57 57 48H61Q64 44 59 41A13 13 0 1 0 41 41Q36 44 39 48H43"
    "C42 57 36 64 34 77Q27 77 26 82Z"
)
_ROOK = "M24 88H76V80L68 75L66 45L73 38V20H63V28H55V20H45V28H37V20H27V38L34 45L32 75L24 80Z"
_ROOK_DETAIL = "M34 45H66M32 75H68"
_KNIGHT = (
    "M30 88H76V80Q78 50 66 34Q59 24 50 21L47 12L40 21Q32 25 27 36L18 51Q16 58 23 61Q30 63 35 57"
    "L43 52Q48 50 49 57Q45 67 33 74L30 80Z"
)
_KNIGHT_DETAIL = "M50 21Q64 30 70 52"
_KNIGHT_EYE = (41.0, 34.0, 3.5)
_BISHOP = "M26 88H74V82Q62 79 60 72V68Q71 60 68 45Q64 31 50 21Q36 31 32 45Q29 60 40 68V72Q38 79 26 82Z"
_BISHOP_DETAIL = "M57 35L46 50M40 68H60"
_BISHOP_BALL = (50.0, 15.0, 6.0)
_QUEEN = "M27 88H73V80L77 69L85 33L68 55L66 27L57 51L50 22L43 51L34 27L32 55L15 33L23 69L27 80Z"
_QUEEN_DETAIL = "M23 69H77"
_QUEEN_BALLS = ((15.0, 31.0, 5.5), (34.0, 25.0, 5.5), (50.0, 20.0, 5.5), (66.0, 25.0, 5.5), (85.0, 31.0, 5.5))
_KING = (
    "M27 88H73V80L77 69Q90 52 80 42Q68 32 56 45L50 51L44 45Q32 32 20 42Q10 52 23 69L27 80Z"
    "M50 51Q41 40 50 30Q59 40 50 51Z"
    "M47 7H53V13H59V19H53V30H47V19H41V13H47Z"
)
_KING_DETAIL = "M23 69H77"

OUTLINE_WIDTH = 3.5
PIECE_SCALE = 0.9  # of the square, centred: the square's corners stay free for the coordinates

_SHAPES: dict[PieceType, tuple[str, str, tuple[tuple[float, float, float], ...]]] = {
    PieceType.PAWN: (_PAWN, "", ()),
    PieceType.KNIGHT: (_KNIGHT, _KNIGHT_DETAIL, (_KNIGHT_EYE,)),
    PieceType.BISHOP: (_BISHOP, _BISHOP_DETAIL, (_BISHOP_BALL,)),
    PieceType.ROOK: (_ROOK, _ROOK_DETAIL, ()),
    PieceType.QUEEN: (_QUEEN, _QUEEN_DETAIL, _QUEEN_BALLS),
    PieceType.KING: (_KING, _KING_DETAIL, ()),
}

# The knight's eye is a hole in the silhouette: drawn in the outline colour, not filled.
_FILLED_DOTS = {PieceType.BISHOP, PieceType.QUEEN}


def piece_id(piece_type: PieceType) -> str:
    """The id of the ``<g>`` in ``<defs>`` that draws ``piece_type`` (shared by every board on a
    page: the drawings are the same, so repeated ids resolve alike)."""
    return f"fourchess-{piece_type.name.lower()}"


def piece_defs(square_size: float, outline: str) -> list[str]:
    """One ``<g id=...>`` per piece type, scaled from the 100-unit box to ``square_size``."""
    scale = square_size * PIECE_SCALE / 100
    margin = square_size * (1 - PIECE_SCALE) / 2
    parts = []
    for piece_type, (outline_path, detail, dots) in _SHAPES.items():
        body = [f'<path d="{outline_path}"/>']
        if detail:
            body.append(f'<path d="{detail}" fill="none"/>')
        for x, y, r in dots:
            fill = "" if piece_type in _FILLED_DOTS else f' fill="{outline}"'
            body.append(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}"{fill}/>')
        parts.append(
            f'<g id="{piece_id(piece_type)}" transform="translate({margin:g} {margin:g}) scale({scale:g})" '
            f'stroke="{outline}" '
            f'stroke-width="{OUTLINE_WIDTH:g}" stroke-linejoin="round" stroke-linecap="round">' + "".join(body) + "</g>"
        )
    return parts

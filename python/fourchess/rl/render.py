"""Pictures of an environment's board: the SVG of :mod:`fourchess.svg`, and that SVG rasterized
by CairoSVG into the ``HxWx3`` ``uint8`` array Gymnasium's ``rgb_array`` mode asks for."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from fourchess import svg
from fourchess._quote import quoted
from fourchess.board import Board
from fourchess.rl._extra import extra_module

RENDER_MODES = ("svg", "rgb_array")
RENDER_SIZE = 480  # pixels a side: the size fourchess.svg draws for notebooks


def board_svg(board: Board) -> str:
    """The board as SVG text, Red at the bottom, each seat's last move in its colour."""
    return svg.board(board, lastmove=svg.last_move_per_seat(board), size=RENDER_SIZE)


def board_rgb(board: Board) -> Any:
    """The board as an ``(RENDER_SIZE, RENDER_SIZE, 3)`` ``uint8`` array of RGB pixels."""
    return svg_to_rgb(board_svg(board))


def svg_to_rgb(picture: str) -> Any:
    """An SVG document rasterized at its own size: an ``HxWx3`` ``uint8`` array (CairoSVG draws
    a PNG, Pillow, which CairoSVG depends on, reads it back)."""
    cairosvg = extra_module("cairosvg")
    image_module = extra_module("PIL.Image")
    np = extra_module("numpy")
    png = cairosvg.svg2png(bytestring=picture.encode())
    with image_module.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def rendered(render_mode: str | None, picture: Callable[[], str]) -> str | Any | None:
    """What an environment's ``render()`` returns: ``picture()``'s SVG text for ``"svg"``, its
    pixels for ``"rgb_array"``; without a render mode a warning and ``None``, as Gymnasium does."""
    if render_mode is None:
        extra_module("gymnasium").logger.warn(
            "render() was called without a render_mode: give render_mode='svg' or 'rgb_array'"
        )
        return None
    return picture() if render_mode == "svg" else svg_to_rgb(picture())


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`, else ValueError."""
    if render_mode is None or (isinstance(render_mode, str) and render_mode in RENDER_MODES):
        return render_mode
    raise ValueError(f"render_mode must be None, 'svg' or 'rgb_array', got {quoted(render_mode)}")

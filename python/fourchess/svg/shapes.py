"""Marks drawn over squares, shared by the pictures of both games: square tints and arrows.

Each takes the top-left corner of its square(s) in viewBox units and the square's size, and names
the squares in its ``class`` so that a page or a test can find it.

>>> overlay((40, 0), 40, "fill", "b8", "teal", None)
'<rect class="fill b8" x="40" y="0" width="40" height="40" fill="teal"/>'
"""

from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr


def number(value: float) -> str:
    """A coordinate written the same way every time: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def overlay(at: tuple[float, float], size: float, kind: str, name: str, colour: str, opacity: float | None) -> str:
    """A ``<rect class="KIND NAME">`` over the square whose corner is ``at``, in ``colour``."""
    opacity_attribute = "" if opacity is None else f' fill-opacity="{opacity:g}"'
    return (
        f'<rect class="{kind} {name}" x="{number(at[0])}" y="{number(at[1])}" width="{size:g}" height="{size:g}" '
        f"fill={quoteattr(colour)}{opacity_attribute}/>"
    )


def arrow(
    tail_at: tuple[float, float], head_at: tuple[float, float], size: float, colour: str, tail: str, head: str
) -> str:
    """An arrow from the centre of square ``tail`` to that of ``head`` (corners ``tail_at`` and
    ``head_at``), or a ring around the square when they are one."""
    label = f"arrow {tail} {head}"
    if tail == head:
        return (
            f'<circle class="{label}" cx="{number(tail_at[0] + size / 2)}" cy="{number(tail_at[1] + size / 2)}" '
            f'r="{size * 0.42:g}" fill="none" stroke={quoteattr(colour)} stroke-width="{size * 0.1:g}" '
            'stroke-opacity="0.85"/>'
        )
    x0, y0 = tail_at[0] + size / 2, tail_at[1] + size / 2
    x1, y1 = head_at[0] + size / 2, head_at[1] + size / 2
    length = math.hypot(x1 - x0, y1 - y0)
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -dy, dx
    shaft, head_width, head_length = size * 0.09, size * 0.25, size * 0.45
    bx, by = x1 - dx * head_length, y1 - dy * head_length
    points = [
        (x0 + nx * shaft, y0 + ny * shaft),
        (bx + nx * shaft, by + ny * shaft),
        (bx + nx * head_width, by + ny * head_width),
        (x1, y1),
        (bx - nx * head_width, by - ny * head_width),
        (bx - nx * shaft, by - ny * shaft),
        (x0 - nx * shaft, y0 - ny * shaft),
    ]
    text = " ".join(f"{number(px)},{number(py)}" for px, py in points)
    return f'<polygon class="{label}" points="{text}" fill={quoteattr(colour)} fill-opacity="0.8"/>'

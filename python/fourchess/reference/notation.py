"""Engine move text: 'h2-h3', 'h2h3', 'h10-h11=Q' (docs/rules.md §10)."""

from __future__ import annotations

import re

from .errors import InvalidMoveError
from .quoting import shown
from .squares import parse_square

_ENGINE_MOVE = re.compile(r"(?P<src>[a-n]\d{1,2})-?(?P<dst>[a-n]\d{1,2})(?:=?(?P<promotion>[QRBNDqrbnd]))?")


def parse_engine_move(text: str) -> tuple[int, int, str | None]:
    """(from_square, to_square, promotion letter or None); InvalidMoveError if unreadable."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string, got {type(text).__name__}")
    match = _ENGINE_MOVE.fullmatch(text.strip())
    if match is None:
        raise InvalidMoveError(f"cannot read move {shown(text)}: expected from-to[=P], like 'h2-h3' or 'h10-h11=Q'")
    source, target = parse_square(match["src"]), parse_square(match["dst"])
    if source is None or target is None:
        raise InvalidMoveError(f"cannot read move {shown(text)}: a square is off the board")
    promotion = match["promotion"].upper() if match["promotion"] else None
    return source, target, promotion

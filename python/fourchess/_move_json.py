"""``Move.to_dict()`` and ``Move.from_dict()``: a move as plain data for JSON.

Move is a C++ class; these two are Python, set on it when ``fourchess`` loads, so that reading
checks each field with the same typed errors and bounded quoting as the other ``from_dict``s.
"""

from __future__ import annotations

from typing import Any

from fourchess._core import Move, PieceType, parse_square, square_name
from fourchess._json import fields, named, text_field
from fourchess._quote import quoted

_PROMOTIONS = ("QUEEN", "ROOK", "BISHOP", "KNIGHT")


def to_dict(self: Move) -> dict[str, Any]:
    """Plain data for JSON: ``{"from": "h2", "to": "h4", "promotion": None, "one_point_queen":
    False, "text": "h2-h4"}`` (``promotion``: ``None`` or ``"QUEEN"``, ``"ROOK"``, ``"BISHOP"``,
    ``"KNIGHT"``; ``text``: the engine form :meth:`Move.from_str` reads)."""
    return {
        "from": square_name(self.from_square),
        "to": square_name(self.to_square),
        "promotion": None if self.promotion is None else self.promotion.name,
        "one_point_queen": self.is_one_point_queen,
        "text": str(self),
    }


def from_dict(data: dict[str, Any]) -> Move:
    """The Move :meth:`to_dict` gave. ``from`` and ``to`` are needed; ``promotion`` and
    ``one_point_queen`` default to none; ``text``, when given, must name the same move. TypeError or
    ValueError naming the bad field."""
    fields(data, "Move", ("from", "to"), ("promotion", "one_point_queen", "text"))
    squares = [_square(data[key], key) for key in ("from", "to")]
    promotion = data.get("promotion")
    if promotion is not None:
        promotion = PieceType[named(promotion, _PROMOTIONS, "Move", "promotion")]
    one_point = data.get("one_point_queen", False)
    if not isinstance(one_point, bool):
        raise TypeError(f"Move.from_dict: field 'one_point_queen' must be a bool, got {type(one_point).__name__}")
    try:
        move = Move(squares[0], squares[1], promotion, one_point)
    except ValueError as error:
        raise ValueError(f"Move.from_dict: {error}") from None
    if "text" in data and _text_move(data["text"]) != move:
        raise ValueError(f"Move.from_dict: field 'text' {quoted(data['text'])} is not the move {move}")
    return move


def _text_move(value: object) -> Move:
    try:
        return Move.from_str(text_field(value, "Move", "text"))
    except ValueError:
        raise ValueError(f"Move.from_dict: field 'text' must be a move's engine text like 'h2-h4', got {quoted(value)}") from None


def _square(value: object, field: str) -> int:
    try:
        return parse_square(text_field(value, "Move", field))
    except ValueError:
        raise ValueError(f"Move.from_dict: field {field!r} must be a square name (a1..n14), got {quoted(value)}") from None


Move.to_dict = to_dict  # type: ignore[attr-defined]
Move.from_dict = staticmethod(from_dict)  # type: ignore[attr-defined]

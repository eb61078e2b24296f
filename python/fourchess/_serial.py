"""The plain-data forms of fourchess values, for JSON, in one place: the field readers every
``from_dict`` checks its input with (a typed error naming the field and quoting, bounded, what was
there instead), a Move's form (``Move.to_dict`` and ``Move.from_dict``) and a whole game's (what
``Board.to_dict`` writes and ``Board.from_dict`` reads: the root FEN4, every rule option and the
steps as the texts fourchess.stateless replays, so json.dumps stores a game a server or tool reads
back exactly).

Nothing here knows Board: it imports only what lies below it (the core, the rules), and Board,
Outcome and GameEvent call in.

>>> import json, fourchess
>>> board = fourchess.Board(mode="ffa")
>>> for step in ["h2-h4", "resign:B", "g13-g12"]:  # Blue leaves in its turn: Yellow moves next
...     _ = board.push_step(step)
>>> data = json.loads(json.dumps(board.to_dict()))
>>> data["steps"], data["rules"]["mode"]
(['h2-h4', 'resign:B', 'g13-g12'], 'ffa')
>>> restored = fourchess.Board.from_dict(data)
>>> restored.fen4() == board.fen4(), restored.history == board.history
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from fourchess._core import Move, PieceType, Seat, parse_square, square_name
from fourchess._quote import quoted
from fourchess.rules import Rules

SEAT_NAMES_UPPER = tuple(seat.name for seat in Seat)

# --- reading fields ------------------------------------------------------------------------------


def fields(data: object, owner: str, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """``data`` as a dict with every required key and no key outside required + optional."""
    if not isinstance(data, dict):
        raise TypeError(f"{owner}.from_dict needs a dict, got {type(data).__name__}")
    required, allowed = tuple(required), set(required) | set(optional)
    for key in data:
        if key not in allowed:
            raise ValueError(f"{owner}.from_dict: unknown field {quoted(key)} (fields: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in data:
            raise ValueError(f"{owner}.from_dict: field {key!r} is missing")
    return data


def text_field(value: object, owner: str, field: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{owner}.from_dict: field {field!r} must be a str, got {type(value).__name__}")
    return value


def list_field(value: object, owner: str, field: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{owner}.from_dict: field {field!r} must be a list, got {type(value).__name__}")
    return list(value)


def named(value: object, names: Iterable[str], owner: str, field: str) -> str:
    """A name out of ``names`` (read case-insensitively, returned as written in ``names``)."""
    text = text_field(value, owner, field)
    choices = tuple(names)
    for name in choices:
        if text.upper() == name:
            return name
    raise ValueError(f"{owner}.from_dict: field {field!r} must be one of {', '.join(choices)}, got {quoted(text)}")


def seat_field(value: object, owner: str, field: str) -> Seat:
    return Seat[named(value, SEAT_NAMES_UPPER, owner, field)]


def seat_set_field(value: object, owner: str, field: str) -> frozenset[Seat]:
    """A list of distinct seat names."""
    seats = [seat_field(item, owner, field) for item in list_field(value, owner, field)]
    if len(set(seats)) != len(seats):
        raise ValueError(f"{owner}.from_dict: field {field!r} names a seat twice: {quoted(value)}")
    return frozenset(seats)


def seat_names(seats: Iterable[Seat]) -> list[str]:
    """Seat names in seat order (RED, BLUE, YELLOW, GREEN)."""
    return [seat.name for seat in sorted(seats)]


# --- a move --------------------------------------------------------------------------------------

_PROMOTIONS = ("QUEEN", "ROOK", "BISHOP", "KNIGHT")


def add_move_methods(move_class: type[Move]) -> None:
    """Sets ``to_dict`` and ``from_dict`` on the C++ Move class (``fourchess`` calls this once as it
    loads): they are Python so that reading a move checks each field with the same typed errors and
    bounded quoting as the other ``from_dict``s."""
    move_class.to_dict = move_to_dict  # type: ignore[method-assign]
    move_class.from_dict = staticmethod(move_from_dict)  # type: ignore[method-assign]


def move_to_dict(self: Move) -> dict[str, Any]:
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


def move_from_dict(data: dict[str, Any]) -> Move:
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
        raise ValueError(
            f"Move.from_dict: field 'text' must be a move's engine text like 'h2-h4', got {quoted(value)}"
        ) from None


def _square(value: object, field: str) -> int:
    try:
        return parse_square(text_field(value, "Move", field))
    except ValueError:
        raise ValueError(
            f"Move.from_dict: field {field!r} must be a square name (a1..n14), got {quoted(value)}"
        ) from None


# --- a whole game --------------------------------------------------------------------------------

_RULE_FIELDS = tuple(field.name for field in dataclasses.fields(Rules))
_CHOICES = {"mode": ("teams", "ffa"), "setup": ("modern", "classic")}


def game_dict(root_fen4: str, rules: Rules, steps: list[str], fen4: str) -> dict[str, Any]:
    """``{"root_fen4", "rules": {every Rules field}, "steps": [step texts], "fen4"}``: what
    Board.to_dict writes (``fen4``, the current position, is there for readers: the steps decide it)."""
    return {"root_fen4": root_fen4, "rules": dataclasses.asdict(rules), "steps": steps, "fen4": fen4}


def game_fields(data: object) -> tuple[str, Rules, list[Any]]:
    """The root FEN4, the rules and the steps of a :func:`game_dict`, each checked; typed errors
    name the bad field. Board.from_dict replays the steps (the errors of a bad one name its index)."""
    data = fields(data, "Board", ("root_fen4", "rules", "steps"), ("fen4",))
    root_fen4 = text_field(data["root_fen4"], "Board", "root_fen4")
    steps = list_field(data["steps"], "Board", "steps")
    return root_fen4, _rules(data["rules"]), steps


def _rules(value: object) -> Rules:
    if not isinstance(value, dict):
        raise TypeError(f"Board.from_dict: field 'rules' must be a dict of Rules fields, got {type(value).__name__}")
    for key in value:
        if key not in _RULE_FIELDS:
            raise ValueError(f"Board.from_dict: unknown rules field {quoted(key)} (fields: {', '.join(_RULE_FIELDS)})")
    given = dict(value)
    for name, choices in _CHOICES.items():
        if isinstance(given.get(name), str):
            given[name] = given[name].lower()  # "FFA" as PGN4 writes it
            if given[name] not in choices:
                raise ValueError(
                    f"Board.from_dict: rules field {name!r} must be {' or '.join(map(repr, choices))},"
                    f" got {quoted(value[name])}"
                )
    try:
        return Rules(**given)
    except (TypeError, ValueError) as error:
        raise type(error)(f"Board.from_dict: field 'rules': {error}") from None

"""A whole game as plain data (Board.to_dict / Board.from_dict): the root FEN4, every rule option
and the steps as the texts fourchess.stateless replays, so json.dumps stores a game a server or
tool reads back exactly.

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
from typing import TYPE_CHECKING, Any, TypeVar

from fourchess._core import Fen4Error
from fourchess._json import fields, list_field, text_field
from fourchess._quote import quoted
from fourchess.rules import Rules

if TYPE_CHECKING:
    from fourchess.board import Board

BoardType = TypeVar("BoardType", bound="Board")  # Board or a subclass of it

_RULE_FIELDS = tuple(field.name for field in dataclasses.fields(Rules))
_CHOICES = {"mode": ("teams", "ffa"), "setup": ("modern", "classic")}


def game_dict(board: Board) -> dict[str, Any]:
    """``{"root_fen4", "rules": {every Rules field}, "steps": [step texts], "fen4"}``."""
    return {
        "root_fen4": board.root_fen4(),
        "rules": dataclasses.asdict(board.rules),
        "steps": board.step_texts(),
        "fen4": board.fen4(),
    }


def board_from_dict(cls: type[BoardType], data: object) -> BoardType:
    """The board ``data`` (from :func:`game_dict`) describes; typed errors name the bad field."""
    # fen4, the current position, is there for readers: the steps decide it.
    data = fields(data, "Board", ("root_fen4", "rules", "steps"), ("fen4",))
    root_fen4 = text_field(data["root_fen4"], "Board", "root_fen4")
    steps = list_field(data["steps"], "Board", "steps")
    rules = _rules(data["rules"])
    try:
        board = cls(root_fen4, rules=rules)
    except Fen4Error as error:
        raise Fen4Error(f"Board.from_dict: field 'root_fen4': {error}") from None
    board._push_steps(steps, "steps")  # errors name the entry: "steps[3]: illegal move ..."
    return board


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
                raise ValueError(f"Board.from_dict: rules field {name!r} must be {' or '.join(map(repr, choices))}, got {quoted(value[name])}")
    try:
        return Rules(**given)
    except (TypeError, ValueError) as error:
        raise type(error)(f"Board.from_dict: field 'rules': {error}") from None

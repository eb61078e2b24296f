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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from fourchess._core import Fen4Error
from fourchess.rules import Rules
from fourchess.stateless import _quoted

if TYPE_CHECKING:
    from fourchess.board import Board

BoardType = TypeVar("BoardType", bound="Board")

_FIELDS = ("root_fen4", "rules", "steps", "fen4")  # fen4: the current position, for readers only
_RULE_FIELDS = tuple(field.name for field in dataclasses.fields(Rules))


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
    if not isinstance(data, Mapping):
        raise TypeError(f"Board.from_dict needs a dict, got {type(data).__name__}")
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise ValueError(f"Board.from_dict: unknown field {_shown(unknown[0])} (the fields are {', '.join(_FIELDS)})")
    for name in ("root_fen4", "rules", "steps"):
        if name not in data:
            raise ValueError(f"Board.from_dict: the field {name!r} is missing")
    root_fen4, steps = data["root_fen4"], data["steps"]
    if not isinstance(root_fen4, str):
        raise TypeError(f"Board.from_dict: root_fen4 must be a str, got {type(root_fen4).__name__}")
    if not isinstance(steps, (list, tuple)):
        raise TypeError(f"Board.from_dict: steps must be a list of step texts, got {type(steps).__name__}")
    rules = _rules(data["rules"])
    try:
        board = cls(root_fen4, rules=rules)
    except Fen4Error as error:
        raise Fen4Error(f"Board.from_dict: root_fen4: {error}") from None
    board._push_steps(steps, "steps")  # errors name the entry: "steps[3]: illegal move ..."
    return board


def _rules(value: object) -> Rules:
    if not isinstance(value, Mapping):
        raise TypeError(f"Board.from_dict: rules must be a dict of Rules fields, got {type(value).__name__}")
    unknown = [key for key in value if key not in _RULE_FIELDS]
    if unknown:
        raise ValueError(f"Board.from_dict: unknown rules field {_shown(unknown[0])} (the fields are {', '.join(_RULE_FIELDS)})")
    fields = dict(value)
    for name, allowed in (("mode", ("teams", "ffa")), ("setup", ("modern", "classic"))):
        if isinstance(fields.get(name), str):
            fields[name] = fields[name].lower()  # "FFA" as PGN4 writes it
            if fields[name] not in allowed:
                raise ValueError(f"Board.from_dict: rules.{name} must be {' or '.join(map(repr, allowed))}, got {_quoted(value[name])}")
    try:
        return Rules(**fields)
    except (TypeError, ValueError) as error:
        raise type(error)(f"Board.from_dict: rules: {error}") from None


def _shown(key: object) -> str:
    return _quoted(key) if isinstance(key, str) else _quoted(repr(key))

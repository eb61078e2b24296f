"""What both games' encoding targets check of the actions: ``encoding`` is a module with
``encode_move``, ``decode_action`` and ``legal_mask`` (fourchess.rl, fourchess.rl.martian)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

from fourchess.rl import IllegalActionError

from . import Finding


def legal_actions(encoding: ModuleType, board: Any, count: int, where: str) -> tuple[list[Any], list[int]]:
    """The legal moves and their actions, checked: distinct, in ``range(count)``, each decoding
    back to its move, and exactly the legal mask's."""
    moves = list(board.legal_moves)
    actions = [encoding.encode_move(board, move) for move in moves]
    if len(set(actions)) != len(actions) or not all(0 <= action < count for action in actions):
        raise Finding(f"legal moves without distinct actions in range in {where}: {sorted(actions)}")
    for move, action in zip(moves, actions, strict=True):
        if encoding.decode_action(board, action) != move:
            raise Finding(f"action {action} of {move} decodes to {encoding.decode_action(board, action)} in {where}")
    if set(np.flatnonzero(encoding.legal_mask(board)).tolist()) != set(actions):
        raise Finding(f"the legal mask is not the legal moves' actions in {where}")
    return moves, actions


def check_any_action(encoding: ModuleType, board: Any, action: int, legal: list[int], where: str) -> None:
    """Any action in range decodes to a legal move of that very action, or is refused by
    IllegalActionError when it is not among the ``legal`` ones."""
    try:
        move = encoding.decode_action(board, action)
    except IllegalActionError:
        if action in legal:
            raise Finding(f"legal action {action} refused in {where}") from None
        return
    if action not in legal or encoding.encode_move(board, move) != action:
        raise Finding(f"action {action} decodes to {move}, not a legal move of that action, in {where}")

"""Playing a move on a Position with every position-level consequence, but no history rules.

Shared by the Board and by perft, which must not see repetition, the fifty-move rule or the
move limit (docs/rules.md §9).
"""

from __future__ import annotations

from . import ffa
from .make import make_move
from .move import Move
from .position import Position


def play_move(position: Position, move: Move) -> None:
    """Play a legal move of the side to move: placement, points, eliminations, end, next turn."""
    mover = position.turn
    if not position.is_ffa:
        make_move(position, move)
        position.turn = (mover + 1) % 4
        return
    earns = mover not in position.walking
    checked_before = ffa.kings_checked_by(position, mover) if earns else set()
    captured = make_move(position, move)
    ffa.apply_consequences(position, mover, captured, checked_before)

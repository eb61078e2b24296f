"""Endings that depend on the game's history, not on the position alone (docs/rules.md §8).

Applied by the Board after each move only when the position itself is not over; perft never
applies them (docs/rules.md §9).
"""

from __future__ import annotations

from collections.abc import Hashable

from .ffa import add_draw_points
from .outcome import Termination
from .position import Position

REPETITIONS_TO_DRAW = 3
FIFTY_MOVES = 50  # per seat taking turns: 200 plies with four seats


def repetition_key(position: Position) -> Hashable:
    """Placement (dead pieces included), side to move, castling, en-passant entries, and the
    eliminated and walking seats; points and the ply clock do not count."""
    return (
        tuple(position.squares),
        position.turn,
        tuple(position.castle_short),
        tuple(position.castle_long),
        tuple(position.en_passant),
        frozenset(position.eliminated),
        frozenset(position.walking),
    )


def history_termination(
    position: Position, occurrences: int, moves_played: int, move_limit: int | None
) -> Termination | None:
    """`occurrences`: how often the current key has been seen since the root, this time included."""
    if occurrences >= REPETITIONS_TO_DRAW:
        return Termination.THREEFOLD_REPETITION
    if position.ply_clock >= FIFTY_MOVES * len(position.seats_taking_turns()):
        return Termination.FIFTY_MOVE_RULE
    if move_limit is not None and moves_played >= move_limit:
        return Termination.MOVE_LIMIT
    return None


def end_by_history(position: Position, termination: Termination) -> None:
    """Record the end; FFA draws give +10 to every active seat, the move limit gives nothing."""
    position.history_end = termination
    if position.is_ffa and termination is not Termination.MOVE_LIMIT:
        add_draw_points(position)

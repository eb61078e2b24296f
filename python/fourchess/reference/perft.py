"""Perft (docs/rules.md §9): leaves of the tree of legal move sequences of exactly `depth` plies.

It walks Positions, not the Board, so that history-dependent endings (repetition, the
fifty-move rule, the move limit) never cut the tree.
"""

from __future__ import annotations

from .ending import ended_by_rule
from .move import Move
from .movegen import generate_legal
from .play import play_move
from .position import Position
from .quoting import shown


def _moves(position: Position) -> list[Move]:
    if ended_by_rule(position) is not None:
        return []  # a finished game has no moves; a stuck side to move simply has none
    return list(generate_legal(position, position.turn))


def _check_depth(depth: int) -> None:
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {shown(depth)}")


def _count(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = _moves(position)
    if depth == 1:
        return len(moves)  # every legal move is one leaf, whatever it causes
    total = 0
    for move in moves:
        child = position.copy()
        play_move(child, move)
        total += _count(child, depth - 1)
    return total


def perft(position: Position, depth: int) -> int:
    _check_depth(depth)
    return _count(position, depth)


def divide(position: Position, depth: int) -> dict[str, int]:
    """Perft split by first move (engine form), for locating a disagreement with another engine."""
    counts: dict[str, int] = {}
    for move in _moves(position):
        child = position.copy()
        play_move(child, move)
        counts[str(move)] = perft(child, depth - 1)
    return counts

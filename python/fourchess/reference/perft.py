"""Perft (RULES.md §9): leaves of the tree of legal move sequences of exactly `depth` plies."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .board import Board


def perft(board: Board, depth: int) -> int:
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    if depth == 0:
        return 1
    moves = board.legal_moves  # a finished game has none
    if depth == 1:
        return len(moves)  # every legal move is one leaf, whatever it causes
    total = 0
    for move in moves:
        board.push(move, checked=False)
        total += perft(board, depth - 1)
        board.pop()
    return total


def divide(board: Board, depth: int) -> dict[str, int]:
    """Perft split by first move (engine form), for locating a disagreement with another engine."""
    counts: dict[str, int] = {}
    for move in board.legal_moves:
        board.push(move, checked=False)
        counts[str(move)] = perft(board, depth - 1)
        board.pop()
    return counts

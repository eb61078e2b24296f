"""Seats that choose moves: the small protocol CPU players plug into, and a random player."""

from __future__ import annotations

import random
from typing import Protocol

from fourchess._core import Move
from fourchess.board import Board


class Player(Protocol):
    """Anything that picks a legal move for the side to move of a board that is not over."""

    def choose_move(self, board: Board) -> Move: ...


class RandomPlayer:
    """Picks uniformly among the legal moves (a walking king's too), from its own seeded RNG."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, board: Board) -> Move:
        moves = list(board.legal_moves)
        if not moves:
            raise ValueError("choose_move needs a board whose side to move has a legal move")
        return self.rng.choice(moves)

"""Seats that choose moves: the small protocol CPU players plug into, and a random player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from fourchess._core import Move
from fourchess.board import Board

if TYPE_CHECKING:
    from fourchess.engine import Engine, SearchResult


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


class SearchPlayer:
    """The CPU player: the core's search (``fourchess.engine``) with one Engine for the game.

    Limits as :meth:`fourchess.engine.Engine.search` (``movetime`` in seconds); with none, depth 4.
    ``clocks`` given to ``choose_move`` make it manage the seat's time instead.
    """

    def __init__(
        self,
        *,
        depth: int | None = None,
        movetime: float | None = None,
        nodes: int | None = None,
        threads: int = 1,
        hash_mb: int = 64,
        ffa_search: str = "brs+",
        engine: Engine | None = None,
    ) -> None:
        from fourchess.engine import Engine

        self.engine = engine if engine is not None else Engine(hash_mb=hash_mb, threads=threads, ffa_search=ffa_search)
        self.depth = 4 if depth is None and movetime is None and nodes is None else depth
        self.movetime = movetime
        self.nodes = nodes
        self.last_result: SearchResult | None = None

    def choose_move(self, board: Board, clocks: Sequence[float] | None = None, increments: Sequence[float] | None = None) -> Move:
        limits = {"depth": self.depth, "movetime": self.movetime, "nodes": self.nodes} if clocks is None else {}
        result = self.engine.search(board, clocks=clocks, increments=increments, **limits)
        if result.best is None:
            raise ValueError("choose_move needs a board whose side to move has a legal move")
        self.last_result = result
        return result.best

"""Seats that choose Martian Chess moves: random, the 1-ply greedy player, and the CPU player.

They keep the protocol of the chess players (:class:`fourchess.players.Player`): ``choose_move``
takes a board that is not over and returns a legal move, leaving the board as it was.
"""

from __future__ import annotations

import random

from fourchess import players
from fourchess.martian.board import Board
from fourchess.martian.moves import Move
from fourchess.martian.search import MartianEngine, SearchResult
from fourchess.players import moves_to_choose_from


def _moves_to_choose_from(board: Board) -> list[Move]:
    if not isinstance(board, Board):
        raise TypeError(f"choose_move takes a fourchess.martian.Board, got {type(board).__name__}")
    return moves_to_choose_from(board)


class RandomPlayer(players.RandomPlayer):
    """Picks uniformly among the legal moves, from its own seeded RNG (the chess player, for a
    Martian board)."""

    def choose_move(self, board: Board) -> Move:  # type: ignore[override]
        return self.rng.choice(_moves_to_choose_from(board))


class GreedyPlayer:
    """The move that scores the most at once (the value of what it captures), ties broken at
    random from its own seeded RNG."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, board: Board) -> Move:
        moves = _moves_to_choose_from(board)
        seat = board.turn
        before = board.scores[seat]
        gains = []
        for move in moves:
            board.push(move)
            gains.append(board.scores[seat] - before)
            board.pop()
        best = max(gains)
        return self.rng.choice([move for move, gain in zip(moves, gains, strict=True) if gain == best])


class SearchPlayer:
    """The CPU player: the core's Martian search with one engine (and table) for the game.

    Limits as :meth:`MartianEngine.search` (``movetime`` in seconds); with none, depth 4.
    """

    def __init__(
        self,
        *,
        depth: int | None = None,
        movetime: float | None = None,
        nodes: int | None = None,
        hash_mb: int = 16,
    ) -> None:
        self.engine = MartianEngine(hash_mb=hash_mb)
        self.depth = 4 if depth is None and movetime is None and nodes is None else depth
        self.movetime = movetime
        self.nodes = nodes
        self.last_result: SearchResult | None = None

    def choose_move(self, board: Board) -> Move:
        """The search's best move; the full result is kept in ``last_result``."""
        _moves_to_choose_from(board)
        result = self.engine.search(board, depth=self.depth, movetime=self.movetime, nodes=self.nodes)
        if result.best is None:  # the board has moves, so only a broken search gets here
            raise RuntimeError("the search returned no move for a board that has one")
        self.last_result = result
        return result.best

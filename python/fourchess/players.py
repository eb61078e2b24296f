"""Seats that choose moves: the small protocol CPU players plug into, and a random player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from fourchess._core import Move, Seat
from fourchess.board import Board

if TYPE_CHECKING:
    from fourchess.engine import Engine, SearchResult


class Player(Protocol):
    """Anything that picks a legal move for the side to move of a board that is not over."""

    def choose_move(self, board: Board) -> Move:
        """A legal move for ``board``'s side to move; the board is left as it was."""
        ...


def moves_to_choose_from(board: Any) -> list[Any]:
    """The side to move's legal moves (of any game's board); a ValueError when there are none (a
    finished game)."""
    moves = list(board.legal_moves)
    if not moves:
        raise ValueError("choose_move needs a board whose side to move has a legal move")
    return moves


class RandomPlayer:
    """Picks uniformly among the legal moves (a walking king's too), from its own seeded RNG."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, board: Board) -> Move:
        """A legal move picked at random (ValueError when there is none)."""
        moves: list[Move] = moves_to_choose_from(board)
        return self.rng.choice(moves)


# docs/rules.md §7's capture points (P1 N3 B5 R5 Q9, 1-point queen 1), also Greedy's Teams material.
_PIECE_VALUES = {"P": 1, "N": 3, "B": 5, "R": 5, "Q": 9, "D": 1, "K": 0}
_TEAMS_WIN = 1_000  # above any material one move can win


class GreedyPlayer:
    """The 1-ply greedy player: plays the move whose immediate result is best for the mover,
    breaking ties at random from its own seeded RNG.

    Teams: a move that wins the game at once (a king capture, or a mate of the next seat, decided
    on its turn) is best, then the enemy material it captures (docs/rules.md §7 values). FFA: the points
    the move earns the mover (captures, mate +20, check bonuses), then the fewest points it hands
    the rivals (a stalemated seat gets +20).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, board: Board) -> Move:
        """The legal move with the best immediate result, ties broken at random."""
        moves: list[Move] = moves_to_choose_from(board)
        score = _ffa_gain if board.is_ffa else _teams_gain
        scored = [(score(board, move), move) for move in moves]
        best = max(value for value, _ in scored)
        return self.rng.choice([move for value, move in scored if value == best])


def _teams_gain(board: Board, move: Move) -> tuple[int, ...]:
    mover = board.turn
    before = _enemy_material(board, mover)
    board.push(move)
    try:
        won = board.is_game_over() and mover in board.winners()
        return (_TEAMS_WIN if won else before - _enemy_material(board, mover),)
    finally:
        board.pop()


def _ffa_gain(board: Board, move: Move) -> tuple[int, ...]:
    mover = board.turn
    before = board.points
    board.push(move)
    try:
        gained = [after - earlier for after, earlier in zip(board.points, before, strict=True)]
    finally:
        board.pop()
    return (gained[mover], -max(gain for seat, gain in enumerate(gained) if seat != mover))


def _enemy_material(board: Board, mover: int) -> int:
    """The live material of the mover's Teams opponents, read from the FEN4 placement (one C++
    call; this also counts the pawn an en-passant capture removes from another square)."""
    enemies = (Seat((mover + 1) % 4).letter.lower(), Seat((mover + 3) % 4).letter.lower())  # piece colour prefixes
    placement = board.fen4().rsplit("-", 1)[1]
    return sum(
        _PIECE_VALUES[cell[1]]
        for cell in placement.replace("/", ",").split(",")
        if len(cell) == 2 and cell[0] in enemies
    )


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
        ffa_search: str = "paranoid",
        engine: Engine | None = None,
    ) -> None:
        from fourchess.engine import Engine

        self.engine = engine if engine is not None else Engine(hash_mb=hash_mb, threads=threads, ffa_search=ffa_search)
        self.depth = 4 if depth is None and movetime is None and nodes is None else depth
        self.movetime = movetime
        self.nodes = nodes
        self.last_result: SearchResult | None = None

    def choose_move(
        self, board: Board, clocks: Sequence[float] | None = None, increments: Sequence[float] | None = None
    ) -> Move:
        """The search's best move; the full result is kept in ``last_result``."""
        if clocks is None:
            result = self.engine.search(board, depth=self.depth, movetime=self.movetime, nodes=self.nodes)
        else:
            result = self.engine.search(board, clocks=clocks, increments=increments)
        if result.best is None:
            raise ValueError("choose_move needs a board whose side to move has a legal move")
        self.last_result = result
        return result.best

"""Playing whole games between players, for the ``fourchess play`` command."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from fourchess._core import Move
from fourchess.board import Board
from fourchess.outcome import Outcome
from fourchess.players import Player

MAX_PLIES = 4_000  # far beyond any real game; the fifty-move rule ends a game well before


def play_game(
    board: Board,
    players: Sequence[Player],
    on_round: Callable[[Board], None] | None = None,
    *,
    rng: random.Random | None = None,
) -> Outcome:
    """Plays from ``board`` until the game ends, asking ``players[seat]`` for each move.

    A walking king (FFA, a seat that resigned or timed out) moves at random among its legal
    moves, drawn from ``rng`` (docs/rules.md §7: its player is gone). ``on_round`` is called with the
    board whenever Red's turn comes round again, and at the end.
    """
    if len(players) != 4:
        raise ValueError(f"play_game needs one player per seat (4), got {len(players)}")
    rng = rng if rng is not None else random.Random()

    def next_move(current: Board) -> Move:
        walking = current.random_walking_king_move(rng)
        return walking if walking is not None else players[current.turn].choose_move(current)

    outcome: Outcome = play_out(board, next_move, on_round, MAX_PLIES)
    return outcome


def play_out(board: Any, next_move: Callable[[Any], Any], on_round: Callable[[Any], None] | None, limit: int) -> Any:
    """Pushes ``next_move(board)`` until the game is over (a chess or a Martian board) and returns
    its outcome; ``on_round`` sees the board whenever the first seat's turn comes round again, and
    at the end. RuntimeError after ``limit`` moves without a result."""
    for _ in range(limit):
        if board.is_game_over():
            break
        seat = board.turn
        board.push(next_move(board))
        if on_round is not None and board.turn <= seat and not board.is_game_over():
            on_round(board)
    if on_round is not None:
        on_round(board)
    outcome = board.outcome()
    if outcome is None:
        raise RuntimeError(f"no result after {limit} moves: {board!r}")
    return outcome

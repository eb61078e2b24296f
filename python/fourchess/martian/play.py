"""Playing whole Martian Chess games between players, for ``fourchess play --game martian``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fourchess.martian.board import Board
from fourchess.martian.outcome import Outcome
from fourchess.play import play_out

MAX_MOVES = 100_000  # a guard only: repetition ends every game long before (a finite board)


def play_game(board: Board, players: Sequence[Any], on_round: Callable[[Board], None] | None = None) -> Outcome:
    """Plays from ``board`` until the game ends, asking ``players[seat]`` (anything with a
    ``choose_move(board)``, see :mod:`fourchess.martian.players`) for each move; each move is
    checked before it is played. ``on_round`` is called whenever seat 0's turn comes round again,
    and at the end."""
    if len(players) != board.players:
        raise ValueError(f"play_game needs one player per seat ({board.players}), got {len(players)}")
    outcome: Outcome = play_out(board, lambda current: players[current.turn].choose_move(current), on_round, MAX_MOVES)
    return outcome

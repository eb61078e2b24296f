"""Playing whole games between players, for the ``fourchess play`` command."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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
    for _ in range(MAX_PLIES):
        if board.is_game_over():
            break
        seat = board.turn
        walking = board.random_walking_king_move(rng)
        board.push(walking if walking is not None else players[seat].choose_move(board))
        if on_round is not None and board.turn <= seat and not board.is_game_over():
            on_round(board)
    if on_round is not None:
        on_round(board)
    outcome = board.outcome()
    if outcome is None:
        raise RuntimeError(f"no result after {MAX_PLIES} plies: {board.fen4()}")
    return outcome

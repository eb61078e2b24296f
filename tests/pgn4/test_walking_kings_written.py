"""FFA games with walking kings, played under the library's own rules, written as PGN4.

The writer replays the moves to write them. It used to replay them under the rules the PGN4 tags
name (chess.com's: a walking king stalemated only on its turn, a 21-point lead not ending the game),
so the turn order of a game played under the default rules drifted and a later move was refused
as illegal: write_game raised. The board's own rules now travel with the game. Reading such a
record back needs the same rules (its tags name only chess.com's), so it is read unvalidated and
replayed on a board with them.
"""

from __future__ import annotations

import io
import random

import pytest

from fourchess import Board, Rules
from fourchess.pgn4 import game_from_board, read_game, replay, write_game


def walking_king_game(seed: int, rules: Rules) -> Board:
    """Random play where Red resigns and Blue times out after three rounds, their kings walking."""
    rng = random.Random(seed)
    board = Board(rules=rules)
    while not board.is_game_over():
        plies = len(board.history)
        if plies == 12 and board.turn == 0:
            board.push_step("resign:R")
        elif plies == 13 and board.turn == 1:
            board.push_step("timeout:B")
        elif board.turn in board.walking_kings:
            board.push(board.random_walking_king_move(rng))
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board


@pytest.mark.parametrize("seed", range(40))
def test_default_rules_games_with_walking_kings_write_and_read_back(seed: int) -> None:
    rules = Rules(mode="ffa", move_limit=300)
    board = walking_king_game(seed, rules)
    assert board.walking_kings or board.eliminated  # the shape under test was reached
    text = write_game(game_from_board(board))
    record = read_game(io.StringIO(text), validate=False)
    assert record is not None
    assert replay(record, Board(rules=rules)).fen4() == board.fen4()

"""`play_game`: each seat's player moves for it, except a walking king, which moves at random."""

import random

from fourchess import Board
from fourchess.play import play_game
from fourchess.players import RandomPlayer
from fourchess.rules import Rules


class Recording(RandomPlayer):
    """A random player that remembers which seats it was asked to move for."""

    def __init__(self, seed):
        super().__init__(seed)
        self.asked_for = set()

    def choose_move(self, board):
        self.asked_for.add(board.turn)
        return super().choose_move(board)


def test_walking_kings_move_at_random_not_by_their_player():
    # FFA with walking kings on (the default): Blue resigns at once, so from then on Blue's turn
    # is its king's, and docs/rules.md §7 has it move at random; Blue's player is never asked.
    board = Board(rules=Rules(mode="ffa", move_limit=60))
    board.resign(1)
    assert 1 in board.walking_kings
    players = [Recording(seat) for seat in range(4)]
    play_game(board, players, rng=random.Random(5))
    assert not players[1].asked_for
    assert all(players[seat].asked_for == {seat} for seat in (0, 2, 3))

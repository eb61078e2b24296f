"""Teams: checkmate and stalemate on the seat's own turn (docs/rules.md §6)."""

import pytest

from support.fen4 import fen4
from support.moves import moves

# Red's bare king on h1: Blue's rook d2 covers g2 h2 i2; Green's knights f3 and j3 cover g1 and
# i1. Nothing attacks h1 itself.
BOXED = {"h1": "rK", "a7": "bK", "d2": "bR", "g14": "yK", "n8": "gK", "f3": "gN", "j3": "gN"}


def test_stalemate_on_own_turn_draws_the_game(Board):
    board = Board(fen4(BOXED, "R"), mode="teams")
    assert moves(board) == set()
    assert not board.is_check()
    assert board.is_stalemate()
    assert board.is_game_over()
    assert board.winner is None


def test_checkmate_on_own_turn_wins_for_the_other_team(Board):
    """Add Green's rook h8 (open h-file): the same box is now mate; Blue+Green win."""
    board = Board(fen4(dict(BOXED, h8="gR"), "R"), mode="teams")
    assert moves(board) == set()
    assert board.is_check()
    assert board.is_checkmate()
    assert board.is_game_over()
    assert board.winner == frozenset({1, 3})


PLAIN_KINGS = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}


@pytest.mark.parametrize(
    "how, seats, winner",
    [
        ("dead", (2, 3), None),  # Yellow and Green: one seat of each team lost: a draw
        ("resigned", (0, 1), None),  # Red and Blue likewise
        ("dead", (1,), frozenset({0, 2})),
        ("flagged", (0, 2), frozenset({1, 3})),
    ],
)
def test_losing_seats_on_both_teams_draw(Board, how, seats, winner):
    """A FEN4 may mark a losing seat (dead, resigned, flagged) on each team: neither team won.
    With losing seats on one team only, the other team wins."""
    options = {"dead": tuple(int(s in seats) for s in range(4))} if how == "dead" else {how: seats}
    board = Board(fen4(PLAIN_KINGS, "R", **options), mode="teams")
    assert board.is_game_over()
    assert board.winner == winner

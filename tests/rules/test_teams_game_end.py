"""Teams: checkmate and stalemate on the seat's own turn (RULES.md §6)."""

from rules_helpers import fen4, moves

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

"""GreedyPlayer, the 1-ply greedy player: it takes what one move wins, by the rules' values."""

import pytest

from fourchess import Board, Termination
from fourchess.players import GreedyPlayer
from support.fen4 import HOME_KINGS, fen4

# Red to move, Teams. Red's rook e4 sees Blue's queen e9 up an empty e-file (e5..e8) and no Blue
# or Green piece defends e9; Red's pawn g4 can take Blue's pawn h5 (a Red pawn captures r+1,
# f+-1). The queen is worth 9 (docs/rules.md §7), the pawn 1, any other move 0: one best move.
FREE_QUEEN = {**HOME_KINGS, "e4": "rR", "g4": "rP", "e9": "bQ", "h5": "bP"}


@pytest.mark.parametrize("seed", range(8))
def test_takes_a_free_queen_rather_than_a_pawn(seed):
    board = Board(fen4(FREE_QUEEN, "R"), mode="teams")
    assert {"e4-e9", "g4-h5"} <= {str(move) for move in board.legal_moves}
    assert str(GreedyPlayer(seed).choose_move(board)) == "e4-e9"


# Red to move, Teams. Blue's king a7 stands in check from Red's rook c7 (b7 empty), so Red may
# capture it and win at once (docs/rules.md §5); the rook could instead take Blue's queen c10 (c8, c9
# empty). The king capture ends the game and must beat the queen.
KING_EN_PRISE = {"h1": "rK", "g14": "yK", "n8": "gK", "a7": "bK", "c7": "rR", "c10": "bQ"}


@pytest.mark.parametrize("seed", range(8))
def test_takes_a_king_when_it_can_in_teams(seed):
    board = Board(fen4(KING_EN_PRISE, "R"), mode="teams")
    assert {"c7-a7", "c7-c10"} <= {str(move) for move in board.legal_moves}
    move = GreedyPlayer(seed).choose_move(board)
    assert str(move) == "c7-a7"
    board.push(move)
    assert board.termination() is Termination.KING_CAPTURE and board.winner == {0, 2}


# Red to move, FFA: the rook e4 can take Blue's queen e9 (9 points) or Green's rook k4 along the
# empty rank 4 (f4..j4; 5 points). The most points wins.
QUEEN_OR_ROOK = {**HOME_KINGS, "e4": "rR", "e9": "bQ", "k4": "gR"}


@pytest.mark.parametrize("seed", range(8))
def test_ffa_takes_the_most_points(seed):
    board = Board(fen4(QUEEN_OR_ROOK, "R"), mode="ffa")
    assert {"e4-e9", "e4-k4"} <= {str(move) for move in board.legal_moves}
    move = GreedyPlayer(seed).choose_move(board)
    board.push(move)
    assert str(move) == "e4-e9" and board.points[0] == 9


def test_the_board_is_left_as_it_was():
    board = Board(fen4(FREE_QUEEN, "R"), mode="teams")
    before = board.fen4()
    GreedyPlayer(0).choose_move(board)
    assert board.fen4() == before and board.move_stack == []


def test_ties_are_broken_by_its_own_seeded_rng():
    """From the start no move captures anything: the choice is random, and the seed repeats it."""
    board = Board()
    first = [str(GreedyPlayer(seed).choose_move(board)) for seed in range(20)]
    assert first == [str(GreedyPlayer(seed).choose_move(board)) for seed in range(20)]
    assert len(set(first)) > 1


def test_refuses_a_board_without_moves():
    board = Board(fen4(KING_EN_PRISE, "R"), mode="teams")
    board.push_move("c7-a7")
    with pytest.raises(ValueError, match="legal move"):
        GreedyPlayer().choose_move(board)

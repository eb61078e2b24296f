"""Double check (docs/rules.md §5, §4 "En passant"): no square answers both checks, so besides the
king's own steps only a move that takes a king, or an en passant that removes both checkers, is
legal. Each position is worked out by hand in its comment."""

import pytest

from support.fen4 import fen4, parse_fen4
from support.moves import moves, perft_counts

# Red's king h1 is checked by Yellow's queen h3 (along h2) and Yellow's knight g3. Red's bishop d6
# sees Yellow's king on j12 (e7 f8 g9 h10 i11). King steps: g1 and i1 are safe; g2, h2 and i2
# touch the queen (i2 the knight too).
FFA_DOUBLE_CHECK = {"h1": "rK", "d6": "rB", "h3": "yQ", "g3": "yN", "j12": "yK", "a7": "bK", "n8": "gK"}


def test_ffa_king_capture_answers_a_double_check(Board):
    """§11.1: after d6xj12 Yellow's pieces are dead, so neither checker attacks h1 any more."""
    board = Board(fen4(FFA_DOUBLE_CHECK, "R"), mode="ffa")
    assert board.is_check(0)
    assert moves(board) == {"h1-g1", "h1-i1", "d6-j12"}
    assert len(board.legal_moves) == 3
    assert perft_counts(board, 1) == {3}


def test_ffa_double_check_perft_2(Board):
    """Blue replies with its king on a7 (a6 a8 b6 b7 b8). While the bishop stands on d6 it
    covers b8 (c7 b8): 4 replies after each king step; after d6xj12 all 5: 4 + 4 + 5 = 13."""
    board = Board(fen4(FFA_DOUBLE_CHECK, "R"), mode="ffa")
    assert perft_counts(board, 2) == {13}


# Teams: Blue's queen h3 and knight g3 check Red's king h1, whose rooks g1 and i1 box it in (g2,
# h2, i2 are all attacked). The only answer is the bishop taking Blue's king on j12.
TEAMS_DOUBLE_CHECK = {
    "h1": "rK",
    "g1": "rR",
    "i1": "rR",
    "d6": "rB",
    "h3": "bQ",
    "g3": "bN",
    "j12": "bK",
    "e14": "yK",
    "n8": "gK",
}


def test_teams_king_capture_is_the_only_answer_to_a_double_check(Board):
    board = Board(fen4(TEAMS_DOUBLE_CHECK, "R"), mode="teams")
    assert moves(board) == {"d6-j12"}
    assert not board.is_checkmate()
    assert not board.is_game_over()
    board.push_move("d6-j12")
    assert board.is_game_over()
    assert board.winner == frozenset({0, 2})


# Red pushed i2-i4 (entry i3:i4); Yellow's knight then went to i3. Both now check Green's king on
# j5 (the pawn from i4, the knight from i3). Green's pawn j4 takes en passant onto i3: it takes
# the knight standing there and removes the pawn on i4, both checkers at once.
EN_PASSANT_DOUBLE_CHECK = {"e1": "rK", "i4": "rP", "a7": "bK", "g14": "yK", "i3": "yN", "j5": "gK", "j4": "gP"}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_en_passant_removes_both_checkers(Board, mode):
    board = Board(fen4(EN_PASSANT_DOUBLE_CHECK, "G", ep={0: "i3:i4"}), mode=mode)
    assert board.is_check(3)
    assert "j4-i3" in moves(board)
    assert len(board.legal_moves) in perft_counts(board, 1)
    board.push_move("j4-i3")
    cells = parse_fen4(board.fen4())["board"]
    assert cells.get("i3") == "gP" and "i4" not in cells and "j4" not in cells
    assert not board.is_check(3)
    if mode == "ffa":
        assert board.points == (0, 0, 0, 3 + 1)  # the knight and the pawn

"""Basic piece moves: corners, knights near removed squares, pawn directions of all four seats.

The table lives in tests/data/rules/basic_moves.json; each case names its reason.
"""

import pytest

from support.fen4 import HOME_KINGS, fen4
from support.moves import moves, moves_from
from support.start_positions import CLASSIC_START, MODERN_START
from support.tables import load_cases

CASES = load_cases("basic_moves.json")


def case_position(case):
    pieces = dict(HOME_KINGS)
    for square, piece in case.get("kings", {}).items():
        if piece is None:
            del pieces[square]
        else:
            pieces[square] = piece
    pieces.update(case["pieces"])
    return fen4(pieces, case["turn"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_piece_moves(Board, case):
    board = Board(case_position(case), mode=case["mode"])
    assert moves_from(board, case["from"]) == set(case["moves"]), case["why"]


# Red's 8 pawns one or two steps (16) and the knights e1 -> d3/f3, j1 -> i3/k3 (c2, l2 are removed).
START_MOVES = {f"{f}2-{f}{r}" for f in "defghijk" for r in (3, 4)} | {"e1-d3", "e1-f3", "j1-i3", "j1-k3"}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_start_position_has_twenty_moves(Board, mode):
    board = Board(mode=mode)
    assert board.fen4() == MODERN_START
    assert moves(board) == START_MOVES
    assert board.turn == 0


def test_classic_start_position(Board):
    """Classic only swaps the Blue and Green king/queen; Red's first moves are the same 20."""
    board = Board(setup="classic")
    assert board.fen4() == CLASSIC_START
    assert moves(board) == START_MOVES


def test_turn_order_is_clockwise(Board):
    """R -> B -> Y -> G -> R (docs/rules.md §2)."""
    board = Board()
    seen = []
    for move in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"]:
        seen.append(board.turn)
        board.push_move(move)
    assert seen == [0, 1, 2, 3] and board.turn == 0


def test_blue_pawn_blocked_after_red_double_step(Board):
    """After d2-d4, Blue's b4 pawn cannot double-step to d4 (docs/rules.md §9 'why 395')."""
    board = Board()
    board.push_move("d2-d4")
    assert "b4-c4" in moves(board)
    assert "b4-d4" not in moves(board)


def test_pushing_an_illegal_move_raises_value_error(Board):
    board = Board()
    with pytest.raises(ValueError):
        board.push_move("h2-h5")
    with pytest.raises(ValueError):
        board.push_move("b7-c7")  # not Blue's turn

"""FFA game end: three eliminations, the 21-point gap, insufficient material (docs/rules.md §7,
§11.3, §11.10; docs/rules.md §11, decision 3 and §7, decisions 4 and 6). Blue and Yellow are out
in most positions."""

import pytest

from support.fen4 import fen4
from support.moves import moves

TWO_LEFT = (0, 1, 1, 0)
DEAD_BLUE_YELLOW = {"a7": "dK", "g14": "dK"}


def two_left(Board, pieces, points, turn="R"):
    return Board(fen4(dict(DEAD_BLUE_YELLOW, **pieces), turn, dead=TWO_LEFT, points=points), mode="ffa")


def test_third_elimination_ends_the_game(Board):
    """e5-n5 checks n11 up the n-file (n10 covered too); rook m4 covers m10 and m11; n12 and m12
    are removed. Green is mated: +20 Red (30), three seats out, Red wins."""
    board = two_left(Board, {"h1": "rK", "m4": "rR", "e5": "rR", "n11": "gK"}, (10, 0, 0, 5))
    assert not board.is_game_over()
    board.push_move("e5-n5")
    assert board.points == (30, 0, 0, 5)
    assert board.eliminated == frozenset({1, 2, 3})
    assert board.is_game_over()
    assert board.winner == frozenset({0})
    assert moves(board) == set()


GAP = {"h1": "rK", "d4": "rR", "d9": "gN", "n8": "gK"}


def test_gap_of_21_ends_the_game(Board):
    """38 + 3 (knight) = 41 against 20: a lead of 21 with two seats left ends the game; the
    trailing seat gets +20 (docs/rules.md §7, decision 6) and the leader wins."""
    board = two_left(Board, GAP, (38, 15, 30, 20))
    board.push_move("d4-d9")
    assert board.is_game_over()
    assert board.points == (41, 15, 30, 40)
    assert board.winner == frozenset({0})


def test_gap_of_20_does_not_end_the_game(Board):
    board = two_left(Board, GAP, (37, 15, 30, 20))
    board.push_move("d4-d9")
    assert not board.is_game_over()
    assert board.points == (40, 15, 30, 20)
    assert board.turn == 3


def test_gap_already_reached_when_loaded(Board):
    """docs/rules.md §11, decision 3: loading decides that the game is over but awards nothing."""
    board = two_left(Board, GAP, (45, 15, 30, 20))
    assert board.is_game_over()
    assert moves(board) == set()
    assert board.points == (45, 15, 30, 20)


def test_two_seats_king_and_bishop_against_king_is_a_draw(Board):
    """e4xi8 leaves K+B v K (FIDE dead position, 2 active seats): +3 for the knight, then +10 to
    each active seat; the gap (13 v 12) is far from 21."""
    board = two_left(Board, {"h1": "rK", "e4": "rB", "n8": "gK", "i8": "gN"}, (10, 0, 0, 12))
    assert not board.is_game_over(), "K+B v K+N is not a dead position"
    board.push_move("e4-i8")
    assert board.is_game_over()
    assert board.points == (23, 0, 0, 22)


def test_three_seats_all_bare_kings_is_a_draw(Board):
    """Yellow out; Red's king takes Blue's last piece: the three active seats have bare kings."""
    pieces = {"h1": "rK", "a7": "bK", "h2": "bN", "g14": "dK", "n8": "gK"}
    board = Board(fen4(pieces, "R", dead=(0, 0, 1, 0), points=(0, 0, 7, 0)), mode="ffa")
    assert not board.is_game_over()
    board.push_move("h1-h2")
    assert board.is_game_over()
    assert board.points == (13, 10, 7, 10)


def test_three_seats_one_minor_piece_is_not_insufficient(Board):
    """With 3+ active seats only all-bare-kings is insufficient: K+B, K, K plays on."""
    pieces = {"h1": "rK", "e4": "rB", "a7": "bK", "g14": "dK", "n8": "gK"}
    board = Board(fen4(pieces, "R", dead=(0, 0, 1, 0)), mode="ffa")
    assert not board.is_game_over()


# Squares have the colour (file + rank) % 2: d4 and f6 are alike, f7 differs.
MATERIAL = [
    ("k-v-k", {}, True),
    ("kn-v-k", {"e4": "rN"}, True),
    ("kb-v-k", {"e4": "rB"}, True),
    ("kr-v-k", {"e4": "rR"}, False),
    ("kp-v-k", {"e4": "rP"}, False),
    ("kb-v-kb-same-colour", {"d4": "rB", "f6": "gB"}, True),
    ("kb-v-kb-other-colour", {"d4": "rB", "f7": "gB"}, False),
    ("kn-v-kn", {"e4": "rN", "f7": "gN"}, False),
]


@pytest.mark.parametrize("case", MATERIAL, ids=[c[0] for c in MATERIAL])
def test_two_seat_insufficient_material_at_load(Board, case):
    """Two active seats: the FIDE dead positions end the game (docs/rules.md §11, decision 3: on
    load too)."""
    _, extra, over = case
    board = two_left(Board, dict({"h1": "rK", "n8": "gK"}, **extra), (0, 0, 0, 0))
    assert board.is_game_over() == over

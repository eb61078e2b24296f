"""Move text in every form of docs/rules.md §10, and the short form with its ambiguity error."""

import pytest

from fourchess import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError
from support.fen4 import HOME_KINGS, fen4


@pytest.mark.parametrize(
    "text, engine",
    [
        ("h2-h3", "h2-h3"),
        ("h2h3", "h2-h3"),
        ("h2-h4+", "h2-h4"),
        ("Nj1-i3", "j1-i3"),
        ("Nf3", "e1-f3"),  # only the e1 knight reaches f3 (j1 is four files away)
        ("Ni3", "j1-i3"),
        ("h4", "h2-h4"),  # a pawn: no letter; the double step
        ("h3#", "h2-h3"),  # suffixes are ignored
    ],
)
def test_forms_at_the_start(text, engine):
    board = Board()
    assert str(board.parse_move(text)) == engine


def test_short_form_naming_no_legal_move_is_illegal():
    with pytest.raises(IllegalMoveError, match="Nh3"):
        Board().parse_move("Nh3")  # neither knight reaches h3


# Red rooks on d1 and k1 with e1-j1 empty besides the king on h1... the king is in the way of k1,
# so put it on h2 instead: both rooks then reach g1.
ROOKS = {"d1": "rR", "k1": "rR", "h2": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}


def test_two_rooks_reaching_one_square_is_ambiguous():
    board = Board(fen4(ROOKS, "R"))
    with pytest.raises(AmbiguousMoveError, match="Rg1"):
        board.parse_move("Rg1")
    assert str(board.parse_move("Rdg1")) == "d1-g1"
    assert str(board.parse_move("Rkg1")) == "k1-g1"
    assert str(board.parse_move("Rd1-g1")) == "d1-g1"


def test_short_promotion_must_name_its_piece_in_teams():
    board = Board(fen4(dict(HOME_KINGS, e10="rP"), "R"))
    with pytest.raises(IllegalMoveError, match="promotion"):
        board.parse_move("e11")
    assert str(board.parse_move("e11=N")) == "e10-e11=N"


def test_short_promotion_is_the_one_point_queen_in_ffa():
    board = Board(fen4(dict(HOME_KINGS, e7="rP"), "R"), mode="ffa")
    assert str(board.parse_move("e8")) == "e7-e8=D"
    assert str(board.parse_move("e8=Q")) == "e7-e8=D"


def test_short_promotion_to_the_one_point_queen_is_refused_in_teams():
    # =D is FFA's 1-point queen (docs/rules.md §4); the long form refused it in Teams, the short form
    # read it as =Q.
    board = Board(fen4(dict(HOME_KINGS, e10="rP"), "R"))
    with pytest.raises(IllegalMoveError, match="Teams promotions"):
        board.parse_move("e11=D")
    with pytest.raises(IllegalMoveError, match="Teams promotions"):
        board.parse_move("e10-e11=D")


def test_short_promotion_other_than_the_queen_is_refused_in_ffa():
    board = Board(fen4(dict(HOME_KINGS, e7="rP"), "R"), mode="ffa")
    with pytest.raises(IllegalMoveError, match="1-point queen"):
        board.parse_move("e8=N")


@pytest.mark.parametrize("text", ["", "Z9", "h2-", "Nf", "=Q", "xx", "h2-h3-h4"])
def test_unreadable_text_is_invalid(text):
    with pytest.raises(InvalidMoveError):
        Board().parse_move(text)

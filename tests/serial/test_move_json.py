"""Move.to_dict() / Move.from_dict(): the shape of the shared decision, json.dumps-able, round trips."""

import json

import pytest

from fourchess import Board, Move

START_MOVES = sorted({move for mode in ("teams", "ffa") for move in Board(mode=mode).legal_moves}, key=str)
PROMOTIONS = ["h10-h11=Q", "h10-h11=R", "h10-h11=B", "h10-h11=N", "h7-h8=D"]


def test_a_plain_move_has_the_agreed_shape():
    assert Move.from_str("h2-h4").to_dict() == {
        "from": "h2",
        "to": "h4",
        "promotion": None,
        "one_point_queen": False,
        "text": "h2-h4",
    }


def test_promotions_name_the_piece():
    assert Move.from_str("h10-h11=R").to_dict() == {
        "from": "h10",
        "to": "h11",
        "promotion": "ROOK",
        "one_point_queen": False,
        "text": "h10-h11=R",
    }
    assert Move.from_str("h7-h8=D").to_dict() == {
        "from": "h7",
        "to": "h8",
        "promotion": "QUEEN",
        "one_point_queen": True,
        "text": "h7-h8=D",
    }


@pytest.mark.parametrize("move", START_MOVES + [Move.from_str(text) for text in PROMOTIONS], ids=str)
def test_round_trip_through_json(move):
    data = json.loads(json.dumps(move.to_dict()))
    back = Move.from_dict(data)
    assert back == move and str(back) == str(move) and back.is_one_point_queen == move.is_one_point_queen


def test_text_may_be_left_out_and_names_are_read_case_insensitively():
    assert Move.from_dict({"from": "h2", "to": "h4"}) == Move.from_str("h2-h4")
    assert Move.from_dict({"from": "h10", "to": "h11", "promotion": "queen"}) == Move.from_str("h10-h11=Q")


BAD = [
    ([], TypeError, "needs a dict"),
    ({"to": "h4"}, ValueError, "'from' is missing"),
    ({"from": "h2"}, ValueError, "'to' is missing"),
    ({"from": "h2", "to": "h4", "colour": "red"}, ValueError, "unknown field 'colour'"),
    ({"from": 29, "to": "h4"}, TypeError, "'from' must be a str, got int"),
    ({"from": "h2", "to": "z99"}, ValueError, "'to' must be a square name"),
    ({"from": "a1", "to": "h4"}, ValueError, "'from' must be a square name"),  # a removed corner
    ({"from": "h2", "to": "h2"}, ValueError, "two different squares"),
    ({"from": "h10", "to": "h11", "promotion": "KING"}, ValueError, "'promotion' must be one of QUEEN"),
    ({"from": "h10", "to": "h11", "promotion": 5}, TypeError, "'promotion' must be a str"),
    ({"from": "h7", "to": "h8", "promotion": "ROOK", "one_point_queen": True}, ValueError, "1-point queen"),
    ({"from": "h2", "to": "h4", "one_point_queen": 0}, TypeError, "'one_point_queen' must be a bool"),
    ({"from": "h2", "to": "h4", "text": "h2-h3"}, ValueError, "'text' 'h2-h3' is not the move h2-h4"),
    ({"from": "h2", "to": "h4", "text": "nonsense"}, ValueError, "'text' must be a move's engine text"),
    ({"from": "h2", "to": "h4", "text": None}, TypeError, "'text' must be a str"),
]


@pytest.mark.parametrize(("data", "error", "words"), BAD, ids=[words for _, _, words in BAD])
def test_bad_data_names_the_field(data, error, words):
    with pytest.raises(error) as caught:
        Move.from_dict(data)
    assert words in str(caught.value) and str(caught.value).startswith("Move.from_dict")


def test_huge_values_are_quoted_bounded():
    for data in (
        {"from": "h" * 5_000_000, "to": "h4"},
        {"from": "h2", "to": "h4", "x" * 5_000_000: 1},
        {"from": "h2", "to": "h4", "text": "h2-h3" + " " * 5_000_000},
    ):
        with pytest.raises(ValueError) as caught:
            Move.from_dict(data)
        assert len(str(caught.value)) < 200 and "characters)" in str(caught.value)

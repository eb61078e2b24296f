"""A whole game as plain data: Board.to_dict gives the root FEN4, every rule option and the steps
as texts (plus the current FEN4 for readers); Board.from_dict restores the same game, and refuses
bad data with a typed error naming the field."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

import fourchess
from fourchess import Board, Fen4Error, IllegalMoveError, InvalidMoveError, Rules
from support.stateless_positions import every_game, record_boards

RULE_FIELDS = [field.name for field in dataclasses.fields(Rules)]


def same_game(restored: Board, original: Board) -> None:
    assert type(restored) is type(original)
    assert restored.root_fen4() == original.root_fen4()
    assert restored.fen4() == original.fen4()
    assert restored.rules == original.rules
    assert restored.history == original.history
    assert restored.outcome() == original.outcome()
    assert restored.moves_played == original.moves_played


def test_the_shape_of_a_game():
    board = Board(rules=Rules(mode="ffa", move_limit=300))
    board.push_move("h2-h4")
    board.resign(fourchess.Seat.BLUE)
    data = board.to_dict()
    assert data == {
        "root_fen4": fourchess.MODERN_START_FEN4,
        "rules": {
            "mode": "ffa",
            "setup": "modern",
            "dead_king_walking": True,
            "move_limit": 300,
            "points_lead_ends_game": True,
            "walking_kings_stalemated_on_their_turn": False,
        },
        "steps": ["h2-h4", "resign:B"],
        "fen4": board.fen4(),
    }
    assert list(data["rules"]) == RULE_FIELDS


@pytest.mark.parametrize("game", every_game()[::7], ids=lambda game: game.label)
def test_differential_games_come_back_the_same(game):
    board = game.board()
    data = board.to_dict()
    same_game(Board.from_dict(json.loads(json.dumps(data))), board)


@pytest.mark.parametrize("name, board", record_boards(), ids=[name for name, _ in record_boards()])
def test_real_records_come_back_the_same(name, board):
    same_game(Board.from_dict(json.loads(json.dumps(board.to_dict()))), board)


def test_a_subclass_comes_back_as_itself():
    class Mine(Board):
        pass

    board = Mine()
    board.push_move("h2-h4")
    same_game(Mine.from_dict(board.to_dict()), board)


def test_the_current_fen4_is_for_readers_only():
    board = Board()
    board.push_move("h2-h4")
    data = dict(board.to_dict(), fen4="anything at all")
    assert Board.from_dict(data).fen4() == board.fen4()
    del data["fen4"]
    assert Board.from_dict(data).fen4() == board.fen4()


def test_rules_left_out_take_their_defaults_and_mode_any_case():
    data = {"root_fen4": fourchess.MODERN_START_FEN4, "rules": {"mode": "FFA"}, "steps": ["h2-h4"]}
    assert Board.from_dict(data).rules == Rules(mode="ffa")


def _good() -> dict:
    board = Board()
    board.push_move("h2-h4")
    board.push_move("b7-c7")
    return board.to_dict()


def _with(path: tuple, value) -> dict:
    data = copy.deepcopy(_good())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "data, error, says",
    [
        ([], TypeError, "needs a dict, got list"),
        ("{}", TypeError, "needs a dict, got str"),
        ({"rules": {}, "steps": []}, ValueError, "field 'root_fen4' is missing"),
        ({"root_fen4": fourchess.MODERN_START_FEN4, "steps": []}, ValueError, "field 'rules' is missing"),
        ({"root_fen4": fourchess.MODERN_START_FEN4, "rules": {}}, ValueError, "field 'steps' is missing"),
        (dict(_good(), step=[]), ValueError, "unknown field 'step'"),
        (dict(_good(), **{"x" * 5_000_000: 1}), ValueError, "5000000 characters"),
        (_with(("root_fen4",), 42), TypeError, "field 'root_fen4' must be a str, got int"),
        (_with(("root_fen4",), "R-0-0"), Fen4Error, "field 'root_fen4': FEN4"),
        (_with(("root_fen4",), "R" * 5_000_000), Fen4Error, "5000000 characters"),
        (_with(("rules",), "teams"), TypeError, "field 'rules' must be a dict"),
        (_with(("rules", "walking"), True), ValueError, "unknown rules field 'walking'"),
        (
            _with(("rules", "mode"), "chess960"),
            ValueError,
            "rules field 'mode' must be 'teams' or 'ffa', got 'chess960'",
        ),
        (_with(("rules", "mode"), "m" * 5_000_000), ValueError, "5000000 characters"),
        (_with(("rules", "setup"), "960"), ValueError, "rules field 'setup' must be"),
        (_with(("rules", "mode"), 1), ValueError, "field 'rules': mode must be"),
        (_with(("rules", "move_limit"), 0), ValueError, "field 'rules': move_limit"),
        (_with(("rules", "dead_king_walking"), "yes"), TypeError, "field 'rules': dead_king_walking must be a bool"),
        (_with(("steps",), "h2-h4"), TypeError, "field 'steps' must be a list, got str"),
        (_with(("steps",), None), TypeError, "field 'steps' must be a list"),
        (_with(("steps", 1), 7), TypeError, r"steps\[1\] must be a str, got int"),
        (_with(("steps", 1), "b7-e7"), IllegalMoveError, r"steps\[1\]: illegal move 'b7-e7'"),
        (_with(("steps", 1), "resign:Z"), InvalidMoveError, r"steps\[1\]: invalid step"),
        (_with(("steps", 1), "b" * 5_000_000), InvalidMoveError, r"steps\[1\]: .*5000000 characters"),
    ],
)
def test_bad_data_names_the_field(data, error, says):
    with pytest.raises(error, match=says) as caught:
        Board.from_dict(data)
    assert len(str(caught.value)) < 300

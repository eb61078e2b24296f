"""GameEvent.to_dict() and Outcome.to_dict() with their from_dicts: shapes, JSON, round trips."""

import json

import pytest

from fourchess import MODERN_START_FEN4, Board, GameEvent, Outcome, Seat, Team, Termination

RED, BLUE, YELLOW, GREEN = Seat
KNIGHT_SHUFFLE = ["e1-f3", "a5-c4", "j14-i12", "n10-l11", "f3-e1", "c4-a5", "i12-j14", "l11-n10"]


def _via_json(data):
    return json.loads(json.dumps(data))


def test_an_event_has_the_agreed_shape():
    board = Board()
    board.resign(RED)
    event = board.peek()
    assert event.to_dict() == {"kind": "resign", "seat": "RED"}


@pytest.mark.parametrize("kind", ["resign", "timeout", "claim"])
@pytest.mark.parametrize("seat", list(Seat), ids=str)
def test_event_round_trip(kind, seat):
    event = GameEvent(kind, seat)
    back = GameEvent.from_dict(_via_json(event.to_dict()))
    assert back == event and back.seat is seat


@pytest.mark.parametrize(
    ("data", "error", "words"),
    [
        ("resign:R", TypeError, "needs a dict"),
        ({"kind": "resign"}, ValueError, "'seat' is missing"),
        ({"kind": "pass", "seat": "RED"}, ValueError, "'kind' must be one of resign, timeout, claim"),
        ({"kind": "resign", "seat": "PURPLE"}, ValueError, "'seat' must be one of RED, BLUE, YELLOW, GREEN"),
        ({"kind": "resign", "seat": 0}, TypeError, "'seat' must be a str"),
        ({"kind": "resign", "seat": "RED", "move": None}, ValueError, "unknown field 'move'"),
    ],
)
def test_bad_event_data_names_the_field(data, error, words):
    with pytest.raises(error, match=words):
        GameEvent.from_dict(data)


def _teams_win():
    board = Board()
    board.timeout(BLUE)
    return board


def _ffa_partners_tie():
    board = Board(MODERN_START_FEN4.replace("-0,0,0,0-0-", "-5,0,5,0-0-", 1), mode="ffa")
    for move in KNIGHT_SHUFFLE * 2:  # threefold: +10 each active seat (docs/rules.md §8)
        board.push_move(move)
    return board


def _teams_draw():
    board = Board()
    for move in KNIGHT_SHUFFLE * 2:
        board.push_move(move)
    return board


def test_a_teams_outcome_has_the_agreed_shape():
    assert _teams_win().outcome().to_dict() == {
        "termination": "TIMEOUT",
        "winner": ["RED", "YELLOW"],
        "ranking": [["RED", "YELLOW"], ["BLUE", "GREEN"]],
        "points": {"RED": 0, "BLUE": 0, "YELLOW": 0, "GREEN": 0},
    }


def test_an_ffa_outcome_has_the_agreed_shape():
    assert _ffa_partners_tie().outcome().to_dict() == {
        "termination": "THREEFOLD_REPETITION",
        "winner": ["RED", "YELLOW"],
        "ranking": [["RED", "YELLOW"], ["BLUE", "GREEN"]],
        "points": {"RED": 15, "BLUE": 10, "YELLOW": 15, "GREEN": 10},
    }


def test_a_teams_draw_has_no_winner():
    data = _teams_draw().outcome().to_dict()
    assert data["winner"] is None and data["ranking"] == [["RED", "BLUE", "YELLOW", "GREEN"]]


@pytest.mark.parametrize("make", [_teams_win, _ffa_partners_tie, _teams_draw])
def test_outcome_round_trip(make):
    board = make()
    outcome = board.outcome()
    back = Outcome.from_dict(_via_json(outcome.to_dict()), mode=board.mode)
    assert back == outcome and back.team is outcome.team
    assert type(back.termination) is Termination and all(type(s) is Seat for s in back.winner or ())


def test_the_mode_tells_a_teams_win_from_an_ffa_tie():
    data = _ffa_partners_tie().outcome().to_dict()
    assert Outcome.from_dict(data, mode="ffa").team is None
    assert Outcome.from_dict(data, mode="TEAMS").team is Team.RED_YELLOW


GOOD = {
    "termination": "CHECKMATE",
    "winner": ["BLUE", "GREEN"],
    "ranking": [["BLUE", "GREEN"], ["RED", "YELLOW"]],
    "points": {"RED": 0, "BLUE": 0, "YELLOW": 0, "GREEN": 0},
}


@pytest.mark.parametrize(
    ("change", "mode", "error", "words"),
    [
        ({"termination": "WON"}, "teams", ValueError, "'termination' must be one of CHECKMATE"),
        ({"termination": 1}, "teams", TypeError, "'termination' must be a str"),
        ({"winner": ["BLUE", "BLUE"]}, "teams", ValueError, "'winner' names a seat twice"),
        ({"winner": "BLUE"}, "teams", TypeError, "'winner' must be a list"),
        (
            {"winner": ["RED", "BLUE"], "ranking": [["RED", "BLUE"], ["YELLOW", "GREEN"]]},
            "teams",
            ValueError,
            "'winner' must be a team of partners",
        ),
        ({"winner": ["RED", "YELLOW"]}, "teams", ValueError, "'winner' .* is not the first place"),
        ({"ranking": [["BLUE", "GREEN"], ["RED"]]}, "teams", ValueError, "'ranking' must place each seat once"),
        ({"ranking": [["BLUE", "GREEN"], []]}, "teams", ValueError, "'ranking' must place each seat once"),
        ({"points": {"RED": 0, "BLUE": 0, "YELLOW": 0}}, "teams", ValueError, "'points' must give each"),
        ({"points": {"RED": 0, "BLUE": 0, "YELLOW": 0, "GREEN": "9"}}, "teams", TypeError, "'points' must give int"),
        ({"points": {"RED": 0, "BLUE": 0, "YELLOW": 0, "GREEN": True}}, "teams", TypeError, "'points' must give int"),
        ({"points": [0, 0, 0, 0]}, "teams", TypeError, "'points' must be a dict"),
        ({"winner": None}, "ffa", ValueError, "'winner' must name the top seats in FFA"),
        ({}, "chess", ValueError, "mode must be 'teams' or 'ffa', got 'chess'"),
    ],
)
def test_bad_outcome_data_names_the_field(change, mode, error, words):
    with pytest.raises(error, match=words):
        Outcome.from_dict({**GOOD, **change}, mode=mode)


def test_good_outcome_data_reads():
    outcome = Outcome.from_dict(GOOD, mode="teams")
    assert outcome == (
        Termination.CHECKMATE,
        frozenset({BLUE, GREEN}),
        ((BLUE, GREEN), (RED, YELLOW)),
        (0, 0, 0, 0),
        Team.BLUE_GREEN,
    )


def test_docstring_examples():
    import doctest

    import fourchess.outcome

    failures, tried = doctest.testmod(fourchess.outcome)
    assert failures == 0 and tried > 0

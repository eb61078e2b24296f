"""Bad input to the stateless calls, argument by argument: wrong types, bad FEN4, bad history
entries, 5 MB strings, unknown modes and conflicting rules give a typed error naming what was
wrong, with the quoted text cut to 40 characters and its length."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fourchess
from fourchess import AmbiguousMoveError, Fen4Error, IllegalMoveError, InvalidMoveError, Rules
from support.fen4 import fen4

HUGE = "h" * 5_000_000
BOUND = 300  # every message stays this short, whatever the input's size
DATA = Path(__file__).resolve().parent.parent / "data"
TWO_ROOKS = fen4({"d1": "rR", "k1": "rR", "h2": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}, "R")  # Rg1 fits both

# Every call that takes a position and a history, with its other arguments filled in.
CALLS = {
    "legal_moves": lambda fen4, moves, **kw: fourchess.legal_moves(fen4, moves, **kw),
    "apply": lambda fen4, moves, **kw: fourchess.apply(fen4, moves, **kw),
    "status": lambda fen4, moves, **kw: fourchess.status(fen4, moves, **kw),
    "check_move": lambda fen4, moves, **kw: fourchess.check_move(fen4, moves, "h2-h4", **kw),
}
each_call = pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())


def raises(error, call, *args, match, **kwargs):
    with pytest.raises(error, match=match) as caught:
        call(*args, **kwargs)
    assert len(str(caught.value)) < BOUND, str(caught.value)[:500]
    return caught.value


# --- fen4 ---------------------------------------------------------------------------------------


@each_call
@pytest.mark.parametrize("value", [42, b"R-0,0,0,0", ["R"]])
def test_fen4_of_the_wrong_type(call, value):
    raises(TypeError, call, value, [], match="fen4 must be a str")


@each_call
@pytest.mark.parametrize("text", ["", "not a fen4", fourchess.MODERN_START_FEN4[:-3], HUGE])
def test_fen4_that_cannot_be_read(call, text):
    raises(Fen4Error, call, text, [], match="FEN4")


@each_call
def test_fen4_of_5_mb_is_quoted_with_its_length(call):
    error = raises(Fen4Error, call, fourchess.MODERN_START_FEN4 + "," * 5_000_000, [], match="characters")
    assert "5000" in str(error)


@each_call
def test_fen4_with_a_lone_surrogate(call):
    raises(Fen4Error, call, "R-0\ud800", [], match="surrogate")


# --- moves: the history -------------------------------------------------------------------------


@each_call
@pytest.mark.parametrize(
    "value, says", [("h2-h4", "not a str"), (42, "got int"), (None, "got NoneType"), (b"h2h4", "not a bytes")]
)
def test_moves_that_are_no_list_of_texts(call, value, says):
    raises(TypeError, call, None, value, match=says)


@each_call
def test_a_moves_entry_of_the_wrong_type(call):
    raises(TypeError, call, None, ["h2-h4", 7], match=r"moves\[1\] must be a str, got int")


@each_call
@pytest.mark.parametrize(
    "entry, error, says",
    [
        ("h2-h5", IllegalMoveError, r"moves\[1\]: .*no piece on h2"),  # Blue is to move and h2 is empty
        ("b7-e7", IllegalMoveError, r"moves\[1\]: .*pawn on b7 cannot move to e7"),  # three steps
        ("zz", InvalidMoveError, r"moves\[1\]: invalid move text 'zz'"),
        ("h2\ud800", InvalidMoveError, r"moves\[1\]: .*surrogate"),
        ("resign:Q", InvalidMoveError, r"moves\[1\]: invalid step 'resign:Q'"),
        ("surrender:B", InvalidMoveError, r"moves\[1\]: invalid step"),
        ("claim:B", IllegalMoveError, r"moves\[1\]: illegal step 'claim:B'.*cannot claim"),  # Teams has no claims
        (HUGE, InvalidMoveError, r"moves\[1\]: .*5000000 characters"),
    ],
)
def test_a_bad_moves_entry_names_its_index(call, entry, error, says):
    raises(error, call, None, ["h2-h4", entry], match=says)


@each_call
def test_a_step_after_the_end_names_the_rule(call):
    raises(
        IllegalMoveError,
        call,
        None,
        ["h2-h4", "resign:B", "b7-c7"],
        match=r"moves\[2\]: .*the game is over \(resignation\)",
    )
    raises(
        IllegalMoveError,
        call,
        None,
        ["h2-h4", "resign:B", "resign:G"],
        match=r"moves\[2\]: .*cannot resign: the game is over",
    )


@each_call
def test_an_ambiguous_moves_entry(call):
    raises(AmbiguousMoveError, call, TWO_ROOKS, ["Rg1"], match=r"moves\[0\]: ambiguous move 'Rg1'")


@each_call
def test_moves_may_be_any_iterable_of_texts(call):
    call(None, iter(["h2-h4", "b7-c7"]))
    call(None, ("h2-h4",))
    call(None, (text for text in ["h2-h4"]))


# --- mode and rules -----------------------------------------------------------------------------


@each_call
@pytest.mark.parametrize(
    "mode, error, says",
    [
        (1, TypeError, "mode must be a str"),
        ("chess960", ValueError, "mode must be 'teams' or 'ffa'.*'chess960'"),
        ("", ValueError, "mode must be"),
        ("x" * 5_000_000, ValueError, r"5000000 characters"),
    ],
)
def test_an_unknown_mode(call, mode, error, says):
    raises(error, call, None, [], mode=mode, match=says)


@each_call
@pytest.mark.parametrize("mode", ["FFA", "Ffa", "TEAMS", "teams"])
def test_mode_names_are_case_insensitive(call, mode):
    call(None, ["h2-h4"], mode=mode)


@each_call
def test_rules_of_the_wrong_type(call):
    raises(TypeError, call, None, [], rules="ffa", match="rules must be a fourchess.Rules, got str")
    raises(TypeError, call, None, [], rules={"mode": "ffa"}, match="got dict")


@each_call
def test_mode_and_rules_that_conflict(call):
    raises(
        ValueError,
        call,
        None,
        [],
        mode="teams",
        rules=Rules(mode="ffa"),
        match=r"mode='teams' disagrees with rules \(mode='ffa'\)",
    )
    call(None, [], mode="FFA", rules=Rules(mode="ffa"))  # agreeing is fine


def test_the_mode_decides_the_rules_applied():
    # Rank 8 promotes in FFA only (docs/rules.md §4): from the FFA start the text 'h2-h4' is the same,
    # but a Red pawn on h7 goes to h8 as a 1-point queen in FFA and plainly in Teams.
    position = fen4({"h7": "rP", "h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "d2": "rP", "c7": "bN"}, "R")
    assert "h7-h8=D" in fourchess.legal_moves(position, mode="ffa")
    assert "h7-h8" in fourchess.legal_moves(position, mode="teams")


def test_keyword_only_arguments():
    with pytest.raises(TypeError):
        fourchess.legal_moves(None, [], "ffa")  # type: ignore[misc]


# --- check_move's own arguments -----------------------------------------------------------------


@pytest.mark.parametrize(
    "seat, error, says",
    [
        ("purple", ValueError, "seat must be"),
        ("P" * 5_000_000, ValueError, "5000000 characters"),
        (4, ValueError, "seat must be 0..3"),
        (-1, ValueError, "seat must be 0..3"),
        (True, TypeError, "got bool"),
        (1.0, TypeError, "got float"),
    ],
)
def test_check_move_with_a_bad_seat(seat, error, says):
    raises(error, fourchess.check_move, None, [], "h2-h4", seat=seat, match=says)


@pytest.mark.parametrize("move", [None, 42, b"h2-h4", fourchess.Move.from_str("h2-h4")])
def test_check_move_with_a_move_that_is_no_str(move):
    raises(TypeError, fourchess.check_move, None, [], move, match="move must be a str")


def test_check_move_raises_for_a_bad_history_even_when_the_move_is_unreadable():
    raises(IllegalMoveError, fourchess.check_move, None, ["h2-h5"], "\ud800", match=r"moves\[0\]")


# --- validate_fen4 ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 42, b"R-0"])
def test_validate_fen4_of_the_wrong_type(value):
    raises(TypeError, fourchess.validate_fen4, value, match="text must be a str")


@pytest.mark.parametrize(
    "case", json.loads((DATA / "fen4" / "malformed.json").read_text()), ids=lambda case: case["reason"]
)
def test_validate_fen4_refuses_each_malformed_fen4(case):
    raises(Fen4Error, fourchess.validate_fen4, case["fen4"], mode=case["mode"], match="FEN4")


def test_validate_fen4_of_5_mb():
    raises(Fen4Error, fourchess.validate_fen4, HUGE, match="5000000 characters")


@pytest.mark.parametrize(
    "line", [line for line in (DATA / "fen4" / "other-dialects.txt").read_text().splitlines() if line.strip()]
)
def test_validate_fen4_writes_every_dialect_as_the_board_does(line):
    text = line.split(" ; ")[0]
    assert fourchess.validate_fen4(text) == fourchess.Board(text).fen4()
    assert fourchess.validate_fen4(text, mode="FFA") == fourchess.Board(text, mode="ffa").fen4()


def test_validate_fen4_mode_and_rules():
    raises(ValueError, fourchess.validate_fen4, fourchess.MODERN_START_FEN4, mode="chess", match="mode must be")
    raises(
        ValueError,
        fourchess.validate_fen4,
        fourchess.MODERN_START_FEN4,
        mode="ffa",
        rules=Rules(),
        match="disagrees with rules",
    )

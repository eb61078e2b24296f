"""Error messages of the Python layers quote bad input bounded: a prefix and the length, never the
whole 5 MB (fourchess._quote.quoted; the reference has its own helper)."""

from __future__ import annotations

import argparse
import io

import pytest

from fourchess import MODERN_START_FEN4, Board, Outcome, Rules, reference
from fourchess.engine import Engine
from fourchess.engine.client import UciEngine
from fourchess.engine.commands import milliseconds_argument
from fourchess.engine.match import MatchConfig
from fourchess.server.settings import GameSettings

HUGE = "Q" * 5_000_000
HUGE_INT = 10**5000  # past Python's int-to-text limit: repr itself would raise (4300 digits)
MESSAGE_LIMIT = 300

CALLS = {
    "Rules(mode)": lambda: Rules(mode=HUGE),
    "Rules(setup)": lambda: Rules(setup=HUGE),
    "Rules(move_limit)": lambda: Rules(move_limit=HUGE),
    "Rules(move_limit) huge int": lambda: Rules(move_limit=HUGE_INT),
    "Rules(dead_king_walking)": lambda: Rules(dead_king_walking=HUGE),
    "GameSettings(turn_time_limit)": lambda: GameSettings(turn_time_limit=HUGE),
    "Board(mode)": lambda: Board(mode=HUGE),
    "Board(setup)": lambda: Board(setup=HUGE),
    "Board(rules, mode)": lambda: Board(rules=Rules(), mode=HUGE),
    "Board(rules, setup)": lambda: Board(rules=Rules(), setup=HUGE),
    "Outcome.from_dict(mode)": lambda: Outcome.from_dict({}, mode=HUGE),
    "Engine(ffa_search)": lambda: Engine(hash_mb=1, ffa_search=HUGE),
    "Engine(threads) huge int": lambda: Engine(hash_mb=1, threads=HUGE_INT),
    "Engine.search(movetime)": lambda: Engine(hash_mb=1).search(Board(), movetime=float("inf")),
    "UciEngine(mode)": lambda: UciEngine("fourchess uci", mode=HUGE),
    "UciEngine(timeout)": lambda: UciEngine("fourchess uci", timeout=HUGE),
    "MatchConfig(mode)": lambda: MatchConfig("random", "random", mode=HUGE),
    "MatchConfig(games) huge int": lambda: MatchConfig("random", "random", games=-HUGE_INT),
    "--movetime": lambda: milliseconds_argument(HUGE),
    "core piece_at, 4001 digits": lambda: Board().piece_at(10**4000),
    "core perft, 4001 digits": lambda: Board().perft(10**4000),
    "core resign, a huge int": lambda: Board().resign(HUGE_INT),
    "reference Rules(mode)": lambda: reference.Rules(mode=HUGE),
    "reference Rules(move_limit)": lambda: reference.Rules(move_limit=HUGE),
    "reference Board(rules, mode)": lambda: reference.Board(rules=reference.Rules(), mode=HUGE),
    "reference push_move": lambda: reference.Board().push_move("h2-h4" + HUGE),
    "reference push_move, a long promotion": lambda: reference.Board().push_move("h2-h" + "4" * 5_000_000),
    "reference piece_at huge int": lambda: reference.Board().piece_at(HUGE_INT),
    "reference result(names)": lambda: reference.Board().result([HUGE] * 5),
}

_REFERENCE_FEN4S = {
    "a long cell": MODERN_START_FEN4.replace("x,x,x,yR,", "x,x,x," + "Q" * 5_000_000 + ",", 1),
    "a long points value": MODERN_START_FEN4.replace("-0,0,0,0-0-", "-0,0," + "9" * 5_000_000 + ",0-0-", 1),
    "a long turn field": "R" * 5_000_000 + MODERN_START_FEN4[1:],
    "a long flags field": MODERN_START_FEN4.replace("R-0,0,0,0-", "R-0," + "2" * 5_000_000 + ",0,0-", 1),
    "a long extras field": MODERN_START_FEN4.replace("-0-x,", "-0-{'" + "k" * 5_000_000 + "':1}-x,", 1),
    "many fields": "R-" + "-" * 5_000_000,
}
for _what, _text in _REFERENCE_FEN4S.items():
    CALLS[f"reference FEN4, {_what}"] = lambda text=_text: reference.Board(text)


@pytest.mark.parametrize("label", CALLS)
def test_the_message_is_short(label):
    with pytest.raises((TypeError, ValueError, argparse.ArgumentTypeError)) as caught:
        CALLS[label]()
    message = str(caught.value)
    assert len(message) < MESSAGE_LIMIT, f"{label}: {len(message)} characters: {message[:200]}"


def test_the_reference_fen4_error_shows_the_prefix_and_the_length():
    with pytest.raises(reference.Fen4Error) as caught:
        reference.Board(_REFERENCE_FEN4S["a long cell"])
    assert "QQQQQQQQ... (5000000 characters)'" in str(caught.value), str(caught.value)


def test_the_pgn4_layer_uses_the_shared_helper():
    from fourchess import pgn4

    with pytest.raises(pgn4.Pgn4Error) as caught:
        pgn4.read_game(io.StringIO('[Variant "Teams"]\n\n1. h2-h' + "9" * 1000 + "\n"))
    assert "... (1004 characters)'" in str(caught.value) and len(str(caught.value)) < MESSAGE_LIMIT

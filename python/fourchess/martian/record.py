"""Martian Chess game records as short plain text (docs/martian.md §8): tag lines, then the moves
numbered by round. ``write_record(board)`` writes the game from its start; ``read_record(text)``
replays one into a Board, checking every move and the recorded result.

    [Start "2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -"]
    [MoveLimit "60"]
    [Result "empty_zone; first 1; scores 3,5"]

    1. d3-d5 a6-a5 2. b3-a4 c7-d6
"""

from __future__ import annotations

import re

from fourchess._quote import quoted
from fourchess.martian.board import Board
from fourchess.martian.rules import MartianRules

MAX_RECORD_CHARS = 1_000_000
_TAG = re.compile(r'^\[([A-Za-z]+) "([^"\n]*)"\]$')
_ROUND = re.compile(r"^(\d+)\.$")


class MartianRecordError(ValueError):
    """A game record that cannot be read: the message names the line or token and what was wrong."""


def result_text(board: Board) -> str | None:
    """The Result tag of a finished game: the termination, the seats in first place, the scores."""
    outcome = board.outcome()
    if outcome is None:
        return None
    first = ",".join(map(str, outcome.winners))
    return f"{outcome.termination.value}; first {first}; scores {','.join(map(str, outcome.scores))}"


def write_record(board: Board) -> str:
    """The game of ``board`` from its start, as read_record reads it back."""
    lines = [f'[Start "{board.root_mfen()}"]']
    if board.rules.move_limit is not None:
        lines.append(f'[MoveLimit "{board.rules.move_limit}"]')
    if board.rules.teams:
        lines.append('[Teams "yes"]')
    result = result_text(board)
    if result is not None:
        lines.append(f'[Result "{result}"]')
    words = []
    for index, move in enumerate(board.move_stack):
        if index % board.players == 0:
            words.append(f"{index // board.players + 1}.")
        words.append(str(move))
    return "\n".join(lines) + "\n\n" + " ".join(words) + "\n"


def read_record(text: str) -> Board:
    """The game a record describes, replayed move by move; MartianRecordError (a ValueError) for a
    record that is malformed, names an illegal move, or states a result the moves do not reach."""
    if not isinstance(text, str):
        raise TypeError(f"a record is a str, got {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise MartianRecordError(f"a record has at most {MAX_RECORD_CHARS} characters, got {len(text)}")
    tags: dict[str, str] = {}
    lines = text.splitlines()
    body_from = len(lines)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        match = _TAG.match(line.strip())
        if match is None:
            body_from = number - 1
            break
        if match[1] in tags:
            raise MartianRecordError(f"line {number}: the tag {match[1]} stands twice")
        tags[match[1]] = match[2]
    unknown = set(tags) - {"Start", "MoveLimit", "Teams", "Result"}
    if unknown:
        raise MartianRecordError(f"unknown tag {quoted(sorted(unknown)[0])} (Start, MoveLimit, Teams, Result)")
    rules = _rules(tags)
    try:
        board = Board(tags.get("Start"), rules=rules)
    except ValueError as error:
        raise MartianRecordError(f"Start: {error}") from None
    expected_round = 1
    for index, word in enumerate(" ".join(lines[body_from:]).split()):
        if match := _ROUND.match(word):
            if int(match[1]) != expected_round or len(board.move_stack) != (expected_round - 1) * board.players:
                raise MartianRecordError(f"move {index + 1}: round {quoted(word)} out of place")
            expected_round += 1
            continue
        if len(board.move_stack) == (expected_round - 1) * board.players:
            raise MartianRecordError(f"move {index + 1}: round {expected_round}. is missing before {quoted(word)}")
        try:
            board.push_move(word)
        except ValueError as error:
            raise MartianRecordError(f"move {len(board.move_stack) + 1} ({quoted(word)}): {error}") from None
    if "Result" in tags and tags["Result"] != result_text(board):
        raise MartianRecordError(
            f"the Result tag says {quoted(tags['Result'])}, the moves give {quoted(result_text(board))}"
        )
    return board


def _rules(tags: dict[str, str]) -> MartianRules:
    limit = tags.get("MoveLimit")
    teams = tags.get("Teams", "no")
    if limit is not None and not (limit.isascii() and limit.isdigit() and len(limit) <= 7):
        raise MartianRecordError(f"MoveLimit must be a whole number, got {quoted(limit)}")
    if teams not in ("yes", "no"):
        raise MartianRecordError(f"Teams must be yes or no, got {quoted(teams)}")
    try:
        return MartianRules(move_limit=None if limit is None else int(limit), teams=teams == "yes")
    except ValueError as error:
        raise MartianRecordError(f"MoveLimit: {error}") from None

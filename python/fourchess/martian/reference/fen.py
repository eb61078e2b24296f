"""Martian FEN, the one-line position text (docs/martian.md §5), read with every refusal naming
its field, and written."""

from __future__ import annotations

from .errors import MartianFenError
from .geometry import RANKS, Square, files_of, on_board, parse_square_name, square_name, zone_owner
from .moves import path
from .position import VALUES, Position

MAX_SCORE_DIGITS = 6  # docs/martian.md: a score is at most 999999


def _number(text: str, field: str, what: str, digits: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > digits:
        raise MartianFenError(field, f"{what} must be a non-negative integer of at most {digits} digits, got {text!r}")
    return int(text)


def _board(text: str, players: int) -> dict[Square, str]:
    ranks = text.split("/")
    if len(ranks) != RANKS:
        raise MartianFenError("board", f"needs {RANKS} ranks separated by '/', got {len(ranks)}")
    pieces: dict[Square, str] = {}
    width = files_of(players)
    for i, rank_text in enumerate(ranks):
        rank, f = RANKS - 1 - i, 0
        for char in rank_text:
            if char in VALUES:
                if f < width:
                    pieces[(f, rank)] = char
                f += 1
            elif char in "12345678":
                f += int(char)
            else:
                raise MartianFenError("board", f"rank {rank + 1} has {char!r}: a square is P, D, Q or a digit 1-8")
        if f != width:
            raise MartianFenError("board", f"rank {rank + 1} covers {f} files, not {width}")
    return pieces


def _no_rejection(text: str, position: Position) -> tuple[Square, Square] | None:
    if text == "-":
        return None
    if position.players != 2:
        raise MartianFenError("no_rejection", "only a two-player game has a no-rejection entry")
    names = text.split("-")
    squares = [parse_square_name(name) for name in names]
    if len(names) != 2 or None in squares or not all(on_board(2, sq) for sq in squares if sq is not None):
        raise MartianFenError("no_rejection", f"must be '-' or from-to with squares of the board, got {text!r}")
    start, end = squares[0], squares[1]
    assert start is not None and end is not None
    if end not in position.pieces or zone_owner(2, end) != position.turn:
        raise MartianFenError("no_rejection", f"{text}: no piece of the player to move stands on {square_name(end)}")
    if start in position.pieces or zone_owner(2, start) == position.turn:
        raise MartianFenError(
            "no_rejection", f"{text}: {square_name(start)} must be the empty square across the canal the piece left"
        )
    way = path(position.pieces[end], start, end)
    if way is None or any(square in position.pieces for square in way):
        raise MartianFenError(
            "no_rejection", f"{text}: the piece on {square_name(end)} cannot have come from {square_name(start)}"
        )
    return (start, end)


def read_fen(text: str) -> Position:
    """The position the text describes; MartianFenError naming the field otherwise."""
    fields = text.strip(" \t\n\r\f\v").split(" ")  # docs/martian.md §5, decision 4
    if len(fields) != 5:
        raise MartianFenError("fields", f"needs 5 fields separated by single spaces, got {len(fields)}")
    if fields[0] not in ("2", "4"):
        raise MartianFenError("players", f"must be 2 or 4, got {fields[0]!r}")
    players = int(fields[0])
    position = Position(players, _board(fields[1], players))
    position.turn = _number(fields[2], "turn", "the seat to move", 1)
    if position.turn >= players:
        raise MartianFenError("turn", f"the seat to move must be 0..{players - 1}, got {position.turn}")
    scores = fields[3].split(",")
    if len(scores) != players:
        raise MartianFenError("scores", f"needs {players} scores separated by commas, got {len(scores)}")
    position.scores = [_number(score, "scores", "a score", MAX_SCORE_DIGITS) for score in scores]
    position.no_rejection = _no_rejection(fields[4], position)
    return position


def write_fen(position: Position) -> str:
    ranks = []
    for rank in range(RANKS - 1, -1, -1):
        text, run = "", 0
        for f in range(files_of(position.players)):
            kind = position.pieces.get((f, rank))
            if kind is None:
                run += 1
                continue
            text += (str(run) if run else "") + kind
            run = 0
        ranks.append(text + (str(run) if run else ""))
    entry = "-" if position.no_rejection is None else "-".join(map(square_name, position.no_rejection))
    scores = ",".join(map(str, position.scores))
    return f"{position.players} {'/'.join(ranks)} {position.turn} {scores} {entry}"

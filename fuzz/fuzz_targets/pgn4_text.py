"""Target: PGN4 text -> fourchess.pgn4.read_game; a game that reads writes out to text that reads
again and writes out the same."""

from __future__ import annotations

import io

from fourchess import pgn4

from . import Finding
from .fuzz_input import FuzzInput
from .invariants import check_message


def check(data: bytes) -> None:
    source = FuzzInput(data)
    validate = source.below(4) != 0  # mostly replayed, sometimes only the tree
    text = source.rest_text()
    try:
        game = pgn4.read_game(io.StringIO(text), validate=validate)
    except pgn4.Pgn4Error as error:
        check_message(error, f"read_game({text[:200]!r} ({len(text)} characters))")
        return
    if game is None or not validate:
        return
    written = pgn4.write_game(game)
    try:
        again = pgn4.read_game(io.StringIO(written))
    except pgn4.Pgn4Error as error:
        raise Finding(f"write_game output {written[:300]!r} does not read back: {error}") from error
    if again is None or pgn4.write_game(again) != written:
        rewritten = None if again is None else pgn4.write_game(again)
        raise Finding(f"write_game output {written[:300]!r} reads back and writes as {rewritten!r:.300}")

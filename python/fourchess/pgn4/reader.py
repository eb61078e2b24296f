"""Read PGN4 games from a text stream: tags, movetext tree, then a checked replay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.parser import parse_movetext
from fourchess.pgn4.replay import replay
from fourchess.pgn4.setup import Setup, setup_for_headers
from fourchess.pgn4.tokens import parse_tag, tokenize_movetext
from fourchess.pgn4.tree import Game

# When tags are missing, these are tried in order (old chess.com files and bare movetext).
_GUESSES = (("teams", "modern"), ("teams", "classic"), ("ffa", "modern"), ("ffa", "classic"))


def read_game(handle: TextIO, *, validate: bool = True) -> Game | None:
    """Read the next game from ``handle``; None at the end of the stream.

    Every line is checked by replaying it (``validate=False`` only builds the tree); an illegal,
    ambiguous or unreadable move raises :class:`Pgn4Error` naming its round, seat and text.

    >>> import io
    >>> game = read_game(io.StringIO('[Variant "FFA"]\\n\\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\\n'))
    >>> [str(move) for move in game.mainline_moves()]
    ['h2-h3', 'b7-c7', 'g13-g12', 'm8-l8']
    """
    text = _next_game_text(handle)
    if text is None:
        return None
    return parse_game(text, validate=validate)


def iter_games(handle: TextIO, *, validate: bool = True) -> Iterator[Game]:
    """Every game in ``handle``, one after the other."""
    while (game := read_game(handle, validate=validate)) is not None:
        yield game


def parse_game(text: str, *, validate: bool = True) -> Game:
    """One game from its whole text."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    headers: dict[str, str] = {}
    first = 0
    while first < len(lines) and (not lines[first].strip() or parse_tag(lines[first]) is not None):
        tag = parse_tag(lines[first])
        if tag is not None:
            headers[tag[0]] = tag[1]
        first += 1
    game = Game(headers)
    parse_movetext(game, tokenize_movetext("\n".join(lines[first:]), first_line=first + 1))
    if validate:
        game.setup = _replay_with_setup(game)
    return game


def _replay_with_setup(game: Game) -> Setup:
    # The tags decide; a missing Variant or StartFen4 (2018 exports, bare movetext) is worked out
    # by replaying the main line under each possible setup: the first that plays every move wins.
    headers = game.headers
    guesses = [(mode, start) for mode, start in _GUESSES
               if ("Variant" not in headers or mode == headers["Variant"].lower())
               and ("StartFen4" not in headers or start == "modern")]
    if "Variant" in headers and "StartFen4" in headers:
        guesses = guesses[:1]
    best: tuple[int, Pgn4Error] | None = None
    for mode, start in guesses:
        setup = setup_for_headers(headers, mode=mode, start=start)
        try:
            replay(game, setup.board())
            return setup
        except Pgn4Error as error:
            reached = error.round or 0
            if best is None or reached > best[0]:
                best = (reached, error)
    assert best is not None
    raise best[1]


def _next_game_text(handle: TextIO) -> str | None:
    # A game is its tag lines and the movetext after them; it ends at the next tag line, pushed
    # back with seek. Blank lines inside movetext are allowed (CR CR LF files read in text mode
    # show one after every line); on a stream that cannot seek, a blank line after movetext
    # ends the game instead.
    lines: list[str] = []
    in_movetext = False
    seekable = handle.seekable()
    while True:
        position = handle.tell() if seekable else None
        line = handle.readline()
        if not line:
            break
        stripped = line.strip()
        if parse_tag(stripped) is not None:
            if in_movetext:
                if position is None:
                    raise Pgn4Error("games must be separated by a blank line on an unseekable stream")
                handle.seek(position)
                break
        elif stripped:
            in_movetext = True
        elif in_movetext and not seekable and not _open_brackets(lines):
            break
        lines.append(line)
    if not any(line.strip() for line in lines):
        return None
    return "".join(lines)


def _open_brackets(lines: list[str]) -> bool:
    text = "".join(lines)
    return text.count("{") > text.count("}") or text.count("(") > text.count(")")

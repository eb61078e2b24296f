"""Read PGN4 games from a text stream: tags, movetext tree, then a checked replay."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from fourchess.pgn4.errors import Pgn4Error, quoted
from fourchess.pgn4.limits import MAX_GAME_CHARS, MAX_TAG_CHARS, refuse_surrogates
from fourchess.pgn4.parser import parse_movetext
from fourchess.pgn4.replay import replay
from fourchess.pgn4.setup import Setup, setup_for_headers
from fourchess.pgn4.tokens import parse_tag, tokenize_movetext
from fourchess.pgn4.tree import Game

_SPACE = re.compile(r"\s*")
# When tags are missing, these are tried in order (old chess.com files and bare movetext).
_GUESSES = (("teams", "modern"), ("teams", "classic"), ("ffa", "modern"), ("ffa", "classic"))


def read_game(handle: TextIO, *, validate: bool = True) -> Game | None:
    """Read the next game from ``handle``; None at the end of the stream.

    Every line is checked by replaying it (``validate=False`` only builds the tree); an illegal,
    ambiguous or unreadable move raises :class:`Pgn4Error` naming its round, seat and text.

    The exception contract, whatever the text: the result is a Game, None, or a
    :class:`Pgn4Error` (a ValueError) whose message quotes the input bounded. That includes text
    the handle cannot decode, lone surrogates, unknown tag values, unbalanced or arbitrarily deep
    variations, and input past the limits of :mod:`fourchess.pgn4.limits` (a game of more than
    ``MAX_GAME_CHARS`` characters, a tag line of more than ``MAX_TAG_CHARS``, more than
    ``MAX_NODES`` entries). Reading is linear in the game's size. After an error the handle is
    left somewhere inside the faulty game.

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
    """One game from its whole text (same contract as :func:`read_game`)."""
    if len(text) > MAX_GAME_CHARS:
        raise Pgn4Error(f"a game of {len(text)} characters (at most {MAX_GAME_CHARS})")
    refuse_surrogates(text, "game text")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Tag lines and blank lines, scanned in place (splitting a game of blank lines into a list
    # cost 8 bytes a character); the movetext starts at the first other line.
    headers: dict[str, str] = {}
    pos, line = 0, 1
    while True:
        space = _SPACE.match(text, pos)
        assert space is not None  # \s* matches anywhere
        start = space.end()
        line += text.count("\n", pos, start)
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        tag = _tag(text[start:end], line) if start < end else None
        if tag is None:
            pos = start
            break
        headers[tag[0]] = tag[1]
        pos = end
    game = Game(headers)
    parse_movetext(game, tokenize_movetext(text[pos:], first_line=line))
    if validate:
        game.setup = _replay_with_setup(game)
    return game


def _tag(line: str, number: int) -> tuple[str, str] | None:
    if len(line) > MAX_TAG_CHARS and line.lstrip().startswith("["):
        raise Pgn4Error(f"line {number}: tag line of {len(line)} characters (at most {MAX_TAG_CHARS}): {quoted(line)}")
    return parse_tag(line)


def _replay_with_setup(game: Game) -> Setup:
    # The tags decide; a missing Variant or StartFen4 (2018 exports, bare movetext) is worked out
    # by replaying the main line under each possible setup: the first that plays every move wins.
    headers = game.headers
    setup_for_headers(headers)  # refuses an unknown Variant or RuleVariants before any guess
    guesses = [
        (mode, start)
        for mode, start in _GUESSES
        if ("Variant" not in headers or mode == headers["Variant"].lower())
        and ("StartFen4" not in headers or start == "modern")
    ]
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
    if best is None:
        raise Pgn4Error(f"no board fits the tags {quoted(repr(headers))}")
    raise best[1]


def _next_game_text(handle: TextIO) -> str | None:
    # A game is its tag lines and the movetext after them; it ends at the next tag line, pushed
    # back by seeking to where the game began and reading up to that line again (one tell() per
    # game: a file's tell() per line costs ~10 us). Blank lines inside movetext are allowed (CR CR
    # LF files read in text mode show one after every line); on a stream that cannot seek, a
    # blank line after movetext ends the game instead, unless a comment or variation is open.
    text = _Text()
    size = 0
    brackets = _Brackets()
    in_movetext = False
    any_text = False
    start = handle.tell() if handle.seekable() else None
    while True:
        # room for the rest of the game and one more line: the next game's tag line
        line = _read_line(handle, MAX_GAME_CHARS - size + MAX_TAG_CHARS + 2)
        if not line:
            break
        stripped = line.strip()
        # a tag line past MAX_TAG_CHARS is not looked at here: parse_game refuses it
        is_tag = stripped.startswith("[") and len(stripped) <= MAX_TAG_CHARS and parse_tag(stripped) is not None
        if is_tag and in_movetext:  # the next game's first line
            if start is None:
                raise Pgn4Error("games must be separated by a blank line on an unseekable stream")
            handle.seek(start)
            handle.read(size)
            break
        if size + len(line) > MAX_GAME_CHARS:
            raise Pgn4Error(f"a game of more than {MAX_GAME_CHARS} characters")
        if stripped and not is_tag:
            in_movetext = True
        elif not stripped and in_movetext and start is None and not brackets.open():
            break
        size += len(line)
        if stripped:
            any_text = True
            brackets.count(stripped)
        text.append(line)
    return text.joined() if any_text else None


def _read_line(handle: TextIO, limit: int) -> str:
    try:
        return handle.readline(limit)
    except UnicodeDecodeError as error:
        raise Pgn4Error(
            f"the stream is not valid {error.encoding}: {error.reason} at byte {error.start} of a chunk"
        ) from error


class _Text:
    """Lines joined a thousand at a time: a list of millions of short lines costs 8 bytes a line
    more than the text itself."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.lines: list[str] = []

    def append(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) == 1024:
            self.blocks.append("".join(self.lines))
            self.lines.clear()

    def joined(self) -> str:
        self.blocks.append("".join(self.lines))
        self.lines.clear()
        return "".join(self.blocks)


class _Brackets:
    """Running counts of comment and variation brackets (kept per line: recounting is quadratic)."""

    def __init__(self) -> None:
        self.braces = 0
        self.parens = 0

    def count(self, line: str) -> None:
        self.braces += line.count("{") - line.count("}")
        self.parens += line.count("(") - line.count(")")

    def open(self) -> bool:
        return self.braces > 0 or self.parens > 0

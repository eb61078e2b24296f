"""Split PGN4 text into tokens, and one move token into its move, check suffix and end marker."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from fourchess.pgn4.errors import Pgn4Error

MARKERS = ("R", "T", "S", "#")

TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
_WORD = re.compile(r"[^\s(){};]+")
_ROUND = re.compile(r"(\d+)\.")
# Long algebraic (Bh2xNl6, h8xQg7=D), engine form (h2h3, h2-h3), castling; then the check suffix
# (+, ++, +++, +#, #) and a glued end marker (Kk1-k2R, Kj2-k2T, and the odd R#).
_SQUARE = r"[a-n](?:1[0-4]|[1-9])"
_ENTRY = re.compile(
    rf"""(?P<move>O-O-O|O-O|[KQRBNPD]?{_SQUARE}[-x]?[KQRBNPD]?{_SQUARE}(?:=[QRBND])?)?
    (?P<suffix>\+{{1,3}}\#?|\#)?
    (?P<marker>[RTS]\#?)?""",
    re.VERBOSE,
)


class Token(NamedTuple):
    """``kind``: ``comment``, ``open``, ``close``, ``round`` (its number), ``slot`` (``..``) or
    ``entry`` (a move or marker as written); ``line`` counts from 1 within the game's text."""

    kind: str
    value: str
    line: int


class Entry(NamedTuple):
    """One slot of a round: a move as written (without suffix), its check suffix, an end marker."""

    move: str | None
    suffix: str
    marker: str | None


def split_entry(text: str) -> Entry:
    """Split a movetext entry.

    >>> split_entry("h8xQg7=D+")
    Entry(move='h8xQg7=D', suffix='+', marker=None)
    >>> split_entry("Kk1-k2R")
    Entry(move='Kk1-k2', suffix='', marker='R')
    >>> split_entry("#")
    Entry(move=None, suffix='', marker='#')
    """
    if text in MARKERS:
        return Entry(None, "", text)
    match = _ENTRY.fullmatch(text)
    if match is None or (match["move"] is None and match["marker"] is None) or (
            match["move"] is None and match["suffix"]):
        raise Pgn4Error("not a move or an end marker (R, T, S, #)", text=text)
    marker = match["marker"]
    if marker == "R#":  # seen once in Yellow's slot of an old FFA record: a resignation, kept as written
        return Entry(match["move"], "#", "R")
    return Entry(match["move"], match["suffix"] or "", marker)


def parse_tag(line: str) -> tuple[str, str] | None:
    """``[Name "value"]`` -> ``("Name", "value")``; None for any other line."""
    match = TAG_LINE.fullmatch(line)
    if match is None:
        return None
    return match[1], re.sub(r"\\(.)", r"\1", match[2])


def tokenize_movetext(text: str, first_line: int = 1) -> Iterator[Token]:
    """The tokens of one game's movetext. Comments ``{ }`` may span lines; ``;`` runs to the end."""
    pos, line = 0, first_line
    while pos < len(text):
        char = text[pos]
        if char.isspace():
            line += char == "\n"
            pos += 1
        elif char == "{":
            end = text.find("}", pos)
            if end < 0:
                raise Pgn4Error(f"line {line}: comment '{{' never closed")
            body = text[pos + 1:end]
            yield Token("comment", body.strip(), line)
            line += body.count("\n")
            pos = end + 1
        elif char == "}":
            raise Pgn4Error(f"line {line}: '}}' without '{{'")
        elif char == ";":
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            yield Token("comment", text[pos + 1:end].strip(), line)
            pos = end
        elif char in "()":
            yield Token("open" if char == "(" else "close", char, line)
            pos += 1
        else:
            match = _WORD.match(text, pos)
            assert match is not None
            pos = match.end()
            yield from _split_word(match.group(), line)


def _split_word(word: str, line: int) -> Iterator[Token]:
    # Words such as "1.", "..", "1.h2-h3" or "..b7-c7": peel round numbers and slot marks off.
    while word:
        match = _ROUND.match(word)
        if match:
            yield Token("round", match[1], line)
            word = word[match.end():]
        elif word.startswith(".."):
            yield Token("slot", "..", line)
            word = word[2:].lstrip(".")
        else:
            yield Token("entry", word, line)
            return

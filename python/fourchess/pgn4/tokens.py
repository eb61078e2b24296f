"""Split PGN4 text into tokens, and one move token into its move, check suffix and end marker."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.limits import MAX_ROUND_DIGITS

MARKERS = ("R", "T", "S", "#")

# The value is "unrolled" (runs of plain characters between escapes) so that a long tag costs
# the regex engine no backtracking state per character.
TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"([^"\\]*(?:\\.[^"\\]*)*)"\s*\]\s*')
_ESCAPE = re.compile(r"\\(.)")
# Every lexeme of movetext; "{" without a closing "}" matches none of them.
_LEXEME = re.compile(
    r"""(?P<space>\s+)|(?P<comment>\{[^}]*\})|(?P<stray>\})|(?P<rest>;[^\n]*)
                         |(?P<paren>[()])|(?P<word>[^\s(){};]+)""",
    re.VERBOSE,
)
_ROUND = re.compile(r"(\d+)\.")
_DOTS = re.compile(r"\.+")
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
    if (
        match is None
        or (match["move"] is None and match["marker"] is None)
        or (match["move"] is None and match["suffix"])
    ):
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
    return match[1], _ESCAPE.sub(r"\1", match[2])


def tokenize_movetext(text: str, first_line: int = 1) -> Iterator[Token]:
    """The tokens of one game's movetext. Comments ``{ }`` may span lines; ``;`` runs to the end.

    One left-to-right scan (each character is looked at a bounded number of times)."""
    pos, line, end = 0, first_line, len(text)
    while pos < end:
        match = _LEXEME.match(text, pos)
        if match is None:  # "{" with no "}" after it: the only text no lexeme matches
            raise Pgn4Error(f"line {line}: comment '{{' never closed")
        kind, lexeme = match.lastgroup, match.group()
        if kind == "space":
            line += lexeme.count("\n")
        elif kind == "comment":
            yield Token("comment", lexeme[1:-1].strip(), line)
            line += lexeme.count("\n")
        elif kind == "stray":
            raise Pgn4Error(f"line {line}: '}}' without '{{'")
        elif kind == "rest":
            yield Token("comment", lexeme[1:].strip(), line)
        elif kind == "paren":
            yield Token("open" if lexeme == "(" else "close", lexeme, line)
        else:
            yield from _split_word(lexeme, line)
        pos = match.end()


def _split_word(word: str, line: int) -> Iterator[Token]:
    # Words such as "1.", "..", "1.h2-h3" or "..b7-c7": peel round numbers and slot marks off,
    # moving an index (not slicing) so that a word of many rounds stays linear.
    pos = 0
    while pos < len(word):
        match = _ROUND.match(word, pos)
        if match:
            if len(match[1]) > MAX_ROUND_DIGITS:
                raise Pgn4Error(
                    f"line {line}: round number of {len(match[1])} digits (at most {MAX_ROUND_DIGITS})", text=match[0]
                )
            yield Token("round", match[1], line)
            pos = match.end()
        elif word.startswith("..", pos):
            yield Token("slot", "..", line)
            dots = _DOTS.match(word, pos)
            assert dots is not None  # the word has ".." at pos
            pos = dots.end()
        else:
            yield Token("entry", word[pos:], line)
            return

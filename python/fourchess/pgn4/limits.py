"""What the reader accepts: the size limits of one game, and text that is valid Unicode.

Past a limit the reader raises :class:`~fourchess.pgn4.Pgn4Error` instead of using more time or
memory. The limits sit far above real records (the longest chess.com game in tests/data has 386
slots in under 5 KB, a FEN4 tag is under 1 KB), and they bound what one ``read_game`` call can
cost: reading is linear in the game's size. Measured (tracemalloc, 2026): a hostile game at
``MAX_GAME_CHARS`` (blank lines, comments or round numbers) reads in a few seconds with a peak
under 8 bytes a character; ``MAX_NODES`` entries hold about 28 MB.
"""

from __future__ import annotations

import re

from fourchess.pgn4.errors import Pgn4Error

MAX_GAME_CHARS = 8 * 1024 * 1024  #: one game's text: tags, movetext and comments
MAX_TAG_CHARS = 64 * 1024  #: one tag line, e.g. [StartFen4 "..."]
MAX_NODES = 100_000  #: slots (moves and markers) in one game, variations included
MAX_ROUND_DIGITS = 9  #: "123456789." at most: round numbers stay plain ints

_SURROGATE = re.compile("[\ud800-\udfff]")


def refuse_surrogates(text: str, what: str) -> None:
    """A lone surrogate (text decoded with ``surrogateescape``, or built in code) is not
    Unicode: it cannot be written as UTF-8 nor handed to the core."""
    match = _SURROGATE.search(text)
    if match is not None:
        line = text.count("\n", 0, match.start()) + 1
        raise Pgn4Error(f"{what}, line {line}: lone surrogate U+{ord(match[0]):04X} (not valid Unicode text)")

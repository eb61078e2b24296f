"""The one error of the PGN4 layer, and how it quotes the text at fault."""

from __future__ import annotations

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")
QUOTE_CHARS = 60  # a quoted text longer than this shows its prefix and its length


def quoted(text: str, limit: int = QUOTE_CHARS) -> str:
    """``repr(text)``, or for a long text its prefix and length (an error never holds 5 MB).

    >>> quoted("h2-h3")
    "'h2-h3'"
    >>> quoted("x" * 1000, limit=4)
    "'xxxx'... (1000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def shortened(text: str, limit: int = 200) -> str:
    """``text`` itself, or its prefix and length (for messages of other layers that quote input).

    >>> shortened("FEN4 text 'xxxxxxxx'", limit=12)
    "FEN4 text 'x... (20 characters)"
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class Pgn4Error(ValueError):
    """A PGN4 record that cannot be read, or a move in it that cannot be played.

    ``round``, ``seat`` (0..3) and ``text`` name the entry at fault when there is one; the
    message quotes ``text`` bounded (a prefix and the length).
    """

    def __init__(self, message: str, *, round: int | None = None, seat: int | None = None,
                 text: str | None = None) -> None:
        where = []
        if round is not None:
            where.append(f"round {round}")
        if seat is not None:
            where.append(SEAT_NAMES[seat])
        if text is not None:
            where.append(quoted(text))
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.round = round
        self.seat = seat
        self.text = text

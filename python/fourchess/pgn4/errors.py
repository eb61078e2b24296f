"""The one error of the PGN4 layer, and how it quotes the text at fault."""

from __future__ import annotations

from fourchess._core import Seat
from fourchess._quote import quoted

__all__ = ["Pgn4Error", "quoted", "shortened"]


def shortened(text: str, limit: int = 200) -> str:
    """``text`` itself, or its prefix and length (for messages of other layers that quote input).

    >>> shortened("FEN4 text 'xxxxxxxx'", limit=12)
    "FEN4 text 'x... (20 characters)"
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class Pgn4Error(ValueError):
    """A PGN4 record that cannot be read, or a move in it that cannot be played.

    ``round``, ``seat`` (0..3) and ``text`` name the entry at fault when there is one; the
    message quotes ``text`` bounded (a prefix of 40 characters and the length).
    """

    def __init__(
        self, message: str, *, round: int | None = None, seat: int | None = None, text: str | None = None
    ) -> None:
        where = []
        if round is not None:
            where.append(f"round {round}")
        if seat is not None:
            where.append(Seat(seat).title)
        if text is not None:
            where.append(quoted(text))
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.round = round
        self.seat = seat
        self.text = text

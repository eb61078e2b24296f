"""The one error of the PGN4 layer."""

from __future__ import annotations

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")


class Pgn4Error(ValueError):
    """A PGN4 record that cannot be read, or a move in it that cannot be played.

    ``round``, ``seat`` (0..3) and ``text`` name the entry at fault when there is one.
    """

    def __init__(self, message: str, *, round: int | None = None, seat: int | None = None,
                 text: str | None = None) -> None:
        where = []
        if round is not None:
            where.append(f"round {round}")
        if seat is not None:
            where.append(SEAT_NAMES[seat])
        if text is not None:
            where.append(repr(text))
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.round = round
        self.seat = seat
        self.text = text

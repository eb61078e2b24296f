"""The names python-chess users type, on :class:`fourchess.Board` (its base class).

Where python-chess's meaning carries over to four seats it is kept; where it cannot, the
docstring says what differs. The core answers every question (the C++ ``queries.h``, ``game.h``
and ``edit.h``); these methods only add defaults, types and documentation.
"""

from __future__ import annotations

from typing import TypeVar

from fourchess import _core
from fourchess._quote import quoted
from fourchess._core import Seat
from fourchess.rules import Rules

# The 14 ranks of an empty board, top (rank 14) first: corners 'x', real squares run lengths.
_EMPTY_RANKS = "/".join("x,x,x,8,x,x,x" if rank < 3 or rank > 10 else "14" for rank in range(13, -1, -1))

_Board = TypeVar("_Board", bound="BoardHabits")


class BoardHabits(_core.Board):
    """python-chess's vocabulary for a :class:`fourchess.Board` (use that class, not this one)."""

    # --- editing ---------------------------------------------------------------------------------

    @classmethod
    def empty(cls: type[_Board], *, mode: str | None = None, rules: Rules | None = None, turn: int = Seat.RED) -> _Board:
        """A board with no pieces, ``turn`` to move, no castling rights, no points, ply clock 0.

        The core accepts it, as a game that is over: Teams needs all four kings (a missing king
        reads as a king capture), FFA has every seat out (a seat with no live king is eliminated).
        Put the pieces on with :meth:`set_piece_at`, kings first: in FFA a seat's pieces are live
        only while it has a live king, and once two seats have kings the side to move must be one
        of them (choose ``turn`` so).

        >>> board = Board.empty(mode="ffa")
        >>> board.set_piece_at(parse_square("h1"), Piece("rK"))
        >>> board.set_piece_at(parse_square("a7"), Piece("bK"))
        >>> board.set_piece_at(parse_square("h5"), Piece("rR"))
        >>> board.is_game_over(), board.is_check(Seat.BLUE)
        (False, False)
        """
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise TypeError(f"turn must be a Seat, got {type(turn).__name__}")
        if not 0 <= turn <= 3:
            raise ValueError(f"turn must be 0..3 (Red, Blue, Yellow, Green), got {quoted(turn)}")
        fen4 = f"{Seat(turn).letter}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{_EMPTY_RANKS}"
        return cls(fen4, mode=mode, rules=rules)  # type: ignore[call-arg]

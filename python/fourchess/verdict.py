"""The answer of :func:`fourchess.check_move` (and of :func:`fourchess.martian.check_move`): is a
move legal, and if not, which rule refuses it."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Refusal(str, enum.Enum):
    """The rule that refuses a move, in the order the rules are tried: the text is read, the game
    must go on and the seat be the one to move, then the piece is matched by its movement, its
    promotion and last the safety of its own king. A step that is not a move (``"resign:B"``,
    ``"timeout:Y"``, ``"claim:R"``) is read, then the game must go on, the step be the asking
    seat's own, that seat still in the game, and a claim possible. The value is the plain-data
    form (``"game_over"``); ``str()`` gives it too."""

    UNPARSEABLE = "unparseable"
    """No position could read the text (docs/rules.md §10 lists the forms)."""
    GAME_OVER = "game_over"
    """The game has ended: nobody moves."""
    NOT_YOUR_TURN = "not_your_turn"
    """The seat asked for is not to move, or the piece on the from-square is another live seat's."""
    NO_PIECE = "no_piece"
    """No live piece of the side to move (of the kind the text names) on the from-square."""
    CANNOT_MOVE_THERE = "cannot_move_there"
    """The piece does not move that way (blocked, a friendly piece there, castling not possible)."""
    OWN_KING_IN_CHECK = "own_king_in_check"
    """The move leaves or puts the mover's own king in check (a pinned piece, a king stepping
    into an attack, castling out of, through or into check)."""
    BAD_PROMOTION = "bad_promotion"
    """A promotion piece is missing (Teams) or not allowed (=D in Teams, =R/=B/=N in FFA, or a
    promotion named for a move that is none)."""
    AMBIGUOUS = "ambiguous"
    """A short form ("Nf3") that fits several legal moves."""
    NOT_YOUR_SEAT = "not_your_seat"
    """A resignation, timeout or claim for another seat than the one asking: a seat resigns,
    times out and claims only for itself."""
    ALREADY_ELIMINATED = "already_eliminated"
    """A resignation, timeout or claim of a seat that is out of the game already (FFA)."""
    CANNOT_CLAIM = "cannot_claim"
    """A claim the rules do not allow now: it needs FFA with the 21-point end claimed rather than
    automatic, exactly two seats still in the game, and a lead of 21 points or more
    (docs/rules.md §7, decision 11)."""

    def __str__(self) -> str:
        """The plain-data value: ``str(Refusal.GAME_OVER) == "game_over"``."""
        return self.value


@dataclass(frozen=True)
class Verdict:
    """Whether a move is legal: ``ok``; when it is, ``move`` is its engine text (``"h2-h4"``,
    castling as the king's move; for a step that is not a move, its token as written,
    ``"resign:B"``) and ``reason`` is ``None``; when not, ``reason`` is the
    :class:`Refusal` (for Martian Chess, a :class:`fourchess.martian.MartianRefusal`) and ``move``
    is ``None``. ``message`` says it for people, quoting the text
    given (at most 40 characters of it). ``bool(verdict)`` is ``ok``.

    >>> import fourchess
    >>> verdict = fourchess.check_move(None, [], "h2-h5")
    >>> bool(verdict), verdict.reason
    (False, <Refusal.CANNOT_MOVE_THERE: 'cannot_move_there'>)
    >>> verdict.message
    "illegal move 'h2-h5': Red's pawn on h2 cannot move to h5"
    """

    ok: bool
    reason: Refusal | Any
    move: str | None
    message: str

    def __bool__(self) -> bool:
        """``ok``: a verdict is true exactly when the move is legal."""
        return self.ok

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: ``{"ok", "reason" (the value or None), "move", "message"}``."""
        return {
            "ok": self.ok,
            "reason": None if self.reason is None else str(self.reason),
            "move": self.move,
            "message": self.message,
        }

"""The reference's errors: what the core raises, by the same names and reasons."""

from __future__ import annotations


class MartianFenError(ValueError):
    """A position text the rules refuse; `field` names the part that is wrong (fields, players,
    board, turn, scores, no_rejection)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class InvalidMoveError(ValueError):
    """Text that is no move: not from-to with two square names."""


class IllegalMoveError(ValueError):
    """A move the position refuses; `reason` names the rule (moves.refusal's names, or game_over)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason

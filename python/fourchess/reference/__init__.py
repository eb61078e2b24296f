"""fourchess.reference: four-player chess rules (docs/rules.md) in plain Python, for checking the core.

Standard library only; nothing here imports the C++ core or the rest of fourchess.
"""

from .board import Board
from .errors import Fen4Error, IllegalMoveError, InvalidMoveError
from .move import Move
from .outcome import GameEvent, Outcome, Team, Termination
from .rules import Rules

__all__ = [
    "Board",
    "Move",
    "Rules",
    "Termination",
    "Team",
    "Outcome",
    "GameEvent",
    "Fen4Error",
    "IllegalMoveError",
    "InvalidMoveError",
]

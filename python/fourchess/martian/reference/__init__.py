"""fourchess.martian.reference: Martian Chess (docs/martian.md) in plain Python, for checking the
core. Standard library only; nothing here imports the C++ core or the rest of fourchess."""

from .errors import IllegalMoveError, InvalidMoveError, MartianFenError
from .game import START, Game, Outcome, move_text
from .perft import perft, perft_from

__all__ = [
    "Game",
    "Outcome",
    "START",
    "move_text",
    "perft",
    "perft_from",
    "MartianFenError",
    "IllegalMoveError",
    "InvalidMoveError",
]

"""fourchess: four-player chess (chess.com 4PC rules, Teams and Free-for-All).

A C++ core does the rules and perft; this package is its Pythonic face, in the python-chess
tradition: a :class:`Board` is a game, ``MODERN_START_FEN4`` and ``CLASSIC_START_FEN4`` are the
FEN4 of the two start positions, and ``SQUARES`` the indices of the 160 board squares in
ascending order. The rules once more in plain Python live in :mod:`fourchess.reference`.
"""

import fourchess._names  # noqa: F401  (first: Seat, PieceType, Termination print as names)
from fourchess._version import installed_version as _installed_version

__version__: str = _installed_version()

from fourchess import _serial
from fourchess._core import (
    SQUARES,
    AmbiguousMoveError,
    Fen4Error,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    PieceType,
    PositionEditError,
    Seat,
    Termination,
    parse_square,
    square_name,
)
from fourchess.board import CLASSIC_START_FEN4, MODERN_START_FEN4, Board, LegalMoveView
from fourchess.outcome import GameEvent, Outcome, Team
from fourchess.rules import Rules
from fourchess.stateless import apply, check_move, legal_moves, status, validate_fen4
from fourchess.verdict import Refusal, Verdict

# Move is a C++ class; its plain-data methods (Move.to_dict, Move.from_dict) are Python, so that
# reading a move checks each field with the same typed errors as the other from_dicts.
_serial.add_move_methods(Move)

__all__ = [
    "AmbiguousMoveError",
    "Board",
    "CLASSIC_START_FEN4",
    "Fen4Error",
    "GameEvent",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveView",
    "MODERN_START_FEN4",
    "Move",
    "Outcome",
    "Piece",
    "PieceType",
    "PositionEditError",
    "Refusal",
    "Rules",
    "SQUARES",
    "Seat",
    "Team",
    "Termination",
    "Verdict",
    "apply",
    "check_move",
    "legal_moves",
    "parse_square",
    "square_name",
    "status",
    "validate_fen4",
]

"""fourchess: four-player chess (chess.com 4PC rules, Teams and Free-for-All).

A C++ core does the rules and perft; this package is its Pythonic face, in the python-chess
tradition. The rules once more in plain Python live in :mod:`fourchess.reference`.
"""

import fourchess._names  # noqa: F401  (first: Seat, PieceType, Termination print as names)
import fourchess._move_json  # noqa: F401  (Move.to_dict, Move.from_dict)
from fourchess._core import (
    AmbiguousMoveError,
    Fen4Error,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    PieceType,
    Seat,
    Termination,
    parse_square,
    square_name,
)
from fourchess.board import CLASSIC_START_FEN4, MODERN_START_FEN4, Board, LegalMoveView
from fourchess.outcome import GameEvent, Outcome, Team
from fourchess.rules import GameSettings, Rules
from fourchess.stateless import apply, check_move, legal_moves, status, validate_fen4
from fourchess.verdict import Refusal, Verdict

__all__ = [
    "AmbiguousMoveError",
    "Board",
    "CLASSIC_START_FEN4",
    "Fen4Error",
    "GameEvent",
    "GameSettings",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveView",
    "MODERN_START_FEN4",
    "Move",
    "Outcome",
    "Piece",
    "PieceType",
    "Refusal",
    "Rules",
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

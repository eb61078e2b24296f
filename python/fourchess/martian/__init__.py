"""fourchess.martian: Martian Chess (docs/martian.md), the second game, for two and four players.

A :class:`Board` is a game whose moves are :class:`Move` s (``'c3-d4'``); pieces belong to whoever's
zone they stand in, and the game is won on points. ``START_2`` and ``START_4`` are the position
texts of the two starts. The C++ core does the rules and perft; the same rules in plain Python are
in ``fourchess.martian.reference``, which the tests hold the core against. ``legal_moves``,
``apply``, ``status``, ``check_move`` and ``validate_mfen`` are the stateless calls for servers
(``fourchess.martian.stateless``). ``fourchess.martian.svg`` draws a board as an SVG picture
(imported on first use; a :class:`Board` shows itself so in Jupyter).
"""

from fourchess._martian import IllegalMoveError, InvalidMoveError, MartianFenError
from fourchess.martian.board import START_2, START_4, Board, LegalMoves, PieceType
from fourchess.martian.moves import Move, board_squares, parse_square, square_name
from fourchess.martian.outcome import Outcome, Termination
from fourchess.martian.record import MartianRecordError, read_record, write_record
from fourchess.martian.rules import MartianRules
from fourchess.martian.search import MartianEngine, SearchResult, search
from fourchess.martian.stateless import (
    MartianRefusal,
    apply,
    check_move,
    legal_moves,
    status,
    validate_mfen,
)

__all__ = [
    "Board",
    "MartianEngine",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoves",
    "MartianRefusal",
    "MartianFenError",
    "MartianRecordError",
    "MartianRules",
    "Move",
    "Outcome",
    "PieceType",
    "START_2",
    "START_4",
    "SearchResult",
    "Termination",
    "apply",
    "board_squares",
    "check_move",
    "legal_moves",
    "parse_square",
    "read_record",
    "search",
    "square_name",
    "status",
    "validate_mfen",
    "write_record",
]

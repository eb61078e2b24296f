"""Standard chess on the site, entirely through the ecosystem's libraries: python-chess for the
rules, SAN, PGN and the picture, and Stockfish (Debian's ``stockfish`` package, driven through
``chess.engine``) as the CPU player at a Skill Level the game sets.

Moves are stored in UCI (``e2e4``) and shown in SAN. A threefold repetition or fifty moves without
a capture or pawn move end the game as a draw at once (no claim needed), as most sites do. A
resignation or a timeout ends the game for the other side, except that a timeout against a side
that cannot mate (insufficient material) is a draw.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass
from typing import Any

import chess
import chess.engine
import chess.pgn
import chess.svg

from fourchess._quote import quoted
from fourchess.server.games import leaves
from fourchess.server.games.base import Choice, CpuEngine, GameKind, MoveRefused, Step
from fourchess.server.store.base import StepKind

SEAT_NAMES = ("WHITE", "BLACK")
STOCKFISH_ENV = "FOURCHESS_STOCKFISH"  # the Stockfish program to run, when not found on PATH
STOCKFISH_PLACES = ("stockfish", "/usr/games/stockfish")  # PATH first, then where Debian puts it
STOCKFISH_HASH_MB = 16
MAX_SKILL = 20  # Stockfish's Skill Level runs 0..20; 20 is its full strength
INSTALL_HINT = "the chess CPU is Stockfish: install it (Debian: apt install stockfish) and restart the server"
TERMINATIONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
    chess.Termination.SEVENTYFIVE_MOVES: "the seventy-five-move rule",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold repetition",
    chess.Termination.FIFTY_MOVES: "the fifty-move rule",
    chess.Termination.THREEFOLD_REPETITION: "threefold repetition",
}
_SQUARE_RECT = re.compile(r'class="square (?:light|dark) ([a-h][1-8])[^"]*"')


@dataclass(frozen=True)
class ChessVariant:
    """Standard chess has nothing to choose: the laws are the laws."""


class ChessPlay(leaves.EndedByLeave):
    """A game on a python-chess Board."""

    seat_count = 2
    names = SEAT_NAMES
    no_claim = "chess has no claiming the win (a draw by repetition or fifty moves comes by itself)"

    def __init__(self) -> None:
        super().__init__()
        self.board = chess.Board()

    def turn(self) -> int | None:
        return None if self.is_over() else _seat(self.board.turn)

    def choices(self) -> list[Choice]:
        if self.is_over():
            return []
        return [
            Choice(
                move.uci(),
                chess.square_name(move.from_square),
                chess.square_name(move.to_square),
                None if move.promotion is None else chess.piece_symbol(move.promotion).upper(),
            )
            for move in self.board.legal_moves
        ]

    def move(self, seat: int, text: str) -> Step:
        board = self.board
        move = _read_move(board, text)
        shown = board.san(move)
        board.push(move)
        return Step(move.uci(), shown)

    def undo_move(self) -> None:
        self.board.pop()

    def rules_ended(self) -> bool:
        return self.board.outcome(claim_draw=True) is not None

    def _winner(self) -> tuple[bool | None, str] | None:
        """(the winning colour or None for a draw, how) once over."""
        if self.left is not None:
            kind, seat = self.left
            other = not _colour(seat)
            if kind is StepKind.TIMEOUT and self.board.has_insufficient_material(other):
                return None, "timeout against insufficient material"
            return other, "resignation" if kind is StepKind.RESIGN else "timeout"
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return None
        return outcome.winner, TERMINATIONS.get(outcome.termination, outcome.termination.name.lower())

    def outcome(self) -> dict[str, Any] | None:
        over = self._winner()
        if over is None:
            return None
        winner, how = over
        return {"termination": how, "winner": None if winner is None else SEAT_NAMES[_seat(winner)]}

    def result(self, names: tuple[str, ...]) -> str | None:
        over = self._winner()
        if over is None:
            return None
        return {True: "1-0", False: "0-1", None: "1/2-1/2"}[over[0]]

    def ending(self, names: tuple[str, ...]) -> str | None:
        over = self._winner()
        if over is None:
            return None
        winner, how = over
        result = self.result(names)
        if winner is None:
            return f"A draw by {how} ({result})"
        seat = _seat(winner)
        return f"{SEAT_NAMES[seat].title()} ({names[seat]}) wins by {how} ({result})"

    def record(self, names: tuple[str, ...], created_at: float, aborted: str | None) -> str:
        game = chess.pgn.Game.from_board(self.board)
        game.headers["Event"] = "Casual game"
        game.headers["Site"] = "fourchess serve"
        game.headers["Date"] = time.strftime("%Y.%m.%d", time.gmtime(created_at))
        game.headers["White"], game.headers["Black"] = names[0], names[1]
        game.headers["Result"] = "*" if aborted is not None else self.result(names) or "*"
        if aborted is not None:
            game.headers["Termination"] = aborted
        elif self.left is not None:
            game.headers["Termination"] = "time forfeit" if self.left[0] is StepKind.TIMEOUT else "abandoned"
        return str(game) + "\n"

    def picture(self, orientation: int) -> str:
        board = self.board
        picture = chess.svg.board(
            board,
            orientation=_colour(orientation),
            lastmove=board.peek() if board.move_stack else None,
            check=board.king(board.turn) if board.is_check() else None,
        )
        # the page finds a square by its rect's data-square; the pieces above must let clicks through
        picture = _SQUARE_RECT.sub(lambda found: f'{found[0]} data-square="{found[1]}"', picture)
        return picture.replace("<use ", '<use pointer-events="none" ')

    def has_square(self, name: str) -> bool:
        return name in chess.SQUARE_NAMES

    def view(self) -> dict[str, Any]:
        board = self.board
        return {
            "fen": board.fen(),
            "in_check": [SEAT_NAMES[_seat(board.turn)]] if board.is_check() else [],
            "points": {},
            "eliminated": [],
            "pieces": {chess.square_name(square): piece.symbol() for square, piece in board.piece_map().items()},
            "owners": {
                chess.square_name(square): SEAT_NAMES[_seat(piece.color)] for square, piece in board.piece_map().items()
            },
        }

    def for_cpu(self) -> object:
        return self.board.copy()


def _seat(colour: bool) -> int:
    return 0 if colour == chess.WHITE else 1


def _colour(seat: int) -> bool:
    return chess.WHITE if seat == 0 else chess.BLACK


def _read_move(board: chess.Board, text: str) -> chess.Move:
    """``text`` as a legal move of ``board``: UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O)."""
    try:
        move = chess.Move.from_uci(text)
    except ValueError:
        move = None
    if move is not None:
        if board.is_legal(move):
            return move
        raise MoveRefused(f"{quoted(text)} is not a legal move here", "illegal_move")
    try:
        return board.parse_san(text)
    except chess.IllegalMoveError:
        raise MoveRefused(f"{quoted(text)} is not a legal move here", "illegal_move") from None
    except chess.AmbiguousMoveError:
        raise MoveRefused(
            f"{quoted(text)} could be more than one move: name the file or rank", "ambiguous_move"
        ) from None
    except ValueError:
        raise MoveRefused(
            f"{quoted(text)} is not a move: write UCI like e2e4 or SAN like Nf3", "invalid_move"
        ) from None


def stockfish_path() -> str | None:
    """Where Stockfish is: $FOURCHESS_STOCKFISH when set, else on PATH, else Debian's /usr/games."""
    given = os.environ.get(STOCKFISH_ENV)
    if given:
        return shutil.which(given)
    for place in STOCKFISH_PLACES:
        found = shutil.which(place)
        if found is not None:
            return found
    return None


class StockfishCpu(CpuEngine):
    """One Stockfish process for one worker thread, started on its first move."""

    def __init__(self) -> None:
        self.engine: chess.engine.SimpleEngine | None = None
        self.skill: int | None = None

    def choose(self, position: object, seconds: float, skill: int | None) -> str:
        assert isinstance(position, chess.Board)
        if self.engine is None:
            path = stockfish_path()
            if path is None:
                raise RuntimeError(INSTALL_HINT)
            self.engine = chess.engine.SimpleEngine.popen_uci(path)
            self.engine.configure({"Hash": STOCKFISH_HASH_MB, "Threads": 1})
        level = MAX_SKILL if skill is None else skill
        if level != self.skill:
            self.engine.configure({"Skill Level": level})
            self.skill = level
        played = self.engine.play(position, chess.engine.Limit(time=seconds))
        if played.move is None:
            raise RuntimeError("Stockfish gave no move for a position that has one")
        return played.move.uci()

    def close(self) -> None:
        if self.engine is not None:
            try:
                self.engine.quit()
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
                self.engine.close()
            self.engine = None


class StandardChess(GameKind):
    """Standard chess as the site offers it: python-chess's rules, Stockfish as the CPU."""

    name = "chess"
    title = "Chess"
    record_name = "PGN"
    record_suffix = "pgn"
    rules_type = ChessVariant

    def rule_fields(self) -> frozenset[str]:
        return frozenset()

    def rules_from(self, data: dict[str, Any]) -> ChessVariant:
        return ChessVariant()

    def rules_data(self, rules: ChessVariant) -> dict[str, Any]:
        return {}

    def seat_names(self, rules: ChessVariant) -> tuple[str, ...]:
        return SEAT_NAMES

    def seat_colors(self, rules: ChessVariant) -> dict[str, str]:
        return {"WHITE": "#f4f1e8", "BLACK": "#2f2f2f"}

    def piece_names(self, rules: ChessVariant) -> dict[str, str]:
        return {letter: chess.piece_name(chess.Piece.from_symbol(letter).piece_type) for letter in "PNBRQKpnbrqk"}

    def start(self, rules: ChessVariant) -> ChessPlay:
        return ChessPlay()

    def cpu_missing(self) -> str | None:
        return None if stockfish_path() is not None else INSTALL_HINT

    def new_cpu(self) -> StockfishCpu:
        return StockfishCpu()

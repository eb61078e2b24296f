"""The Board: a four-player chess game in progress, backed by the C++ core."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fourchess import _core
from fourchess._core import Move, Seat, Termination

MODERN_START_FEN4: str = _core.MODERN_START_FEN4
CLASSIC_START_FEN4: str = _core.CLASSIC_START_FEN4

_MODES = ("teams", "ffa")
_SETUPS = {"modern": MODERN_START_FEN4, "classic": CLASSIC_START_FEN4}


class LegalMoveView:
    """The legal moves of a board, computed when asked (python-chess's ``legal_moves``).

    Iterating generates the moves; ``in`` tests one move; ``len`` counts; ``bool`` stops at the
    first legal move.
    """

    __slots__ = ("_board",)

    def __init__(self, board: Board) -> None:
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        return iter(self._board._legal_moves())

    def __len__(self) -> int:
        return self._board._legal_move_count()

    def count(self) -> int:
        return self._board._legal_move_count()

    def __bool__(self) -> bool:
        return self._board._has_legal_move()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._board.is_legal(move)

    def __repr__(self) -> str:
        return f"<LegalMoveView ({', '.join(str(m) for m in self)})>"


class Board(_core.Board):
    """A four-player chess game: a position plus the moves that led to it.

    ``Board()`` is the modern start of Teams; ``Board(mode="ffa")`` the FFA start;
    ``Board(setup="classic")`` the classic (4PCo) start; ``Board(fen4)`` any FEN4 position.

    >>> board = Board()
    >>> board.turn
    <Seat.RED: 0>
    >>> len(board.legal_moves)
    20
    >>> board.push_move("h2-h4")
    Move.from_str('h2-h4')
    >>> board.turn
    <Seat.BLUE: 1>
    >>> board.pop()
    Move.from_str('h2-h4')
    """

    def __init__(self, fen4: str | None = None, *, mode: str = "teams", setup: str = "modern") -> None:
        # If this raises, the half-built object refuses every later call (TypeError).
        super().__init__(_starting_fen4(fen4, mode, setup), mode == "ffa")

    @property
    def mode(self) -> str:
        """``"teams"`` or ``"ffa"``."""
        return "ffa" if self.is_ffa else "teams"

    @property
    def legal_moves(self) -> LegalMoveView:
        """The legal moves of the side to move (empty when the game is over)."""
        return LegalMoveView(self)

    def is_check(self, seat: int | None = None) -> bool:  # type: ignore[override]
        """Is the seat's king (default: the side to move's) attacked by a live opponent piece?"""
        return super().is_check(self.turn if seat is None else seat)

    def is_checkmate(self) -> bool:
        """The side to move is in check and has no legal move."""
        return self.termination() is Termination.CHECKMATE

    def is_stalemate(self) -> bool:
        """The side to move is not in check and has no legal move."""
        return self.termination() is Termination.STALEMATE

    def is_game_over(self) -> bool:
        return self.termination() is not None

    @property
    def winner(self) -> frozenset[Seat] | None:
        """Teams: the two winning seats; FFA: the seats with the most points; None while the game
        goes on and for a Teams draw."""
        if self.termination() is None:
            return None
        return self.winners() or None

    def push_san(self, text: str) -> Move:
        """Alias of :meth:`push_move` for python-chess users (accepts every RULES.md §10 form)."""
        return self.push_move(text)

    def copy(self, *, stack: bool = True) -> Board:
        """A copy of the game; with ``stack=False`` only the current position."""
        if not stack:
            return type(self)(self.fen4(), mode=self.mode)
        board = type(self).__new__(type(self))
        _core.Board.__init__(board, self)
        return board

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.root_fen4(), self.mode, [str(m) for m in self.move_stack]))

    def perft(self, depth: int, threads: int = 1, *, bulk: bool = True) -> int:  # type: ignore[override]
        """Leaf nodes of the legal move tree ``depth`` plies deep (RULES.md §9).

        With ``bulk=False`` every leaf move is also made and unmade (the cost a search pays);
        the count is the same.
        """
        return super().perft(depth, threads, bool(bulk))

    def perft_full(self, depth: int) -> int:  # type: ignore[override]
        """Alias of ``perft(depth, bulk=False)``."""
        return self.perft(depth, bulk=False)

    def divide(self, depth: int) -> dict[Move, int]:  # type: ignore[override]
        """Perft of ``depth`` split by root move."""
        return dict(super().divide(depth))

    def __repr__(self) -> str:
        return f"Board({self.fen4()!r}, mode={self.mode!r})"

    def __str__(self) -> str:
        """A text diagram of the cross-shaped board, Red at the bottom."""
        rows = []
        for rank in range(13, -1, -1):
            cells = []
            for file in range(14):
                if (file < 3 or file > 10) and (rank < 3 or rank > 10):
                    cells.append("  ")
                    continue
                piece = self.piece_at(rank * 14 + file)
                cells.append(piece.symbol() if piece is not None else " .")
            rows.append(f"{rank + 1:>2} " + " ".join(cells).rstrip())
        rows.append("   " + " ".join(f" {chr(ord('a') + f)}" for f in range(14)))
        return "\n".join(rows)


def _starting_fen4(fen4: str | None, mode: str, setup: str) -> str:
    if mode not in _MODES:
        raise ValueError(f"mode must be 'teams' or 'ffa', got {mode!r}")
    if setup not in _SETUPS:
        raise ValueError(f"setup must be 'modern' or 'classic', got {setup!r}")
    if fen4 is None:
        return _SETUPS[setup]
    if not isinstance(fen4, str):
        raise TypeError(f"fen4 must be a str, got {type(fen4).__name__}")
    if setup != "modern":
        raise ValueError("give either a fen4 or a setup, not both")
    return fen4


def _restore(cls: type[Board], root_fen4: str, mode: str, moves: list[str]) -> Board:
    board = cls(root_fen4, mode=mode)
    for text in moves:
        board.push_move(text)
    return board

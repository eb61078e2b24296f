"""The Board: a four-player chess game in progress, backed by the C++ core."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from fourchess import _core
from fourchess._core import Fen4Error, Move, Seat
from fourchess._quote import quoted
from fourchess._serial import game_dict, game_fields
from fourchess.outcome import SEAT_TITLES, GameEvent, Outcome, ffa_outcome, result_text, teams_outcome
from fourchess.rules import START_FEN4, Rules, resolve_rules

MODERN_START_FEN4: str = _core.MODERN_START_FEN4
CLASSIC_START_FEN4: str = _core.CLASSIC_START_FEN4

# The 14 ranks of an empty board, top (rank 14) first: corners 'x', real squares run lengths.
_EMPTY_RANKS = "/".join("x,x,x,8,x,x,x" if rank < 3 or rank > 10 else "14" for rank in range(13, -1, -1))

_Board = TypeVar("_Board", bound="Board")


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
        """The number of legal moves (python-chess's ``legal_moves.count()``; the same as ``len``)."""
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

    A Board has no lock. Threads that share one should take their own: without it, a reader may
    see a stale position or a push may be refused, but no call reads freed or half-written
    memory (``perft`` and ``divide`` count a copy of the position taken when they were called).

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

    def __init__(
        self, fen4: str | None = None, *, mode: str | None = None, setup: str | None = None, rules: Rules | None = None
    ) -> None:
        """``mode`` (``"teams"``, the default, or ``"ffa"``, in any case) and ``setup`` (``"modern"``
        or ``"classic"``) may be given with ``rules`` only when they agree with it."""
        rules = resolve_rules(mode, setup, rules)
        if fen4 is None:
            fen4 = START_FEN4[rules.setup]
        elif not isinstance(fen4, str):
            raise TypeError(f"fen4 must be a str, got {type(fen4).__name__}")
        elif setup not in (None, "modern"):
            raise ValueError("give either a fen4 or a setup, not both")
        # If this raises, the half-built object refuses every later call (TypeError).
        super().__init__(fen4, rules)

    @classmethod
    def empty(
        cls: type[_Board], *, mode: str | None = None, rules: Rules | None = None, turn: int = Seat.RED
    ) -> _Board:
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
        return cls(fen4, mode=mode, rules=rules)

    # --- moves and steps as Python objects: the legal-move view, GameEvents ----------------------

    @property
    def legal_moves(self) -> LegalMoveView:
        """The legal moves of the side to move (empty when the game is over)."""
        return LegalMoveView(self)

    def pop(self) -> Move | GameEvent:
        """Takes back the last step: returns the Move, or the :class:`GameEvent` (resignation,
        timeout, claim) that was undone."""
        return _step(self._pop())

    def peek(self) -> Move | GameEvent:
        """The last step, without taking it back."""
        return _step(self._peek())

    @property
    def history(self) -> list[Move | GameEvent]:
        """Every step since the root: moves and events, in order."""
        return [_step(entry) for entry in self._history()]

    def push_step(self, text: str) -> Move | GameEvent:
        """Plays one step written as text: a move in any form :meth:`push_move` reads, or
        ``"resign:R"``, ``"timeout:B"``, ``"claim:Y"`` (the seat letter R, B, Y or G; any case).
        Returns the Move or the :class:`GameEvent`; a step the rules refuse raises
        IllegalMoveError saying which rule, and changes nothing."""
        self._push_step(text)
        return self.peek()

    def random_walking_king_move(self, rng: random.Random) -> Move | None:
        """A uniformly random legal move when the side to move is a walking king (docs/rules.md §7:
        CPU players move it at random), else ``None``. The moves are sorted by (from, to) first, so
        the same ``rng`` state picks the same move as the reference."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
        if self.turn not in self.walking_kings:
            return None
        moves = sorted(self._legal_moves(), key=lambda move: (move.from_square, move.to_square))
        return rng.choice(moves) if moves else None

    # --- how the game ended -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        termination = self.termination()
        if termination is None:
            return None
        if self.is_ffa:
            return ffa_outcome(termination, self.points)
        return teams_outcome(termination, self.winners(), self.points)

    def result(self, names: Sequence[str] = SEAT_TITLES) -> str:
        """The PGN4 ``Result`` text (``names``: the players in seat order, for FFA)."""
        if len(names) != 4:
            raise ValueError(f"names needs one name per seat (4), got {len(names)}")
        return result_text(self.outcome(), self.is_ffa, tuple(names))

    # --- the game as plain data (see fourchess.stateless), copies and pickling ---------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data, ``json.dumps``-able: ``{"root_fen4", "rules": {every
        Rules field}, "steps": step_texts(), "fen4": the current position (for readers; ignored by
        from_dict)}``."""
        return game_dict(self.root_fen4(), self.rules, self.step_texts(), self.fen4())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        """The game :meth:`to_dict` wrote, every step replayed. TypeError or ValueError (Fen4Error,
        IllegalMoveError, ...) naming the bad field, or the index of the bad step."""
        root_fen4, rules, steps = game_fields(data)
        try:
            board = cls(root_fen4, rules=rules)
        except Fen4Error as error:
            raise Fen4Error(f"Board.from_dict: field 'root_fen4': {error}") from None
        board._push_steps(steps, "steps")  # errors name the entry: "steps[3]: illegal move ..."
        return board

    def copy(self, *, stack: bool = True) -> Board:
        """A copy of the game; with ``stack=False`` only the current position."""
        if not stack:
            return type(self)(self.fen4(), rules=self.rules)
        board = _new_board(type(self))
        _init_board(board, self)  # the copy constructor, first among the overloads
        return board

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        steps = [str(step) if isinstance(step, Move) else (step.kind, int(step.seat)) for step in self.history]
        return (_restore, (type(self), self.root_fen4(), self.rules, steps))

    # --- core verbs whose public name is a typed Python function (tests/habits/test_documentation.py
    # asks for their signatures, which a pybind11 method cannot show): each calls the binding's
    # private counterpart and is documented here only -----------------------------------------------

    def can_claim_win(self, seat: int | None = None) -> bool:
        """May ``seat`` (default: the side to move) claim the win now (docs/rules.md §7)? Only in FFA,
        in a game still going, with exactly two active seats and ``seat`` leading by 21 or more
        points (with ``points_lead_ends_game`` such a lead already ended the game). The 4PC
        counterpart of python-chess's ``can_claim_draw``: repetition and the fifty-move rule end a
        4PC game by themselves, nobody claims them."""
        return self._can_claim_win(seat)

    def divide(self, depth: int, threads: int = 1) -> dict[Move, int]:
        """Perft of ``depth`` split by root move: ``{move: leaf count}`` in generation order, the
        counts adding up to ``perft(depth)``. ``threads`` splits the work as :meth:`perft` does."""
        return dict(self._divide(depth, threads))

    def divide_each(self, depth: int, threads: int = 1) -> Iterator[tuple[Move, int]]:
        """:meth:`divide`'s pairs one root move at a time, each as soon as it is counted (the same
        counts, in the same order): for reporting progress on a long count. The board must not
        change while the pairs are being taken."""
        roots = [move for move, _ in self._divide(1, threads)]  # in generation order; checks threads
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            yield from self._divide(depth, threads)  # divide's answer: nothing, or its error
            return
        for move in roots:
            yield from self._divide(depth, threads, move)

    def push_unchecked(self, move: Move) -> None:
        """Plays a pseudo-legal move without testing whether it leaves the mover's own king attacked.

        Checked, else IllegalMoveError and the board unchanged: the game is not over; the piece on
        the from square belongs to the side to move and may move so (steps and lines with their
        blockers, pawn pushes, double pushes from home, captures of pieces it may take, a king
        included, en passant); a promotion piece is named exactly when a pawn reaches its line
        (Teams Q R B N; FFA the 1-point queen, which ``=Q`` also names); castling only when it is
        legal in full.

        Not checked: whether the mover's own king is left in check. The position then says so
        (``is_check(seat)``), and the next seats may take that king. python-chess's ``push`` checks
        nothing at all; here only this one test is skipped.

        No Move object, legal or not, can make the core read or write out of bounds or leave the
        position inconsistent: a Move holds only real squares (its constructor refuses others, and
        one made by ``Move.__new__`` alone is refused), it is matched against the movement rules of
        this position before anything changes, and :meth:`pop` restores the position bit for bit.
        """
        self._push_unchecked(move)

    # --- python-chess's names for verbs the core binds under 4PC's ---------------------------------
    # Functions rather than one-line assignments: a pybind11 method has no typed signature to show.

    def san(self, move: Move) -> str:
        """python-chess's name for :meth:`move_text`: the PGN4 token of a legal move."""
        return self.move_text(move)

    def parse_san(self, text: str) -> Move:
        """python-chess's name for :meth:`parse_move` (every docs/rules.md §10 form, the PGN4 token included)."""
        return self.parse_move(text)

    def push_san(self, text: str) -> Move:
        """python-chess's name for :meth:`push_move` (every docs/rules.md §10 form, the PGN4 token included)."""
        return self.push_move(text)

    def king(self, seat: int) -> int | None:
        """python-chess's ``king(color)``: :meth:`king_square`, the square of the seat's live king or ``None``."""
        return self.king_square(seat)

    def uci(self, move: Move) -> str:
        """The engine form of ``move`` (``"h2-h3"``, ``"h10-h11=Q"``, castling ``"h1-j1"``), as
        :meth:`Move.uci`: the UCI dialect needs no board to write a move (docs/uci.md), so, as in
        python-chess, legality is not checked."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a fourchess.Move, got {type(move).__name__}")
        return move.uci()

    # --- comparison and pictures ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Same game state: the rules, the position (everything its FEN4 holds: placement, turn,
        castling, en passant, points, ply clock, seat states), an ending already recorded, the
        ``fullmove_number`` and, under a move limit, the moves played. As in python-chess the move
        stack is not compared: two games that reach one position by different moves are equal
        (though their repetition counts may differ). Boards are mutable, so they are unhashable;
        :meth:`zobrist_hash` is the key for a position."""
        if not isinstance(other, _core.Board):
            return NotImplemented
        return self._same_state(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        rules = self.rules
        if rules == Rules(mode=rules.mode):
            return f"Board({self.fen4()!r}, mode={self.mode!r})"
        return f"Board({self.fen4()!r}, rules={rules!r})"

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

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter: Red at the bottom, each seat's last move
        highlighted (see :func:`fourchess.svg.board`)."""
        from fourchess import svg  # on first use: plain engine users never load the drawing code

        return svg.board(self, lastmove=svg.last_move_per_seat(self), size=480)


def _step(entry: Move | tuple[Any, ...]) -> Move | GameEvent:
    if isinstance(entry, Move):  # _pop hands back a move on its own
        return entry
    kind, seat, move = entry[0], entry[1], entry[2]
    return move if kind == "move" else GameEvent(kind, seat)


_new_board = _core.Board.__new__
_init_board = _core.Board.__init__

_EVENTS = {"resign": "resign", "timeout": "timeout", "claim": "claim_win"}


def _restore(cls: type[Board], root_fen4: str, rules: Rules, steps: list[Any]) -> Board:
    board = cls(root_fen4, rules=rules)
    for step in steps:
        if isinstance(step, str):
            board.push_move(step)
        else:
            kind, seat = step
            getattr(board, _EVENTS[kind])(seat)
    return board

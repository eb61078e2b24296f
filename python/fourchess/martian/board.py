"""The Martian Chess board: a game of two or four players with its history, in the python-chess
style of :class:`fourchess.Board` (docs/martian.md). ``START_2`` and ``START_4`` are the starts'
position texts; perft goes at most ``MAX_PERFT_DEPTH`` moves deep."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any

from fourchess import _martian
from fourchess._quote import quoted
from fourchess.martian.moves import Move, _square, core_text
from fourchess.martian.outcome import Outcome, Termination
from fourchess.martian.rules import MartianRules

START_2: str = _martian.START_2
START_4: str = _martian.START_4
MAX_PERFT_DEPTH = 20


class PieceType(enum.IntEnum):
    """A piece's kind; its value in points is its number (docs/martian.md §2)."""

    PAWN = 1
    DRONE = 2
    QUEEN = 3

    @property
    def symbol(self) -> str:
        """'P', 'D' or 'Q', as position texts write it."""
        return "PDQ"[self - 1]


class LegalMoves:
    """The legal moves of a board now, computed when asked (none once the game has ended)."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def _moves(self) -> list[Move]:
        return [Move(a, b) for a, b in self._board._legal_moves()]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __len__(self) -> int:
        return len(self._board._legal_moves())

    def __bool__(self) -> bool:
        return bool(self._board._legal_moves())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and (move.from_square, move.to_square) in self._board._legal_moves()

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(map(str, self))})>"


class Board(_martian.Board):
    """A Martian Chess game: ``Board()`` is the two-player start, ``Board(players=4)`` the
    four-player one, ``Board(mfen)`` a position text (its history starts there).

    >>> board = Board()
    >>> len(board.legal_moves)
    10
    >>> board.push_move("d3-d5")
    Move.from_str('d3-d5')
    >>> board.mfen()
    '2 QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 1 0,0 d3-d5'
    """

    def __init__(self, mfen: str | None = None, *, players: int | None = None, rules: MartianRules | None = None):
        if rules is None:
            rules = MartianRules()
        if not isinstance(rules, MartianRules):
            raise TypeError(f"rules must be a MartianRules, got {type(rules).__name__}")
        if players is not None and (isinstance(players, bool) or players not in (2, 4)):
            raise ValueError(f"players must be 2 or 4, got {quoted(players)}")
        if mfen is None:
            mfen = START_4 if players == 4 else START_2
        elif not isinstance(mfen, str):
            raise TypeError(f"mfen must be a str, got {type(mfen).__name__}")
        super().__init__(core_text(mfen), rules.move_limit or 0, rules.teams)
        if players is not None and players != self.players:
            raise ValueError(f"players={players} but the position text is of a {self.players}-player game")
        self.rules = rules
        self._root = self.mfen()

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves now, in square order (none once the game has ended)."""
        return LegalMoves(self)

    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the start, first move first."""
        return [Move(a, b) for a, b in self._moves()]

    def root_mfen(self) -> str:
        """The position text the game started from."""
        return self._root

    def push(self, move: Move) -> None:
        """Plays a legal move; IllegalMoveError naming the rule otherwise, the board unchanged."""
        if not isinstance(move, Move):
            raise TypeError(f"push takes a fourchess.martian.Move, got {type(move).__name__}")
        self._push(move.from_square, move.to_square)

    def push_move(self, text: str) -> Move:
        """Reads ``'c3-d4'`` (or ``'c3d4'``), plays it and returns it."""
        move = Move.from_str(text)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Takes back the last move and returns it; IndexError when there is none."""
        return Move(*self._pop())

    def peek(self) -> Move:
        """The last move; IndexError when there is none."""
        moves = self._moves()
        if not moves:
            raise IndexError("peek at an empty move stack")
        return Move(*moves[-1])

    def refusal(self, move: Move) -> str | None:
        """The rule that refuses ``move`` now (docs/martian.md §6, decision 8), or None if legal."""
        if not isinstance(move, Move):
            raise TypeError(f"refusal takes a fourchess.martian.Move, got {type(move).__name__}")
        reason: str = self._refusal(move.from_square, move.to_square)
        return None if reason == "ok" else reason

    def is_legal(self, move: Move) -> bool:
        """Does the position allow ``move`` now?"""
        return self.refusal(move) is None

    def piece_at(self, square: int) -> PieceType | None:
        """The piece on ``square`` (0..63), or None; a square off a two-player board holds none."""
        kind = self._kind_at(_square(square, "square"))
        return PieceType(kind) if kind else None

    def zone_owner(self, square: int) -> int | None:
        """The seat whose zone holds ``square`` and so controls its piece; None off the board."""
        square = _square(square, "square")
        return _martian.zone_owner(self.players, square) if _martian.on_board(self.players, square) else None

    def is_game_over(self) -> bool:
        """Has the game ended (docs/martian.md §4)?"""
        return self.outcome() is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        termination, winners, places = self._outcome()
        if termination == "none":
            return None
        seats = range(self.players)
        return Outcome(
            Termination(termination),
            tuple(seat for seat in seats if winners >> seat & 1),
            tuple(places[seat] for seat in seats),
            tuple(self.scores),
        )

    def perft(self, depth: int, threads: int = 1) -> int:
        """The number of move sequences ``depth`` moves long from here, as if the game had no
        history (docs/martian.md §7)."""
        count: int = self._perft(_depth(depth), _threads(threads), True)
        return count

    def divide(self, depth: int, threads: int = 1) -> dict[Move, int]:
        """perft below each legal move, in move order."""
        return {Move(*pair): count for pair, count in self._divide(_depth(depth), _threads(threads))}

    def divide_each(self, depth: int, threads: int = 1) -> Iterator[tuple[Move, int]]:
        """:meth:`divide`'s pairs one root move at a time, each as soon as it is counted (the same
        counts, in the same order): for reporting progress on a long count. The board must not
        change while the pairs are being taken."""
        depth, threads = _depth(depth), _threads(threads)
        if depth < 1:
            return
        for pair, _ in self._divide(1, 1):  # the root moves, in generation order
            for counted, count in self._divide(depth, threads, pair):
                yield Move(*counted), count

    def copy(self) -> Board:
        """A new board with the same position, history and rules."""
        return Board.from_dict(self.to_dict())

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self.copy()

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data: the start text, the moves, the rules (read back by from_dict)."""
        return {
            "game": "martian",
            "start": self._root,
            "moves": [str(move) for move in self.move_stack],
            "rules": {"move_limit": self.rules.move_limit, "teams": self.rules.teams},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        """The game ``to_dict`` wrote; ValueError naming the field for anything else."""
        if not isinstance(data, dict) or data.get("game") != "martian":
            raise ValueError("Board.from_dict needs a dict with 'game': 'martian'")
        rules = data.get("rules", {})
        if not isinstance(rules, dict) or set(rules) - {"move_limit", "teams"}:
            raise ValueError(f"Board.from_dict: rules must be a dict of move_limit and teams, got {quoted(rules)}")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise ValueError(f"Board.from_dict: moves must be a list of move texts, got {quoted(moves)}")
        board = cls(data.get("start"), rules=MartianRules(**rules))
        for text in moves:
            board.push_move(text)
        return board

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_dict, (self.to_dict(),))

    def __eq__(self, other: object) -> bool:
        """Boards are equal when their position texts and rules are (not their histories)."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.mfen() == other.mfen() and self.rules == other.rules

    __hash__ = None  # type: ignore[assignment]  # a board changes

    def __repr__(self) -> str:
        return f"Board({self.mfen()!r})"

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter: seat 0 at the bottom, the last move
        highlighted (see :func:`fourchess.martian.svg.board`)."""
        from fourchess.martian import svg  # on first use: plain engine users never load the drawing code

        return svg.board(self, size=480)

    def __str__(self) -> str:
        """The board as text, rank 8 at the top, '.' for an empty square, canals as gaps."""
        files = 4 if self.players == 2 else 8
        lines = []
        for rank in range(7, -1, -1):
            cells = []
            for file in range(files):
                kind = self._kind_at(rank * 8 + file)
                cells.append(PieceType(kind).symbol if kind else ".")
                if file == 3 and files == 8:
                    cells.append("|")
            lines.append(" ".join(cells))
            if rank == 4:
                lines.append("-" * len(lines[-1]))
        return "\n".join(lines)


def _from_dict(data: dict[str, Any]) -> Board:
    return Board.from_dict(data)


def _depth(depth: object) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int, got {type(depth).__name__}")
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ValueError(f"depth must be 0..{MAX_PERFT_DEPTH}, got {quoted(depth)}")
    return depth


def _threads(threads: object) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, got {type(threads).__name__}")
    if not 1 <= threads <= 256:
        raise ValueError(f"threads must be 1..256, got {quoted(threads)}")
    return threads

"""Martian Chess for learning: observation planes, action indices and legal masks written by the
C++ core into NumPy arrays, as :mod:`fourchess.rl` has them for four-player chess (docs/rl.md).

The frame turns the board so that the mover's zone is where seat 0's is (half a turn of the
two-player board for North, a quarter turn per seat with four players). An action is a fixed
index for a queen-line step on the board of the game's player count (472 with two players,
1,456 with four): every move of every piece is one.

>>> from fourchess import martian
>>> board = martian.Board()
>>> planes(board).shape
(24, 8, 8)
>>> action = encode_move(board, martian.Move.from_str("d3-d5"))
>>> decode_action(board, action)
Move.from_str('d3-d5')
>>> int(legal_mask(board).sum()), action_count(2), action_count(4)
(10, 472, 1456)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fourchess import _martian
from fourchess._quote import quoted
from fourchess.martian.board import Board
from fourchess.martian.moves import Move
from fourchess.rl import _arguments as arguments
from fourchess.rl.encoding import IllegalActionError

np = arguments.np
_rl = _martian.rl

MAX_HISTORY: int = _rl.MAX_HISTORY


def action_count(players: int) -> int:
    """The number of actions of the game of ``players`` (2 or 4)."""
    return int(_rl.action_count(_players(players)))


def plane_count(history: int = 1) -> int:
    """Planes of an observation stacking ``history`` positions: 5 per position, 19 for the state.

    >>> plane_count(), plane_count(8)
    (24, 59)
    """
    return int(_rl.POSITION_PLANES) * arguments.history(history, MAX_HISTORY) + int(_rl.STATE_PLANES)


def plane_names(history: int = 1) -> tuple[str, ...]:
    """The name of every plane, in order (``"pawns"``, ``"zone next"``, ``"score self"``…)."""
    return tuple(_rl.plane_names(arguments.history(history, MAX_HISTORY)))


def planes(board: Board, *, seat: int | None = None, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observation of ``board`` for ``seat`` (default: the side to move), in that seat's
    frame: shape ``(plane_count(history), 8, 8)``; arguments as :func:`fourchess.rl.planes`."""
    arguments.check_board(board, _martian.Board, "fourchess.martian.Board")
    players = board.players
    if seat is not None:
        seat = arguments.integer(seat, "seat")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {quoted(seat)}")
    history, dtype = arguments.history(history, MAX_HISTORY), arguments.dtype_name(dtype)
    shape = (plane_count(history), 8, 8)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        arguments.check_out(out, shape, dtype)
    _rl.planes([board], players, history, -1 if seat is None else seat, out[np.newaxis])
    return out


def planes_batch(boards: Sequence[Board], *, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observations of many games of one player count, each in its mover's frame: shape
    ``(len(boards), plane_count(history), 8, 8)``, written with the GIL released."""
    boards, players = _boards(boards)
    history, dtype = arguments.history(history, MAX_HISTORY), arguments.dtype_name(dtype)
    shape = (len(boards), plane_count(history), 8, 8)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        arguments.check_out(out, shape, dtype)
    _rl.planes(boards, players, history, -1, out)
    return out


def legal_mask(board: Board, *, out: Any = None) -> Any:
    """``int8``, 1 at the index of every legal move now (all 0 once the game has ended)."""
    arguments.check_board(board, _martian.Board, "fourchess.martian.Board")
    shape = (action_count(board.players),)
    if out is None:
        out = np.empty(shape, np.int8)
    else:
        arguments.check_out(out, shape, "int8")
    _rl.legal_mask([board], board.players, out[np.newaxis])
    return out


def legal_mask_batch(boards: Sequence[Board], *, out: Any = None) -> Any:
    """The legal masks of many games of one player count, written with the GIL released."""
    boards, players = _boards(boards)
    shape = (len(boards), action_count(players))
    if out is None:
        out = np.empty(shape, np.int8)
    else:
        arguments.check_out(out, shape, "int8")
    _rl.legal_mask(boards, players, out)
    return out


def legal_actions(board: Board) -> list[int]:
    """The indices of the legal moves now, in increasing order."""
    arguments.check_board(board, _martian.Board, "fourchess.martian.Board")
    return sorted(_rl.legal_actions(board))


def encode_move(board: Board, move: Move) -> int:
    """The action index of ``move`` by ``board``'s side to move (legal or not; ValueError for a
    step off the queen lines of the board)."""
    arguments.check_board(board, _martian.Board, "fourchess.martian.Board")
    if not isinstance(move, Move):
        raise TypeError(f"move must be a fourchess.martian.Move, got {type(move).__name__}")
    index = int(_rl.encode_move(board, move.from_square, move.to_square))
    if index < 0:
        raise ValueError(f"{move} is no queen-line step of the {board.players}-player board")
    return index


def decode_action(board: Board, action: int) -> Move:
    """The legal move ``action`` names now; :class:`~fourchess.rl.IllegalActionError` when it
    names none."""
    arguments.check_board(board, _martian.Board, "fourchess.martian.Board")
    action = arguments.integer(action, "action")
    count = action_count(board.players)
    if not 0 <= action < count:
        raise ValueError(f"action must be 0..{count - 1}, got {quoted(action)}")
    squares = _rl.decode_action(board, action)
    if squares is None:
        raise IllegalActionError(f"action {action} is not a legal move for seat {board.turn} now")
    return Move(*squares)


def to_frame(players: int, seat: int, square: int) -> int:
    """The frame square that shows the board's ``square`` to ``seat``."""
    return int(_rl.to_frame(_players(players), arguments.integer(seat, "seat"), arguments.integer(square, "square")))


def from_frame(players: int, seat: int, square: int) -> int:
    """The board's square that ``seat``'s frame shows at ``square``."""
    return int(_rl.from_frame(_players(players), arguments.integer(seat, "seat"), arguments.integer(square, "square")))


def _players(players: object) -> int:
    value = arguments.integer(players, "players")
    if value not in (2, 4):
        raise ValueError(f"players must be 2 or 4, got {quoted(value)}")
    return value


def _boards(boards: object) -> tuple[list[Board], int]:
    checked = arguments.board_list(boards, _martian.Board, "fourchess.martian.Board")
    players = {board.players for board in checked}
    if len(players) > 1:
        raise ValueError("a batch holds games of one player count")
    return checked, players.pop() if players else 2

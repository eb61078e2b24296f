"""The encoding of four-player chess for learning: observation planes, action indices and legal
masks, written by the C++ core into NumPy arrays (docs/rl.md has the layout).

Everything is in the frame of one seat: the board turned so that the seat sits at the bottom and
its pawns move up (in the modern setup every army then starts on Red's squares). Row ``r``,
column ``f`` of a plane is the frame's square on file ``f``, rank ``r + 1``; :func:`to_frame` and
:func:`from_frame` turn squares. An action is a fixed number for a step the board's geometry
allows (a queen-type line, a knight jump, or an underpromotion), counted in the mover's frame, so
the same number means the same move for whichever seat plays it.

>>> import fourchess
>>> board = fourchess.Board()
>>> planes(board).shape
(69, 14, 14)
>>> action = encode_move(board, fourchess.Move.from_str("h2-h4"))
>>> decode_action(board, action)
Move.from_str('h2-h4')
>>> int(legal_mask(board).sum())
20
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fourchess import _core
from fourchess._core import Move
from fourchess.rl import _arguments as arguments

np = arguments.np

_rl = _core.rl

ACTION_COUNT: int = _rl.ACTION_COUNT
"""How many actions there are: every step the cross board allows, in the mover's frame (7,072)."""
MAX_HISTORY: int = _rl.MAX_HISTORY
"""The most positions one observation may stack."""


class IllegalActionError(ValueError):
    """An action index that names no legal move of the side to move now."""


def plane_count(history: int = 1) -> int:
    """The number of planes of an observation stacking ``history`` positions: 37 per position
    and 32 for the state of the game.

    >>> plane_count(), plane_count(8)
    (69, 328)
    """
    history = arguments.history(history, MAX_HISTORY)
    return int(_rl.POSITION_PLANES) * history + int(_rl.STATE_PLANES)


def plane_names(history: int = 1) -> tuple[str, ...]:
    """The name of every plane, in order (``"self pawn"``, ``"next knight (t-1)"``, ``"points
    across"``…).

    >>> plane_names()[:2], plane_names()[-1]
    (('self pawn', 'self knight'), 'moves left')
    """
    return tuple(_rl.plane_names(arguments.history(history, MAX_HISTORY)))


def planes(board: Any, *, seat: int | None = None, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observation of ``board`` for ``seat`` (default: the side to move), in that seat's
    frame: an array of shape ``(plane_count(history), 14, 14)``.

    ``history`` stacks the current position and up to ``history - 1`` earlier ones (zeros before
    the start of the game). ``dtype`` is ``float32`` (counts divided by their scale) or ``uint8``
    (counts themselves, stopped at 255). ``out``, if given, is a C-contiguous array of that shape
    and dtype to write into; it is returned.
    """
    arguments.check_board(board, _core.Board, "fourchess.Board")
    if seat is not None:
        seat = _seat(seat)
    history, dtype = arguments.history(history, MAX_HISTORY), arguments.dtype_name(dtype)
    shape = (plane_count(history), 14, 14)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        arguments.check_out(out, shape, dtype)
    _rl.planes([board], history, -1 if seat is None else seat, out[np.newaxis])
    return out


def planes_batch(boards: Sequence[Any], *, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observations of many boards, each in the frame of its side to move: an array of shape
    ``(len(boards), plane_count(history), 14, 14)``, written by the core with the GIL released.

    Arguments as :func:`planes`. The boards are read when the call starts; a board another thread
    changes meanwhile is seen either before or after the change, never half-way.
    """
    boards = arguments.board_list(boards, _core.Board, "fourchess.Board")
    history, dtype = arguments.history(history, MAX_HISTORY), arguments.dtype_name(dtype)
    shape = (len(boards), plane_count(history), 14, 14)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        arguments.check_out(out, shape, dtype)
    _rl.planes(boards, history, -1, out)
    return out


def legal_mask(board: Any, *, out: Any = None) -> Any:
    """An ``int8`` array of ``ACTION_COUNT`` entries, 1 at the index of every legal move of the
    side to move and 0 elsewhere (all 0 when the game is over). ``out``: an array to write into."""
    arguments.check_board(board, _core.Board, "fourchess.Board")
    if out is None:
        out = np.empty(ACTION_COUNT, np.int8)
    else:
        arguments.check_out(out, (ACTION_COUNT,), "int8")
    _rl.legal_mask([board], out[np.newaxis])
    return out


def legal_mask_batch(boards: Sequence[Any], *, out: Any = None) -> Any:
    """The legal masks of many boards: an ``int8`` array of shape ``(len(boards), ACTION_COUNT)``,
    written by the core with the GIL released."""
    boards = arguments.board_list(boards, _core.Board, "fourchess.Board")
    shape = (len(boards), ACTION_COUNT)
    if out is None:
        out = np.empty(shape, np.int8)
    else:
        arguments.check_out(out, shape, "int8")
    _rl.legal_mask(boards, out)
    return out


def legal_actions(board: Any) -> list[int]:
    """The indices of the legal moves of the side to move, in increasing order."""
    arguments.check_board(board, _core.Board, "fourchess.Board")
    return sorted(_rl.legal_actions(board))


def encode_move(board: Any, move: Move) -> int:
    """The action index of ``move`` played by ``board``'s side to move. The move need not be legal
    here, only a step the board's geometry allows (ValueError otherwise): a queen-type line, a
    knight jump, or a pawn step onto the Teams promotion line with a promotion.

    A queen promotion (Teams) or a 1-point-queen promotion (FFA) has the plain step's index.
    """
    arguments.check_board(board, _core.Board, "fourchess.Board")
    index = int(_rl.encode_move(board, move))
    if index < 0:
        raise ValueError(f"{move} is no step of the board's geometry for {board.turn.title}")
    return index


def decode_action(board: Any, action: int) -> Move:
    """The legal move that ``action`` names for ``board``'s side to move: a pawn's plain step onto
    its promotion line is the queen (Teams) or 1-point queen (FFA) promotion. An index in range
    that names no legal move now raises :class:`IllegalActionError`."""
    arguments.check_board(board, _core.Board, "fourchess.Board")
    action = arguments.below(action, "action", ACTION_COUNT)
    move = _rl.decode_action(board, action)
    if move is None:
        seat = board.turn
        from_square, to_square = (_core.square_name(_rl.from_frame(seat, s)) for s in _rl.frame_action(action)[:2])
        step = f"{from_square}-{to_square}"
        raise IllegalActionError(f"action {action} ({step}) is not a legal move for {seat.title} now")
    result: Move = move
    return result


def to_frame(seat: int, square: int) -> int:
    """The square of ``seat``'s frame that shows the board's ``square``."""
    return int(_rl.to_frame(_seat(seat), _square(square)))


def from_frame(seat: int, square: int) -> int:
    """The board's square that ``seat``'s frame shows at ``square``."""
    return int(_rl.from_frame(_seat(seat), _square(square)))


def _seat(seat: object) -> int:
    return arguments.below(seat, "seat", 4, " (Red, Blue, Yellow, Green)")


def _square(square: object) -> int:
    return arguments.below(square, "square", 196)

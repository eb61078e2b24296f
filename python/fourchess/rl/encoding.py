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

import operator
from collections.abc import Sequence
from typing import Any

from fourchess import _core
from fourchess._core import Move
from fourchess._quote import quoted
from fourchess.rl._extra import extra_module

np = extra_module("numpy")

_rl = _core.rl

ACTION_COUNT: int = _rl.ACTION_COUNT
"""How many actions there are: every step the cross board allows, in the mover's frame (7,072)."""
MAX_HISTORY: int = _rl.MAX_HISTORY
"""The most positions one observation may stack."""

_DTYPES = ("float32", "uint8")


class IllegalActionError(ValueError):
    """An action index that names no legal move of the side to move now."""


def plane_count(history: int = 1) -> int:
    """The number of planes of an observation stacking ``history`` positions: 37 per position
    and 32 for the state of the game.

    >>> plane_count(), plane_count(8)
    (69, 328)
    """
    history = _history(history)
    return int(_rl.POSITION_PLANES) * history + int(_rl.STATE_PLANES)


def plane_names(history: int = 1) -> tuple[str, ...]:
    """The name of every plane, in order (``"self pawn"``, ``"next knight (t-1)"``, ``"points
    across"``…).

    >>> plane_names()[:2], plane_names()[-1]
    (('self pawn', 'self knight'), 'moves left')
    """
    return tuple(_rl.plane_names(_history(history)))


def planes(board: Any, *, seat: int | None = None, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observation of ``board`` for ``seat`` (default: the side to move), in that seat's
    frame: an array of shape ``(plane_count(history), 14, 14)``.

    ``history`` stacks the current position and up to ``history - 1`` earlier ones (zeros before
    the start of the game). ``dtype`` is ``float32`` (counts divided by their scale) or ``uint8``
    (counts themselves, stopped at 255). ``out``, if given, is a C-contiguous array of that shape
    and dtype to write into; it is returned.
    """
    _check_board(board)
    if seat is not None:
        seat = _seat(seat)
    history, dtype = _history(history), _dtype(dtype)
    shape = (plane_count(history), 14, 14)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        _check_out(out, shape, dtype)
    _rl.planes([board], history, -1 if seat is None else seat, out[np.newaxis])
    return out


def planes_batch(boards: Sequence[Any], *, history: int = 1, dtype: Any = "float32", out: Any = None) -> Any:
    """The observations of many boards, each in the frame of its side to move: an array of shape
    ``(len(boards), plane_count(history), 14, 14)``, written by the core with the GIL released.

    Arguments as :func:`planes`. The boards are read when the call starts; a board another thread
    changes meanwhile is seen either before or after the change, never half-way.
    """
    boards = _boards(boards)
    history, dtype = _history(history), _dtype(dtype)
    shape = (len(boards), plane_count(history), 14, 14)
    if out is None:
        out = np.empty(shape, dtype)
    else:
        _check_out(out, shape, dtype)
    _rl.planes(boards, history, -1, out)
    return out


def legal_mask(board: Any, *, out: Any = None) -> Any:
    """An ``int8`` array of ``ACTION_COUNT`` entries, 1 at the index of every legal move of the
    side to move and 0 elsewhere (all 0 when the game is over). ``out``: an array to write into."""
    _check_board(board)
    if out is None:
        out = np.empty(ACTION_COUNT, np.int8)
    else:
        _check_out(out, (ACTION_COUNT,), "int8")
    _rl.legal_mask([board], out[np.newaxis])
    return out


def legal_mask_batch(boards: Sequence[Any], *, out: Any = None) -> Any:
    """The legal masks of many boards: an ``int8`` array of shape ``(len(boards), ACTION_COUNT)``,
    written by the core with the GIL released."""
    boards = _boards(boards)
    shape = (len(boards), ACTION_COUNT)
    if out is None:
        out = np.empty(shape, np.int8)
    else:
        _check_out(out, shape, "int8")
    _rl.legal_mask(boards, out)
    return out


def legal_actions(board: Any) -> list[int]:
    """The indices of the legal moves of the side to move, in increasing order."""
    _check_board(board)
    return sorted(_rl.legal_actions(board))


def encode_move(board: Any, move: Move) -> int:
    """The action index of ``move`` played by ``board``'s side to move. The move need not be legal
    here, only a step the board's geometry allows (ValueError otherwise): a queen-type line, a
    knight jump, or a pawn step onto the Teams promotion line with a promotion.

    A queen promotion (Teams) or a 1-point-queen promotion (FFA) has the plain step's index.
    """
    _check_board(board)
    index = int(_rl.encode_move(board, move))
    if index < 0:
        raise ValueError(f"{move} is no step of the board's geometry for {board.turn.title}")
    return index


def decode_action(board: Any, action: int) -> Move:
    """The legal move that ``action`` names for ``board``'s side to move: a pawn's plain step onto
    its promotion line is the queen (Teams) or 1-point queen (FFA) promotion. An index in range
    that names no legal move now raises :class:`IllegalActionError`."""
    _check_board(board)
    action = _action(action)
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


# --- arguments -------------------------------------------------------------------------------------


def _integer(value: object, name: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def _history(history: object) -> int:
    value = _integer(history, "history")
    if not 1 <= value <= MAX_HISTORY:
        raise ValueError(f"history must be 1..{MAX_HISTORY}, got {quoted(value)}")
    return value


def _seat(seat: object) -> int:
    value = _integer(seat, "seat")
    if not 0 <= value <= 3:
        raise ValueError(f"seat must be 0..3 (Red, Blue, Yellow, Green), got {quoted(value)}")
    return value


def _square(square: object) -> int:
    value = _integer(square, "square")
    if not 0 <= value < 196:
        raise ValueError(f"square must be 0..195, got {quoted(value)}")
    return value


def _action(action: object) -> int:
    value = _integer(action, "action")
    if not 0 <= value < ACTION_COUNT:
        raise ValueError(f"action must be 0..{ACTION_COUNT - 1}, got {quoted(value)}")
    return value


def _dtype(dtype: object) -> str:
    try:
        name = np.dtype(dtype).name
    except TypeError:
        raise ValueError(f"dtype must be float32 or uint8, got {quoted(dtype)}") from None
    if name not in _DTYPES:
        raise ValueError(f"dtype must be float32 or uint8, got {name}")
    return str(name)


def _check_board(board: object) -> None:
    if not isinstance(board, _core.Board):
        raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")


def _boards(boards: object) -> list[Any]:
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
        raise TypeError(f"boards must be a sequence of fourchess.Board, got {type(boards).__name__}")
    for i, board in enumerate(boards):
        if not isinstance(board, _core.Board):
            raise TypeError(f"boards[{i}] must be a fourchess.Board, got {type(board).__name__}")
    return list(boards)


def _check_out(out: object, shape: tuple[int, ...], dtype: str) -> None:
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, got {type(out).__name__}")
    if out.dtype != np.dtype(dtype) or out.shape != shape:
        raise ValueError(f"out must be a {dtype} array of shape {shape}, got {out.dtype} {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")

"""The arguments of fourchess.rl's calls, checked once for both games: a wrong type is a
TypeError and a wrong value a ValueError, each naming the argument and quoting at most a bounded
part of what was given."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from fourchess._quote import quoted
from fourchess.rl._extra import extra_module

np = extra_module("numpy")

DTYPES = ("float32", "uint8")


def integer(value: object, name: str) -> int:
    """``value`` as an int (anything with ``__index__`` but a bool)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def below(value: object, name: str, count: int, meaning: str = "") -> int:
    """``value`` as an int in ``0..count-1``; ``meaning`` is added to the message's range."""
    number = integer(value, name)
    if not 0 <= number < count:
        raise ValueError(f"{name} must be 0..{count - 1}{meaning}, got {quoted(number)}")
    return number


def history(value: object, most: int) -> int:
    """The number of positions an observation stacks: 1..``most``."""
    number = integer(value, "history")
    if not 1 <= number <= most:
        raise ValueError(f"history must be 1..{most}, got {quoted(number)}")
    return number


def dtype_name(dtype: object) -> str:
    """``"float32"`` or ``"uint8"``, from anything ``numpy.dtype`` reads."""
    try:
        name = np.dtype(dtype).name
    except TypeError:
        raise ValueError(f"dtype must be float32 or uint8, got {quoted(dtype)}") from None
    if name not in DTYPES:
        raise ValueError(f"dtype must be float32 or uint8, got {name}")
    return str(name)


def check_out(out: object, shape: tuple[int, ...], dtype: str) -> None:
    """``out`` must be a writeable, C-contiguous NumPy array of ``shape`` and ``dtype``."""
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, got {type(out).__name__}")
    if out.dtype != np.dtype(dtype) or out.shape != shape:
        raise ValueError(f"out must be a {dtype} array of shape {shape}, got {out.dtype} {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")


def check_board(board: object, kind: type, name: str) -> None:
    """``board`` must be a ``kind`` (called ``name`` in the message)."""
    if not isinstance(board, kind):
        raise TypeError(f"board must be a {name}, got {type(board).__name__}")


def board_list(boards: object, kind: type, name: str) -> list[Any]:
    """``boards``, a sequence of ``kind``, as a list."""
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
        raise TypeError(f"boards must be a sequence of {name}, got {type(boards).__name__}")
    for i, board in enumerate(boards):
        if not isinstance(board, kind):
            raise TypeError(f"boards[{i}] must be a {name}, got {type(board).__name__}")
    return list(boards)

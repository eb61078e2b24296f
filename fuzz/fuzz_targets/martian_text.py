"""Target: Martian FEN text -> Board (docs/martian.md §5). The core and the reference must both read
it or both refuse it naming the same field, and agree on what they read: the text written back,
the legal moves and the outcome; what reads must re-read to the same text."""

from __future__ import annotations

from fourchess import martian
from fourchess.martian import reference

from . import Finding
from .fuzz_input import FuzzInput
from .martian_common import compare


def check(data: bytes) -> None:
    text = FuzzInput(data).rest_text()
    where = f"martian.Board({text[:200]!r} ({len(text)} characters))"
    try:
        theirs: reference.Game | str = reference.Game(text)
    except reference.MartianFenError as error:
        theirs = error.field
    try:
        board = martian.Board(text)
    except martian.MartianFenError as error:
        field = error.field  # type: ignore[attr-defined]
        if theirs != field:
            raise Finding(f"{where}: the core refuses it as {field} ({error}), the reference: {theirs}") from error
        if len(str(error)) > 400:
            raise Finding(f"{where}: an error message of {len(str(error))} characters") from error
        return
    if isinstance(theirs, str):
        raise Finding(f"{where}: the reference refuses it as {theirs}, the core reads {board.mfen()}")
    compare(board, theirs, where)
    if martian.Board(board.mfen()).mfen() != board.mfen():
        raise Finding(f"{where}: {board.mfen()} does not read back to itself")

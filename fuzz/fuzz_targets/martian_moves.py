"""Target: move text on Martian positions reached by fuzz-chosen moves (docs/martian.md §6). The
text must parse alike in the core and the reference; a parsed move is refused for the same rule
by both, changing nothing, or played by both, and taking it back restores the position."""

from __future__ import annotations

from fourchess import martian
from fourchess.martian import reference

from . import Finding
from .fuzz_input import FuzzInput
from .martian_common import compare, played, started


def check(data: bytes) -> None:
    source = FuzzInput(data)
    board, game = started(source)
    played(source, source.below(80), board, game)
    text = source.rest_text()
    where = f"{board.mfen()}: {text[:100]!r}"
    before = board.mfen()
    try:
        move = martian.Move.from_str(text)
    except martian.InvalidMoveError:
        try:
            game.push_text(text)
        except reference.InvalidMoveError:
            return
        raise Finding(f"{where}: the core cannot read it, the reference plays it") from None
    try:
        board.push(move)
    except martian.IllegalMoveError as error:
        reason = error.reason  # type: ignore[attr-defined]
        try:
            game.push_text(text)
        except reference.IllegalMoveError as slow:
            if slow.reason != reason:
                raise Finding(f"{where}: refused as {reason} by the core, {slow.reason} by the reference") from None
        else:
            raise Finding(f"{where}: the core refuses it ({reason}), the reference plays it") from error
        if board.mfen() != before:
            raise Finding(f"{where}: a refused move changed the board to {board.mfen()}") from error
        return
    game.push_text(text)
    compare(board, game, f"{where} (played)")
    board.pop()
    game.pop()
    if board.mfen() != before:
        raise Finding(f"{where}: pop leaves {board.mfen()}")

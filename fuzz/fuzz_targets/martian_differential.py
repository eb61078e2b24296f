"""Target: a Martian Chess game chosen move by move by the fuzz bytes, in two or four players
with fuzzed rules, played by the core and the reference side by side; they must agree at every
position (text, legal moves, outcome), perft(2) on the way, and on every position taking back."""

from __future__ import annotations

from fourchess.martian import reference

from . import Finding
from .fuzz_input import FuzzInput
from .martian_common import played, started


def check(data: bytes) -> None:
    source = FuzzInput(data)
    board, game = started(source)
    texts = played(source, 400, board, game)
    # perft counts as if the game had no history (docs/martian.md §7): a fresh reference game
    fresh = reference.Game(game.fen(), move_limit=game.move_limit, teams=game.teams)
    if board.perft(2) != reference.perft(fresh, 2):
        raise Finding(f"{board.mfen()}: perft(2) differs")
    for text in reversed(texts):
        undone = str(board.pop())
        game.pop()
        if undone != text or board.mfen() != game.fen():
            raise Finding(f"taking back {text}: core {board.mfen()} ({undone}), reference {game.fen()}")

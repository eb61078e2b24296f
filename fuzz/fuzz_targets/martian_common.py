"""What the Martian Chess targets share: the core and the reference compared on one position, and
a position reached by fuzz-chosen moves."""

from __future__ import annotations

from fourchess import martian
from fourchess.martian import reference

from . import Finding
from .fuzz_input import FuzzInput


def compare(board: martian.Board, game: reference.Game, where: str) -> None:
    """The two implementations agree on the position text, the legal moves and the outcome."""
    if board.mfen() != game.fen():
        raise Finding(f"{where}: the core writes {board.mfen()}, the reference {game.fen()}")
    ours = [str(move) for move in board.legal_moves]
    theirs = [reference.move_text(move) for move in game.legal_moves()]
    if ours != theirs:
        raise Finding(f"{where}: legal moves differ: core {ours}, reference {theirs}")
    a, b = board.outcome(), game.outcome()
    mine = None if a is None else (a.termination.value, a.winners, a.places, a.scores)
    other = None if b is None else (b.termination, b.winners, b.places, b.scores)
    if mine != other:
        raise Finding(f"{where}: outcomes differ: core {mine}, reference {other}")


def started(source: FuzzInput) -> tuple[martian.Board, reference.Game]:
    """A new game in both implementations: two or four players and the rules the bytes choose."""
    players = 4 if source.flag() else 2
    limit = source.below(40)
    rules = martian.MartianRules(move_limit=limit or None, teams=players == 4 and source.flag())
    board = martian.Board(players=players, rules=rules)
    return board, reference.Game(players=players, move_limit=rules.move_limit, teams=rules.teams)


def played(source: FuzzInput, plies: int, board: martian.Board, game: reference.Game) -> list[str]:
    """Plays up to ``plies`` fuzz-chosen legal moves on both, comparing after each; the texts."""
    texts = []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = moves[source.below(len(moves))]
        texts.append(str(move))
        board.push(move)
        game.push_text(str(move))
        compare(board, game, f"after {' '.join(texts)}")
    return texts

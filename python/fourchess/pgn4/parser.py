"""Build the game tree from movetext tokens (no board yet: the replay fills in seats and moves)."""

from __future__ import annotations

from collections.abc import Iterable

from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.limits import MAX_NODES
from fourchess.pgn4.tokens import Token, split_entry
from fourchess.pgn4.tree import Game, GameNode


def parse_movetext(game: Game, tokens: Iterable[Token]) -> None:
    """Hang the entries of ``tokens`` under ``game``: a ``(`` opens an alternative to the entry
    just read, ``)`` returns to the line it left; comments attach to the entry before them.

    Iterative at any depth of variations; more than ``MAX_NODES`` entries raise Pgn4Error."""
    node: GameNode = game
    round_number = 0
    nodes = 0
    stack: list[tuple[GameNode, int]] = []
    opened = False  # just after "(": a comment here belongs to the variation's first entry
    # Comments are gathered in lists and joined once at the end: joining as they come is
    # quadratic when thousands of comments follow one entry.
    comments: dict[GameNode, list[str]] = {}
    pending: list[str] = []
    for token in tokens:
        if token.kind == "comment":
            if opened:
                pending.append(token.value)
            else:
                comments.setdefault(node, []).append(token.value)
        elif token.kind == "open":
            if node.parent is None:
                raise Pgn4Error(f"line {token.line}: '(' before any move it could be an alternative to")
            stack.append((node, round_number))
            node = node.parent
            opened = True
        elif token.kind == "close":
            if not stack:
                raise Pgn4Error(f"line {token.line}: ')' without '('")
            if opened:
                raise Pgn4Error(f"line {token.line}: empty variation '( )'")
            node, round_number = stack.pop()
        elif token.kind == "round":
            round_number = int(token.value)
        elif token.kind == "entry":
            if round_number == 0:
                raise Pgn4Error(f"line {token.line}: entry before the first round number", text=token.value)
            nodes += 1
            if nodes > MAX_NODES:
                raise Pgn4Error(f"line {token.line}: more than {MAX_NODES} entries in one game")
            entry = split_entry(token.value)
            child = node.add_variation(text=token.value, marker=entry.marker)
            child.move_text = entry.move or ""
            child.suffix = entry.suffix
            child.round = round_number
            if pending:
                child.starting_comment = _joined(pending)
                pending = []
            node = child
            opened = False
    if stack:
        raise Pgn4Error(f"{len(stack)} variation(s) '(' never closed")
    for commented, parts in comments.items():
        commented.comment = _joined(parts)


def _joined(parts: list[str]) -> str:
    return " ".join(part for part in parts if part)

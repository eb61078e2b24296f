"""Build the game tree from movetext tokens (no board yet: the replay fills in seats and moves)."""

from __future__ import annotations

from collections.abc import Iterable

from fourchess.pgn4.errors import Pgn4Error
from fourchess.pgn4.tokens import Token, split_entry
from fourchess.pgn4.tree import Game, GameNode


def parse_movetext(game: Game, tokens: Iterable[Token]) -> None:
    """Hang the entries of ``tokens`` under ``game``: a ``(`` opens an alternative to the entry
    just read, ``)`` returns to the line it left; comments attach to the entry before them."""
    node: GameNode = game
    round_number = 0
    stack: list[tuple[GameNode, int]] = []
    opened = False  # just after "(": a comment here belongs to the variation's first entry
    pending_comment = ""
    for token in tokens:
        if token.kind == "comment":
            if opened:
                pending_comment = _join(pending_comment, token.value)
            else:
                node.comment = _join(node.comment, token.value)
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
            entry = split_entry(token.value)
            child = node.add_variation(text=token.value, marker=entry.marker)
            child.move_text = entry.move or ""
            child.suffix = entry.suffix
            child.round = round_number
            child.starting_comment, pending_comment = pending_comment, ""
            node = child
            opened = False
    if stack:
        raise Pgn4Error(f"{len(stack)} variation(s) '(' never closed")


def _join(first: str, second: str) -> str:
    return f"{first} {second}" if first else second

"""Write games in chess.com's PGN4 form: tag pairs, then rounds ``N. m1 .. m2 .. m3 .. m4``.

Moves are long algebraic with the captured piece's letter (``Bh2xNl6``, ``h8xQg7=D``, ``O-O``)
and the check suffix of the chess.com records, both from the core's ``Board.move_text``: a king
counts once if, after the move, it is attacked by the mover and was not before, or is in check and
was in check by nobody before; ``+``/``++``/``+++`` is that count; ``#`` follows when the move
checkmates a seat or captures its king. A stalemating move has no suffix. In Teams a mate is
written as ``#`` in the mated seat's own slot, so the mating move carries only ``+``: that slot is
the tree's ``#`` node, which records read and :func:`game_from_board` add; a tree without it keeps
the ``#`` on the move (``Rd11-a11+#``), so the mate is never lost.
"""

from __future__ import annotations

from collections.abc import Iterator

from fourchess import Board
from fourchess.pgn4.replay import parsed_move, play_node
from fourchess.pgn4.tree import Game, GameNode


def write_game(game: Game) -> str:
    """The PGN4 text of ``game``: its tags in order, a blank line, the movetext, a newline.

    Every line is played on a board to write its moves: a move that cannot be played (a game
    read with ``validate=False``) raises :class:`Pgn4Error` naming its round, seat and text."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in game.headers.items()]
    parts: list[str] = []
    if _comment_text(game.comment):
        parts.append(f"{_braced(game.comment)} ")
    first = game.next()
    if first is not None:
        _write_line(first, game.board(), parts)
    movetext = "".join(parts).strip(" ")
    if not lines and not movetext:
        movetext = "1."  # a blank text reads as no game at all; an empty round reads as this one
    return "\n".join(lines) + ("\n\n" if lines else "") + movetext + "\n"


def entry_text(board: Board, node: GameNode) -> tuple[str, int]:
    """Play ``node`` on ``board``; return its PGN4 token and how many steps went onto the board.

    The move's token (long algebraic and check suffix) comes from the core's ``move_text``."""
    if node.move is None and not node.move_text:
        return (node.marker or ""), play_node(node, board)
    move = node.move if node.move is not None else parsed_move(node, board)
    glued_marker = node.marker if node.marker in ("R", "T") else ""
    token = board.move_text(move)
    pushed = play_node(node, board)
    following = node.next()
    mate_slot_follows = following is not None and following.marker == "#"
    if token.endswith("#") and mate_slot_follows and not board.is_ffa and board.is_checkmate():
        token = token[:-1]  # the mated seat's own slot, next, writes it
    return token + glued_marker, pushed


class _Line:
    """A line being written: its next node, the round and seat before it, the steps it pushed,
    and while its node's alternatives are written, those still to come."""

    __slots__ = (
        "node",
        "opening",
        "round_number",
        "previous_seat",
        "actions",
        "alternatives",
        "round_before",
        "seat",
        "nested",
    )

    def __init__(self, node: GameNode | None, *, round_number: int, previous_seat: int | None, nested: bool) -> None:
        self.node = node
        self.opening = True  # the first entry of a line writes its round (or "..") in full
        self.round_number = round_number
        self.previous_seat = previous_seat
        self.actions = 0
        self.alternatives: Iterator[GameNode] | None = None
        self.round_before = round_number
        self.seat = -1
        self.nested = nested  # an alternative: written inside "( ... )"


def _write_line(first: GameNode, board: Board, parts: list[str]) -> None:
    # An explicit stack of lines, not recursion, so that variations nest to any depth. A node
    # with alternatives is played, written, undone; each alternative is written from the
    # position before it (same round, same place); then the node is played again.
    lines = [_Line(first, round_number=1, previous_seat=None, nested=False)]
    while lines:
        line = lines[-1]
        node = line.node
        if node is None:
            for _ in range(line.actions):
                board.pop()
            lines.pop()
            if line.nested:
                parts.append(" ) ")
            continue
        if line.alternatives is not None:
            alternative = next(line.alternatives, None)
            if alternative is not None:
                parts.append(" (")
                if _comment_text(alternative.starting_comment):
                    parts.append(f" {_braced(alternative.starting_comment)}")
                parts.append(" ")
                lines.append(
                    _Line(alternative, round_number=line.round_before, previous_seat=line.previous_seat, nested=True)
                )
                continue
            _token, pushed = entry_text(board, node)
            _advance(line, node, pushed)
            continue
        token, pushed = entry_text(board, node)
        line.seat = node.seat if node.seat is not None else -1
        new_round = line.previous_seat is not None and line.seat <= line.previous_seat
        line.round_before = line.round_number
        if new_round:
            line.round_number += 1
        if line.opening:
            starts_round = new_round or (line.previous_seat is None and _first_of_round(node))
            parts.append(f"{line.round_number}. {token}" if starts_round else f".. {token}")
            line.opening = False
        else:
            parts.append(f"\n{line.round_number}. {token}" if new_round else f" .. {token}")
        if _comment_text(node.comment):
            parts.append(f" {_braced(node.comment)}")
        siblings = node.parent.variations if node.parent is not None else [node]
        if node is siblings[0] and len(siblings) > 1:
            for _ in range(pushed):
                board.pop()
            line.alternatives = iter(siblings[1:])
            continue
        _advance(line, node, pushed)


def _advance(line: _Line, node: GameNode, pushed: int) -> None:
    line.actions += pushed
    line.previous_seat = line.seat
    line.node = node.next()
    line.alternatives = None


def _first_of_round(node: GameNode) -> bool:
    return node.parent is None or node.parent.parent is None


def _comment_text(comment: str) -> str:
    # A "}" (read from a ";" comment) would end the braces early: PGN has no escape, so it is
    # left out, as python-chess does. Stripped as the reader strips a braced comment, so the text
    # written reads back as itself (";i }" wrote "{ i  }", which read back as "i"), and a comment
    # left empty is not written at all.
    return comment.replace("}", "").strip()


def _braced(comment: str) -> str:
    return f"{{ {_comment_text(comment)} }}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')

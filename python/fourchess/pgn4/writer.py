"""Write games in chess.com's PGN4 form: tag pairs, then rounds ``N. m1 .. m2 .. m3 .. m4``.

Moves are long algebraic with the captured piece's letter (``Bh2xNl6``, ``h8xQg7=D``, ``O-O``)
and the check suffix of the chess.com records, both from the core's ``Board.move_text``: a king
counts once if, after the move, it is attacked by the mover and was not before, or is in check and
was in check by nobody before; ``+``/``++``/``+++`` is that count; ``#`` follows when the move
checkmates a seat or captures its king. A stalemating move has no suffix. In Teams a mate is
written as ``#`` in the mated seat's own slot, so moves carry only ``+``.
"""

from __future__ import annotations

from fourchess import Board
from fourchess.pgn4.replay import play_node
from fourchess.pgn4.tree import Game, GameNode


def write_game(game: Game) -> str:
    """The PGN4 text of ``game``: its tags in order, a blank line, the movetext, a newline."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in game.headers.items()]
    parts: list[str] = []
    if game.comment:
        parts.append(f"{{ {game.comment} }} ")
    first = game.next()
    if first is not None:
        _write_line(first, game.board(), parts, opening=True, round_number=1, previous_seat=None)
    movetext = "".join(parts).strip(" ")
    return "\n".join(lines) + ("\n\n" if lines else "") + movetext + "\n"


def entry_text(board: Board, node: GameNode) -> tuple[str, int]:
    """Play ``node`` on ``board``; return its PGN4 token and how many steps went onto the board.

    The move's token (long algebraic and check suffix) comes from the core's ``move_text``."""
    if node.move is None and not node.move_text:
        return (node.marker or ""), play_node(node, board)
    move = node.move if node.move is not None else board.parse_move(node.move_text)
    glued_marker = node.marker if node.marker in ("R", "T") else ""
    token = board.move_text(move) + glued_marker
    return token, play_node(node, board)


def _write_line(node: GameNode | None, board: Board, parts: list[str], *, opening: bool,
                round_number: int, previous_seat: int | None) -> None:
    actions = 0
    while node is not None:
        siblings = node.parent.variations if node.parent is not None else [node]
        token, pushed = entry_text(board, node)
        seat = node.seat if node.seat is not None else -1
        new_round = previous_seat is not None and seat <= previous_seat
        round_before = round_number
        if new_round:
            round_number += 1
        starts_round = new_round or (previous_seat is None and opening and _first_of_round(node))
        if opening:
            parts.append(f"{round_number}. {token}" if starts_round else f".. {token}")
            opening = False
        else:
            parts.append(f"\n{round_number}. {token}" if new_round else f" .. {token}")
        if node.comment:
            parts.append(f" {{ {node.comment} }}")
        if node is siblings[0] and len(siblings) > 1:
            for _ in range(pushed):
                board.pop()
            for alternative in siblings[1:]:
                parts.append(" (")
                if alternative.starting_comment:
                    parts.append(f" {{ {alternative.starting_comment} }}")
                parts.append(" ")
                # an alternative takes the slot of the entry it replaces: same round, same place
                _write_line(alternative, board, parts, opening=True,
                            round_number=round_before, previous_seat=previous_seat)
                parts.append(" ) ")
            token, pushed = entry_text(board, node)
        actions += pushed
        previous_seat = seat
        node = node.next()
    for _ in range(actions):
        board.pop()


def _first_of_round(node: GameNode) -> bool:
    return node.parent is None or node.parent.parent is None


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')

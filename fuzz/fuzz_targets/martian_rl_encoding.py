"""Target: Martian Chess's learning encoding, two and four players, on positions reached by
fuzz-chosen moves. Every legal move has its own action and decodes back to itself, the mask and
legal_actions are exactly the legal set, any index decodes to a legal move of that index or is
refused by IllegalActionError, an arbitrary move is refused by ValueError or is a step on the
board that encodes to an action in range no other step has; each seat's frame turns the board's
squares onto themselves and back; the planes of every seat and dtype are written whole (each
piece once, float and uint8 setting the same cells, a batch's planes as one board's)."""

from __future__ import annotations

import numpy as np

from fourchess import martian
from fourchess.rl import martian as encoding

from . import Finding
from .action_checks import check_any_action, legal_actions
from .fuzz_input import FuzzInput
from .martian_common import played, started

PIECE_PLANES = 3  # pawns, drones, queens of the position now


def check(data: bytes) -> None:
    source = FuzzInput(data)
    board, game = started(source)
    played(source, source.below(30), board, game)
    where = f"{board.mfen()} ({board.players} players)"
    check_actions(board, source, where)
    check_frame(board.players, source, where)
    check_planes(board, source, where)


def check_actions(board: martian.Board, source: FuzzInput, where: str) -> None:
    count = encoding.action_count(board.players)
    moves, actions = legal_actions(encoding, board, count, where)
    if encoding.legal_actions(board) != sorted(actions):
        raise Finding(f"legal_actions is not the legal moves' actions in {where}")
    on_board = set(martian.board_squares(board.players))
    encoded = dict(zip(actions, moves, strict=True))  # action -> the one step it names
    for _ in range(4):
        check_any_action(encoding, board, (source.byte() << 8 | source.byte()) % count, actions, where)
        arbitrary = martian.Move(source.below(64), source.below(64))
        try:
            action = encoding.encode_move(board, arbitrary)
        except ValueError:
            continue
        if not 0 <= action < count:
            raise Finding(f"{arbitrary} encodes to {action}, out of range, in {where}")
        if not {arbitrary.from_square, arbitrary.to_square} <= on_board:
            raise Finding(f"{arbitrary}, off the {board.players}-player board, encodes to {action} in {where}")
        if encoded.setdefault(action, arbitrary) != arbitrary:
            raise Finding(f"{arbitrary} and {encoded[action]} both encode to {action} in {where}")


def check_frame(players: int, source: FuzzInput, where: str) -> None:
    squares = martian.board_squares(players)
    seat = source.below(players)
    shown = [encoding.to_frame(players, seat, square) for square in squares]
    if sorted(shown) != squares:
        raise Finding(f"seat {seat}'s frame does not show the board's squares on themselves in {where}")
    if [encoding.from_frame(players, seat, square) for square in shown] != squares:
        raise Finding(f"seat {seat}'s frame does not turn back in {where}")


def check_planes(board: martian.Board, source: FuzzInput, where: str) -> None:
    seat = source.below(board.players)
    history = 1 + source.below(4)
    as_float = encoding.planes(board, seat=seat, history=history)
    as_bytes = encoding.planes(board, seat=seat, history=history, dtype="uint8")
    if not np.array_equal(as_float > 0, as_bytes > 0):
        raise Finding(f"float32 and uint8 planes set different cells for seat {seat} in {where}")
    pieces = sum(board.piece_at(square) is not None for square in martian.board_squares(board.players))
    if int(as_float[:PIECE_PLANES].sum()) != pieces:
        raise Finding(f"the piece planes hold {int(as_float[:PIECE_PLANES].sum())} pieces, not {pieces}, in {where}")
    batch = encoding.planes_batch([board, board.copy()], history=history)
    if not np.array_equal(batch[0], encoding.planes(board, history=history)):
        raise Finding(f"a batch's planes differ from one board's in {where}")

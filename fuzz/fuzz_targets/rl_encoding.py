"""Target: the learning encoding on fuzzed positions played on for a few plies. Every legal move
has its own action index and decodes back to itself, the mask is exactly the legal set, any index
decodes to a legal move of that index or is refused by IllegalActionError, an arbitrary Move
encodes in range, to an action no other step has, or is refused by ValueError, and planes of
every seat, history and dtype are written whole (the piece planes hold each piece once, float and
uint8 set the same cells)."""

from __future__ import annotations

import numpy as np

import fourchess
import fourchess.rl as rl
from fourchess import Board, Move, PieceType

from . import Finding
from .action_checks import check_any_action, legal_actions
from .fuzz_input import FuzzInput
from .positions import built_position
from .push_unchecked import arbitrary_move

PIECE_PLANES = 35


def check(data: bytes) -> None:
    source = FuzzInput(data)
    ffa = source.flag()
    fen4 = built_position(source, ffa)
    try:
        board = Board(fen4, mode="ffa" if ffa else "teams")
    except fourchess.Fen4Error:
        return
    for _ in range(source.below(4)):
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(source.pick(legal))
    where = f"{board.fen4()} ({board.mode}, {len(board.move_stack)} plies played)"
    check_actions(board, source, where)
    check_planes(board, source, where)


UNDERPROMOTIONS = (PieceType.KNIGHT, PieceType.BISHOP, PieceType.ROOK)


def step(move: Move) -> tuple[int, int, PieceType | None]:
    """What an action names: the two squares and an underpromotion. A queen promotion (1-point or
    not) shares the plain step's action, as castling shares the king's two-square step."""
    return move.from_square, move.to_square, move.promotion if move.promotion in UNDERPROMOTIONS else None


def check_actions(board: Board, source: FuzzInput, where: str) -> None:
    moves, actions = legal_actions(rl, board, rl.ACTION_COUNT, where)
    named = dict(zip(actions, moves, strict=True))  # action -> a move of the one step it names
    for _ in range(4):
        check_any_action(rl, board, (source.byte() << 8 | source.byte()) % rl.ACTION_COUNT, actions, where)
        arbitrary = arbitrary_move(source)
        try:
            encoded = rl.encode_move(board, arbitrary)
        except ValueError:
            continue
        if not 0 <= encoded < rl.ACTION_COUNT:
            raise Finding(f"{arbitrary} encodes to {encoded}, out of range, in {where}")
        if step(named.setdefault(encoded, arbitrary)) != step(arbitrary):
            raise Finding(f"{arbitrary} and {named[encoded]} both encode to {encoded} in {where}")


def check_planes(board: Board, source: FuzzInput, where: str) -> None:
    seat = source.below(4)
    history = 1 + source.below(4)
    as_float = rl.planes(board, seat=seat, history=history)
    as_bytes = rl.planes(board, seat=seat, history=history, dtype="uint8")
    if not np.array_equal(as_float > 0, as_bytes > 0):
        raise Finding(f"float32 and uint8 planes set different cells for seat {seat} in {where}")
    pieces = len(board.piece_map())
    if int(as_float[:PIECE_PLANES].sum()) != pieces:
        raise Finding(f"the piece planes hold {int(as_float[:PIECE_PLANES].sum())} pieces, not {pieces}, in {where}")
    batch = rl.planes_batch([board, board.copy(stack=False)], history=history)
    if not np.array_equal(batch[0], rl.planes(board, history=history)):
        raise Finding(f"a batch's planes differ from one board's in {where}")

"""Target: push_unchecked with arbitrary Moves (any squares, any promotion) mixed with legal moves
and game events (resign, timeout, claim_win) on fuzzed positions. Whatever it skips, the board must
stay sound: the key equals the key from scratch, fen4() re-reads, perft(2) runs, and pop() restores
each fen4 and key exactly."""

from __future__ import annotations

import fourchess
from fourchess import Board, Move, PieceType

from . import Finding
from .fuzz_input import FuzzInput
from .invariants import check_key, check_rereads
from .positions import SQUARES, built_position

PROMOTIONS = (None, None, None, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT)
EVENTS = ("resign", "timeout", "claim_win")


def arbitrary_move(source: FuzzInput) -> Move:
    start, end = source.pick(SQUARES), source.pick(SQUARES)
    if end == start:
        end = SQUARES[(SQUARES.index(start) + 1) % len(SQUARES)]
    promotion = source.pick(PROMOTIONS)
    return Move(start, end, promotion, promotion is PieceType.QUEEN and source.flag())


def check(data: bytes) -> None:
    source = FuzzInput(data)
    ffa = source.flag()
    fen4 = built_position(source, ffa)
    try:
        board = Board(fen4, mode="ffa" if ffa else "teams")
    except fourchess.Fen4Error:
        return
    steps: list[tuple[str, int, str]] = []
    for _ in range(1 + source.below(4)):
        if board.is_game_over():
            break
        kind = source.below(8)
        before, key = board.fen4(), board.zobrist_hash()
        if kind == 7:  # now and then a game event instead of a move
            action = source.pick(EVENTS)
            seat = source.below(4)
            try:
                getattr(board, action)(seat)
            except ValueError:  # not allowed now (game over, seat out, no claim): refused
                if (board.fen4(), board.zobrist_hash()) != (before, key):
                    raise Finding(f"refused {action}({seat}) changed {before} to {board.fen4()}") from None
                continue
            step = f"{action}({seat})"
        else:
            legal = list(board.legal_moves)
            move = source.pick(legal) if legal and kind < 3 else arbitrary_move(source)
            try:
                board.push_unchecked(move)
            except fourchess.IllegalMoveError:
                if (board.fen4(), board.zobrist_hash()) != (before, key):
                    raise Finding(f"refused push_unchecked({move}) changed {before} to {board.fen4()}") from None
                continue
            step = str(move)
        steps.append((before, key, step))
        where = f"{[step[2] for step in steps]} from {fen4} ({board.mode})"
        check_key(board, where)
        check_rereads(board, where)
        board.perft(2)
        board.termination()
    while steps:
        before, key, text = steps.pop()
        board.pop()
        if (board.fen4(), board.zobrist_hash()) != (before, key):
            raise Finding(
                f"pop of {text} gives {board.fen4()} key {board.zobrist_hash():#x}, expected {before} key {key:#x}"
            )

"""Target: push_unchecked with arbitrary Moves (any squares, any promotion) mixed with legal
moves and game events (resign, timeout, claim_win) on fuzzed positions. Whatever it skips, the board must stay sound: the key equals the key
from scratch, fen4() re-reads, perft(2) runs, and pop() restores each fen4 and key exactly."""

from __future__ import annotations

import fourchess
from fourchess import Board, Move, PieceType

from . import Finding
from .fuzz_input import FuzzInput, skip_known
from .invariants import check_key, check_rereads
from .positions import SQUARES, built_position

PROMOTIONS = (None, None, None, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT)
PROMOTION_LINE = ((10, None), (None, 10), (3, None), (None, 3))  # Teams: (rank, file) per seat
EVENTS = ("resign", "timeout", "claim_win")
BEFORE_PROMOTION = ((9, None), (None, 9), (4, None), (None, 4))
FFA_PROMOTION_LINE = ((7, None), (None, 7), (6, None), (None, 6))


def arbitrary_move(source: FuzzInput) -> Move:
    start, end = source.pick(SQUARES), source.pick(SQUARES)
    if end == start:
        end = SQUARES[(SQUARES.index(start) + 1) % len(SQUARES)]
    promotion = source.pick(PROMOTIONS)
    return Move(start, end, promotion, promotion is PieceType.QUEEN and source.flag())


def _on_line(square: int, line: tuple[int | None, int | None]) -> bool:
    rank, file = line
    return square // 14 == rank if rank is not None else square % 14 == file


def known_position_bug(board: Board) -> bool:
    """Issue 9 item 1 (skipped under skip_known()): on a Teams board with a pawn about to promote,
    a promotion can be the first legal move, which overflows first_legal_move."""
    if board.is_ffa:
        return False
    for square in SQUARES:
        piece = board.piece_at(square)
        if piece is not None and piece.piece_type is PieceType.PAWN and piece.seat is not None:
            if any(_on_line(square, line) for line in (PROMOTION_LINE[piece.seat], BEFORE_PROMOTION[piece.seat])):
                return True
    return False


def known_move_bug(board: Board, move: Move) -> bool:
    """Issue 9 item 3 (skipped under skip_known()): king moves of two squares (taken for castling),
    promotions of non-pawns or off the promotion line, two-square pawn moves that are not legal
    double steps, and (item 1) Teams pawns moved next to or onto their promotion line."""
    mover = board.piece_at(move.from_square)
    if mover is None or mover.seat is None:
        return False
    if mover.piece_type is PieceType.KING and abs(move.to_square - move.from_square) in (2, 28):
        return True
    if move.promotion is not None and mover.piece_type is not PieceType.PAWN:
        return True
    if mover.piece_type is PieceType.PAWN and abs(move.to_square - move.from_square) in (2, 28) \
            and move not in board.legal_moves:
        return True  # found by this fuzzer: taken for a double step from anywhere (README)
    line = (FFA_PROMOTION_LINE if board.is_ffa else PROMOTION_LINE)[mover.seat]
    if move.promotion is not None and not _on_line(move.to_square, line):
        return True  # found by this fuzzer: a pawn 'promoting' off its line (see fuzz/README.md)
    lines = (PROMOTION_LINE[mover.seat], BEFORE_PROMOTION[mover.seat])
    return not board.is_ffa and mover.piece_type is PieceType.PAWN and any(_on_line(move.to_square, line) for line in lines)


def check(data: bytes) -> None:
    source = FuzzInput(data)
    ffa = source.flag()
    fen4 = built_position(source, ffa)
    try:
        board = Board(fen4, mode="ffa" if ffa else "teams")
    except fourchess.Fen4Error:
        return
    if skip_known() and known_position_bug(board):
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
            if skip_known() and not board.is_ffa and action != "claim_win":
                break  # issue 9 item 6: a Teams resignation or timeout does not re-read the same
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
            if skip_known() and known_move_bug(board, move):
                break
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
            raise Finding(f"pop of {text} gives {board.fen4()} key"
                          f" {board.zobrist_hash():#x}, expected {before} key {key:#x}")

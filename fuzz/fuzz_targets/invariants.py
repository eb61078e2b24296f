"""Invariants every core Board must keep, whatever position or moves led to it."""

from __future__ import annotations

import fourchess
from fourchess import Board, Rules

from . import Finding
from .fuzz_input import FuzzInput


def rules_from(data: FuzzInput) -> Rules:
    """Every rule option from one byte, and a move limit from the next when bit 5 asks for one."""
    bits = data.byte()
    limit = data.byte() + 1 if bits & 32 else None
    return Rules(
        mode="ffa" if bits & 1 else "teams",
        setup="classic" if bits & 2 else "modern",
        dead_king_walking=not bits & 4,
        points_lead_ends_game=not bits & 8,
        walking_kings_stalemated_on_their_turn=bool(bits & 16),
        move_limit=limit,
    )


MESSAGE_LIMIT = 1500  # a FEN4 or two and a bounded quote of the input fit; the whole input need not


def check_message(error: Exception, where: str) -> None:
    """A typed error names what was wrong with a bounded quote, never the whole (huge) input."""
    if len(str(error)) > MESSAGE_LIMIT:
        raise Finding(
            f"{where}: {type(error).__name__} message of {len(str(error))} characters: {str(error)[:300]!r}..."
        ) from error


def check_key(board: Board, where: str) -> None:
    if board.zobrist_hash() != board._zobrist_from_scratch():
        raise Finding(
            f"{where}: incremental key {board.zobrist_hash():#x} != key from scratch"
            f" {board._zobrist_from_scratch():#x} in {board.fen4()}"
        )


def check_rereads(board: Board, where: str) -> None:
    """fen4() must read back, under the same rules, to the same fen4 and key."""
    text = board.fen4()
    try:
        again = Board(text, rules=board.rules)
    except fourchess.Fen4Error as error:
        raise Finding(f"{where}: fen4() output {text} is refused on reading: {error}") from error
    if again.fen4() != text:
        raise Finding(f"{where}: fen4() {text} reads back as {again.fen4()}")
    if again.zobrist_hash() != board.zobrist_hash():
        raise Finding(
            f"{where}: fen4() {text} reads back with key {again.zobrist_hash():#x},"
            f" the board has {board.zobrist_hash():#x}"
        )


def check_counts(board: Board, where: str) -> None:
    """The move list, its length, the bulk count, perft(1) and 'any legal move' must agree."""
    moves = list(board.legal_moves)
    counted = len(board.legal_moves)
    bulk = board.perft(1)
    made = board.perft(1, bulk=False)
    any_move = bool(board.legal_moves)
    if len(set(moves)) != len(moves):
        raise Finding(f"{where}: legal_moves lists a move twice in {board.fen4()}")
    if not len(moves) == counted == bulk == made or any_move != (counted > 0):
        raise Finding(
            f"{where}: {len(moves)} moves listed, len() {counted}, perft(1) {bulk},"
            f" perft(1, bulk=False) {made}, bool() {any_move} in {board.fen4()}"
        )

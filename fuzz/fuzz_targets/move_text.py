"""Target: move text -> Move.from_str, parse_move and push_move on a few boards; what parses must
be legal, print back to the same move, and push and pop cleanly."""

from __future__ import annotations

import functools
from pathlib import Path

import fourchess
from fourchess import Board, Move

from . import Finding
from .fuzz_input import FuzzInput
from .invariants import check_key, check_message, check_rereads
from .positions import base_fen4s

MOVE_ERRORS = (fourchess.InvalidMoveError, fourchess.IllegalMoveError, fourchess.AmbiguousMoveError)


@functools.cache
def boards() -> tuple[tuple[str, str], ...]:
    """(fen4, mode) pairs: every base position in each mode where it is a game in progress, then
    the adversarial positions beside this file."""
    found = []
    for fen4 in base_fen4s():
        for mode in ("teams", "ffa"):
            try:
                board = Board(fen4, mode=mode)
            except fourchess.Fen4Error:
                continue
            if not board.is_game_over():
                found.append((fen4, mode))
    for line in (Path(__file__).parent / "adversarial_positions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            mode, fen4, _ = (part.strip() for part in line.split(" ; "))
            found.append((fen4, mode))
    return tuple(found)


def check(data: bytes) -> None:
    source = FuzzInput(data)
    fen4, mode = source.pick(boards())
    operation = source.below(3)
    text = source.rest_text()
    if operation == 0:
        try:
            move = Move.from_str(text)
        except MOVE_ERRORS as error:
            check_message(error, f"Move.from_str({text[:200]!r})")
            return
        if Move.from_str(str(move)) != move:
            raise Finding(f"Move.from_str({text!r}) gives {move}, which reads back as {Move.from_str(str(move))}")
        return
    board = Board(fen4, mode=mode)
    before = board.fen4()
    where = f"{mode} board {fen4}, move text {text[:200]!r}"
    try:
        move = board.parse_move(text) if operation == 1 else board.push_move(text)
    except MOVE_ERRORS as error:
        check_message(error, where)
        if board.fen4() != before:
            raise Finding(f"{where}: a refused move changed the board to {board.fen4()}") from None
        return
    if operation == 2:
        check_key(board, where)
        check_rereads(board, where)
        board.pop()
        if board.fen4() != before:
            raise Finding(f"{where}: pop after push_move leaves {board.fen4()}")
    listed = move in list(board.legal_moves)
    if not listed or move not in board.legal_moves:
        raise Finding(
            f"{where}: parses to {move}; in legal_moves: {move in board.legal_moves}, listed by legal_moves: {listed}"
        )
    for spelling in (str(move), board.move_text(move)):
        if board.parse_move(spelling) != move:
            raise Finding(f"{where}: {move} written {spelling!r} reads back as {board.parse_move(spelling)}")

"""Target: FEN4 text -> Board under fuzzed rule options. The core and the reference must both read
it or both refuse it, and write what they read the same way; what reads must write back, re-read
to the same fen4 and key, and keep its move counts consistent."""

from __future__ import annotations

import dataclasses

import fourchess
import fourchess.reference as reference

from . import Finding
from .fuzz_input import FuzzInput
from .invariants import check_counts, check_key, check_message, check_rereads, rules_from


def _reference_board(text: str, rules: fourchess.Rules) -> reference.Board | reference.Fen4Error:
    try:
        return reference.Board(text, rules=reference.Rules(**dataclasses.asdict(rules)))
    except reference.Fen4Error as error:
        return error


def check(data: bytes) -> None:
    source = FuzzInput(data)
    rules = rules_from(source)
    text = source.rest_text()
    where = f"Board({text[:200]!r} ({len(text)} characters), rules={rules})"
    try:
        board = fourchess.Board(text, rules=rules)
    except fourchess.Fen4Error as error:
        check_message(error, where)
        slow = _reference_board(text, rules)
        if not isinstance(slow, reference.Fen4Error):
            raise Finding(f"{where}: the core refuses it ({error}), the reference reads {slow.fen4()}") from error
        return
    slow = _reference_board(text, rules)
    if isinstance(slow, reference.Fen4Error):
        raise Finding(f"{where}: the reference refuses it ({slow}), the core reads {board.fen4()}")
    if slow.fen4() != board.fen4():
        raise Finding(f"{where}: the core writes {board.fen4()}, the reference {slow.fen4()}")
    check_key(board, where)
    check_rereads(board, where)
    check_counts(board, where)
    board.termination()
    for seat in range(4):
        board.is_check(seat)

"""Target: FEN4 text -> Board under fuzzed rule options; what reads must write back, re-read to
the same fen4 and key, and keep its move counts consistent."""

from __future__ import annotations

import fourchess

from .fuzz_input import FuzzInput
from .invariants import check_counts, check_key, check_rereads, rules_from


def check(data: bytes) -> None:
    source = FuzzInput(data)
    rules = rules_from(source)
    text = source.rest_text()
    try:
        board = fourchess.Board(text, rules=rules)
    except fourchess.Fen4Error:
        return
    where = f"Board({text[:200]!r}, rules={rules})"
    check_key(board, where)
    check_rereads(board, where)
    check_counts(board, where)
    board.termination()
    for seat in range(4):
        board.is_check(seat)

"""The Python API's per-call cost on a middlegame position (tests/data/fen4_real.txt, 3rd
position), against the bare C++ work of the same call timed in a C++ loop (``fourchess._timing.bare_cost``).
Each benchmark records ``cpp_ns`` and ``python_over_cpp`` (best Python time / C++ time).

Targets: legal_moves <= 3 us, push+pop <= 1 us, Board(fen4) <= 5 us, copy() <= 0.5 us,
fen4() <= 3 us.

Each round times a thousand calls, as timeit does: pytest-benchmark's own calibration chose one call
per round here, and then the two timer reads around it (about 0.1 us on the VM these figures come
from) were a fifth of a sub-microsecond call's figure."""

from __future__ import annotations

import fourchess
from fourchess import _timing
from positions import MIDDLEGAME

FEN4 = MIDDLEGAME.fen4


def _per_call(benchmark, call):
    """Time `call` in rounds of a thousand calls; the stats are per call. Returns its last result."""
    return benchmark.pedantic(call, rounds=30, iterations=1_000, warmup_rounds=1)


def _compare(benchmark, op):
    cpp = _timing.bare_cost(FEN4, False, op, 20_000)
    benchmark.extra_info["cpp_ns"] = round(cpp * 1e9, 1)
    benchmark.extra_info["python_over_cpp"] = round(benchmark.stats.stats.min / cpp, 2)


def test_list_legal_moves(benchmark):
    board = fourchess.Board(FEN4)
    assert len(_per_call(benchmark, lambda: list(board.legal_moves))) == MIDDLEGAME.legal_moves
    _compare(benchmark, "legal_moves")


def test_push_pop(benchmark):
    board = fourchess.Board(FEN4)
    move = next(iter(board.legal_moves))

    def push_pop():
        board.push(move)
        return board.pop()

    assert _per_call(benchmark, push_pop) == move
    _compare(benchmark, "push_pop")


def test_board_from_fen4(benchmark):
    board = _per_call(benchmark, lambda: fourchess.Board(FEN4))
    assert board.legal_moves.count() == MIDDLEGAME.legal_moves
    _compare(benchmark, "parse")


def test_copy(benchmark):
    board = fourchess.Board(FEN4)
    assert _per_call(benchmark, board.copy).fen4() == board.fen4()
    _compare(benchmark, "copy")


def test_fen4(benchmark):
    board = fourchess.Board(FEN4)
    assert _per_call(benchmark, board.fen4) == fourchess.Board(FEN4).fen4()
    _compare(benchmark, "fen4")

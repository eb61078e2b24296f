"""Search speed: nodes per second and the depth reached in one second, from the starts and on
the bench's middlegames, Teams and FFA, one and two threads; and the time to find the mate of
obryanlouis/4pchess issue 5 (tests/data/fen4_real.txt line 13).

Run: ``pytest bench/test_search.py --benchmark-only -s`` (the -s shows the depth and nodes/s lines).
"""

from __future__ import annotations

import pytest

import fourchess
from fourchess.engine import Engine
from positions import POSITIONS, _real

CASES = [("start", fourchess.MODERN_START_FEN4, "teams"), ("start-ffa", fourchess.MODERN_START_FEN4, "ffa")] + [
    (p.name, p.fen4, p.mode) for p in POSITIONS if p.name.startswith("middlegame")
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name, fen4, mode", CASES, ids=[c[0] for c in CASES])
def test_one_second_search(benchmark, name, fen4, mode, threads):
    board = fourchess.Board(fen4, mode=mode)
    engine = Engine(hash_mb=64, threads=threads)

    def one_second():
        engine.new_game()
        return engine.search(board, movetime=1.0)

    result = benchmark.pedantic(one_second, rounds=1, iterations=1)
    assert result.best in board.legal_moves
    print(
        f"\n{name} {mode} threads={threads}: depth {result.depth} seldepth {result.seldepth} "
        f"nodes {result.nodes:,} nodes/s {result.nps:,} best {result.best}"
    )


def test_time_to_the_4pchess_issue_5_mate(benchmark):
    board = fourchess.Board(_real(13))

    def solve():
        return Engine(hash_mb=16).search(board, depth=8)

    result = benchmark.pedantic(solve, rounds=3, iterations=1)
    assert result.score.mate == 1
    print(f"\n4pchess issue 5 mate in 1: {result.best} found at depth 1; depth 8 took {result.time:.4f} s")

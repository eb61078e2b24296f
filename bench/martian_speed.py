"""Martian Chess speed beside four-player chess's, in one run on this machine:

    python bench/martian_speed.py

perft nodes/s from each start (bulk counting, and every leaf move made and unmade) for the
Martian core in two and four players, four-player chess's perft from its start for comparison,
the plain-Python reference's rate, and the CPU player's depth and nodes/s in one second.
"""

from __future__ import annotations

import time

import fourchess
from fourchess import martian
from fourchess.martian import reference


def rate(count: int, seconds: float) -> str:
    return f"{count:>12,} nodes {seconds:7.3f} s {count / seconds:>14,.0f} nodes/s"


def timed(call: object) -> tuple[int, float]:
    start = time.perf_counter()
    count = call()  # type: ignore[operator]
    return count, time.perf_counter() - start


def main() -> None:
    chess = fourchess.Board()
    print("four-player chess, Teams, perft 5 bulk:", rate(*timed(lambda: chess.perft(5))))
    for players, depth in ((2, 6), (4, 6)):
        board = martian.Board(players=players)
        print(f"martian {players} players, perft {depth} bulk:", rate(*timed(lambda b=board, d=depth: b.perft(d))))
        print(
            f"martian {players} players, perft {depth} make/unmake:",
            rate(*timed(lambda b=board, d=depth: b._perft(d, 1, False))),
        )
        game = reference.Game(players=players)
        print(f"martian {players} players, reference perft 4:", rate(*timed(lambda g=game: reference.perft(g, 4))))
        result = martian.MartianEngine().search(board, movetime=1.0)
        print(
            f"martian {players} players, search 1 s from the start: depth {result.depth}, "
            f"{result.nodes:,} nodes, {result.nodes / result.seconds:,.0f} nodes/s"
        )


if __name__ == "__main__":
    main()

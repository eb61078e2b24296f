"""``fourchess bench``: the headline speed figures on this machine in a few seconds.

The full suites (with the counts they assert) are in bench/; this is the quick look.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator

from fourchess import _timing
from fourchess.board import Board

# The middlegame of bench/positions.py (tests/data/fen4_real.txt, 3rd position), Teams.
MIDDLEGAME = (
    "R-0,0,0,0-1,0,1,1-1,0,1,1-0,0,0,0-1-x,x,x,yR,1,yB,yK,2,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,2,yP,yP,x,"
    "x,x/x,x,x,2,yN,2,yP,2,x,x,x/bR,bP,5,yP,4,gP,gR/bN,bP,10,gP,1/bB,2,yQ,7,gN,gP,gB/1,bP,rQ,1,rB,6,"
    "gP,1,gK/bK,1,bP,2,bQ,6,gP,1/1,bP,1,bN,4,gQ,3,gP,gB/bR,9,gP,3/1,bP,2,rP,4,gP,gN,2,gR/x,x,x,2,rN,"
    "1,rP,rN,2,x,x,x/x,x,x,rP,1,rP,rP,1,rP,rP,rP,x,x,x/x,x,x,rR,3,rK,rB,1,rR,x,x,x"
)


def best_time(call: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``call``, in seconds: the run least disturbed by the rest
    of the machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def _per_call(call: Callable[[], object], calls: int = 2_000) -> float:
    def loop() -> None:
        for _ in range(calls):
            call()

    return best_time(loop, 3) / calls


def rows(depth: int = 6) -> Iterator[tuple[str, str, str]]:
    """Rows of (figure, value, note), each as soon as it is measured."""
    for label, bulk, plies in (
        (f"perft({depth}) bulk", True, depth),
        (f"perft({depth - 1}) make/unmake every leaf", False, depth - 1),
    ):
        speed: dict[str, float] = {}
        for mode in ("teams", "ffa"):
            board = Board(mode=mode)
            seconds = best_time(lambda b=board, d=plies, k=bulk: b.perft(d, bulk=k), 2)  # type: ignore[misc]
            speed[mode] = _nodes(board, plies) / seconds
            note = "" if mode == "teams" else f"{speed['ffa'] / speed['teams']:.0%} of Teams"
            yield (f"{label}, {mode}, 1 thread", f"{speed[mode] / 1e6:,.1f} M nodes/s", note)
    board = Board()
    one = best_time(lambda: board.perft(depth), 2)
    two = best_time(lambda: board.perft(depth, threads=2), 2)
    yield (f"perft({depth}) 2 threads / 1 thread", f"{one / two:.2f}x", f"{os.cpu_count()} CPUs")
    middle = Board(MIDDLEGAME)
    move = next(iter(middle.legal_moves))

    def push_pop() -> None:
        middle.push(move)
        middle.pop()

    calls = [
        ("list(board.legal_moves)", lambda: list(middle.legal_moves), "legal_moves"),
        ("push + pop", push_pop, "push_pop"),
        ("Board(fen4)", lambda: Board(MIDDLEGAME), "parse"),
        ("board.copy()", middle.copy, "copy"),
        ("board.fen4()", middle.fen4, "fen4"),
    ]
    for name, call, op in calls:
        python = _per_call(call)
        cpp = _timing.bare_cost(MIDDLEGAME, False, op, 20_000)
        yield (
            f"{name} (middlegame)",
            f"{python * 1e6:.2f} us",
            f"C++ alone {cpp * 1e6:.2f} us, ratio {python / cpp:.1f}",
        )


def load_warning(load: float, cpus: int) -> str | None:
    """What to say when other work shares the machine: a one-minute load average above the
    number of CPUs means the figures will come out low."""
    if load <= cpus:
        return None
    return (
        f"warning: the load average is {load:.2f} on {cpus} CPUs: other work is running, so these figures "
        "will be low; measure on a quiet machine"
    )


_COUNTS: dict[tuple[str, int], int] = {}


def _nodes(board: Board, depth: int) -> int:
    key = (board.fen4() + board.mode, depth)
    if key not in _COUNTS:
        _COUNTS[key] = board.perft(depth)
    return _COUNTS[key]


NAME_WIDTH = 48  # the longest figure's name at depths up to 9, so that rows line up as they come


def print_rows(rows: Iterable[tuple[str, str, str]]) -> None:
    """Prints each row as soon as it is measured."""
    for name, value, note in rows:
        print(f"{name:<{NAME_WIDTH}}  {value:>18}  {note}".rstrip(), flush=True)

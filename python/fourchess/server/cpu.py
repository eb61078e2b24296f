"""The CPU player for a server: fourchess's SearchPlayer, run on a few worker threads (the core's
search releases the GIL), each thread with an engine of its own.

Searches wait their turn in a queue of the event loop's, not the thread pool's: a game with a
player at the board goes before games only watched or left alone, and within each of those
classes the oldest request goes first. A game has at most one search waiting (the Room drives one
ply at a time), so first-come is round-robin across games: forty games played by nobody cannot
keep a real game's CPU seat waiting behind all of their moves. The time a search may take is asked
for when a worker takes it, so a request that waited is cut to what is left of the turn, or
dropped when nothing is.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from fourchess import Board, Move
from fourchess.players import SearchPlayer

ENGINE_HASH_MB = 16  # per worker thread; the server's CPU moves are short searches
SEARCH_NICENESS = 10  # the searches yield a busy core to the event loop that answers the players
PLAYED = 0  # a game with a player at the board: its CPU seats answer first
WATCHED = 1  # a game only watched, or left alone a short while

Budget = Callable[[], "float | None"]
"""Seconds the search may take, asked for when a worker is free; None: the turn is over, drop it."""


class TurnOver(Exception):
    """The search was dropped: the turn had no time left when a worker was free for it."""


@dataclass(order=True)
class _Request:
    priority: int
    order: int
    board: Board = field(compare=False)
    budget: Budget = field(compare=False)
    future: asyncio.Future[Move] = field(compare=False)


class CpuPlayers:
    """Chooses CPU moves off the event loop: ``workers`` threads, one SearchPlayer each."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fourchess-cpu", initializer=_think_in_the_background)
        self._local = threading.local()
        self._waiting: list[_Request] = []
        self._order = itertools.count()
        self._busy = 0
        self.searches = 0  # searches run so far

    @property
    def waiting(self) -> int:
        """Requests not yet taken by a worker."""
        return sum(1 for request in self._waiting if not request.future.done())

    async def choose(self, board: Board, budget: Budget | float, priority: int = PLAYED) -> Move:
        """The search's move for ``board``'s side to move. ``budget``: seconds to think, or a
        function giving them when a worker is free (None: TurnOver is raised instead).
        ``priority``: PLAYED or WATCHED. The board is the caller's own copy: the search reads it
        from another thread."""
        take = budget if callable(budget) else (lambda: float(budget))  # type: ignore[arg-type, return-value]
        future: asyncio.Future[Move] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, _Request(priority, next(self._order), board, take, future))
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        while self._busy < self.workers and self._waiting:
            request = heapq.heappop(self._waiting)
            if request.future.done():  # its caller gave up (the room closed, the turn moved on)
                continue
            movetime = request.budget()
            if movetime is None:
                request.future.set_exception(TurnOver("the turn was over before a worker was free"))
                continue
            self._busy += 1
            self.searches += 1
            running = asyncio.get_running_loop().run_in_executor(self._pool, self._choose, request.board, movetime)
            running.add_done_callback(lambda done, request=request: self._finished(request, done))  # type: ignore[misc]

    def _finished(self, request: _Request, done: asyncio.Future[Move]) -> None:
        self._busy -= 1
        if not request.future.done():
            if done.cancelled():
                request.future.cancel()
            elif done.exception() is not None:
                request.future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                request.future.set_result(done.result())
        self._dispatch()

    def _choose(self, board: Board, movetime: float) -> Move:
        player = getattr(self._local, "player", None)
        if player is None:
            player = self._local.player = SearchPlayer(movetime=movetime, hash_mb=ENGINE_HASH_MB)
        player.movetime = movetime
        return player.choose_move(board)

    def close(self) -> None:
        """Drop the waiting requests, finish the searches under way and stop the threads."""
        for request in self._waiting:
            request.future.cancel()
        self._waiting.clear()
        self._pool.shutdown(wait=True, cancel_futures=True)


def _think_in_the_background() -> None:
    """Lower this worker thread's scheduling priority (Linux: niceness is per thread); elsewhere,
    or when refused, the thread keeps the process's priority."""
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + SEARCH_NICENESS))
    except (AttributeError, OSError):
        pass

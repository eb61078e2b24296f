"""The CPU players for a server, run on a few worker threads (the searches release the GIL), each
thread with an engine of its own for each game (its GameKind's CpuEngine: fourchess's search,
the Martian search, a Stockfish process).

Searches wait their turn in one priority queue: a game with a player at the board goes before games
only watched or left alone, and within each of those classes the oldest request goes first. A game
has at most one search waiting (the Room drives one ply at a time), so first-come is round-robin
across games: forty games played by nobody cannot keep a real game's CPU seat waiting behind all of
their moves. The time a search may take is asked for when a worker takes it, so a request that
waited is cut to what is left of the turn, or dropped when nothing is.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from fourchess.server.games import CpuEngine, GameKind

SEARCH_NICENESS = 10  # the searches yield a busy core to the event loop that answers the players
PLAYED = 0  # a game with a player at the board: its CPU seats answer first
WATCHED = 1  # a game only watched, or left alone a short while

Budget = Callable[[], "float | None"]
"""Seconds the search may take, asked for by the worker that takes it (so on that worker's
thread: it may read plain values, never a board); None: the turn is over, drop it."""


class TurnOver(Exception):
    """The search was dropped: the turn had no time left when a worker was free for it."""


@dataclass(order=True)
class _Request:
    priority: int
    order: int
    kind: GameKind = field(compare=False)
    position: object = field(compare=False)  # the game's Play.for_cpu()
    skill: int | None = field(compare=False)
    budget: Budget = field(compare=False)
    future: asyncio.Future[str] = field(compare=False)
    loop: asyncio.AbstractEventLoop = field(compare=False)
    dropped: bool = field(default=False, compare=False)  # its caller gave up (set on the loop)


class CpuPlayers:
    """Chooses CPU moves off the event loop: ``workers`` threads, each with a CpuEngine per game. A worker
    that finishes a search takes the next request itself, without waiting for the event loop
    (which, under load, is busy answering players); only the answer goes back through the loop."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._queue = threading.Condition()
        self._waiting: list[_Request] = []
        self._order = itertools.count()
        self._closing = False
        self.searches = 0  # searches run so far
        self._threads = [
            threading.Thread(target=self._work, name=f"fourchess-cpu-{number}", daemon=True)
            for number in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    @property
    def waiting(self) -> int:
        """Requests not yet taken by a worker."""
        with self._queue:
            return sum(1 for request in self._waiting if not request.dropped)

    async def choose(
        self,
        kind: GameKind,
        position: object,
        budget: Budget | float,
        priority: int = PLAYED,
        skill: int | None = None,
    ) -> str:
        """``kind``'s CPU move (its text) for ``position`` (a ``Play.for_cpu()``: the caller's own
        copy, read on another thread). ``budget``: seconds to think, or a function giving them
        when a worker is free (None: TurnOver is raised instead). ``priority``: PLAYED or WATCHED.
        ``skill``: the game's CPU strength setting, when it has one."""
        take = budget if callable(budget) else (lambda: float(budget))
        loop = asyncio.get_running_loop()
        request = _Request(priority, next(self._order), kind, position, skill, take, loop.create_future(), loop)

        def drop(_: object) -> None:
            request.dropped = True

        request.future.add_done_callback(drop)
        with self._queue:
            if self._closing:
                raise RuntimeError("the CPU players are closed")
            heapq.heappush(self._waiting, request)
            self._queue.notify()
        return await request.future

    def _work(self) -> None:
        _think_in_the_background()
        engines: dict[str, CpuEngine] = {}  # this thread's, by game
        try:
            self._serve(engines)
        finally:
            for engine in engines.values():
                engine.close()

    def _serve(self, engines: dict[str, CpuEngine]) -> None:
        while True:
            with self._queue:
                while not self._waiting and not self._closing:
                    self._queue.wait()
                if self._closing:
                    return
                request = heapq.heappop(self._waiting)
                if request.dropped:
                    continue
            try:
                movetime = request.budget()
                if movetime is None:
                    raise TurnOver("the turn was over before a worker was free")
                with self._queue:
                    self.searches += 1
                engine = engines.get(request.kind.name)
                if engine is None:
                    engine = engines[request.kind.name] = request.kind.new_cpu()
                move = self._think(engine, request.position, movetime, request.skill)
            except BaseException as error:  # the caller's to see, like the move
                _answer(request, error=error)
            else:
                _answer(request, move=move)

    def _think(self, engine: CpuEngine, position: object, movetime: float, skill: int | None) -> str:
        """One search on this worker's ``engine`` for its game."""
        return engine.choose(position, movetime, skill)

    def close(self) -> None:
        """Drop the waiting requests, finish the searches under way and stop the threads."""
        with self._queue:
            self._closing = True
            dropped, self._waiting = self._waiting, []
            self._queue.notify_all()
        for request in dropped:
            request.loop.call_soon_threadsafe(request.future.cancel)
        for thread in self._threads:
            thread.join()


def _answer(request: _Request, move: str | None = None, error: BaseException | None = None) -> None:
    """Hand a worker's result to the request's event loop (a loop already closed: nobody waits)."""

    def settle() -> None:
        if request.future.done():  # the caller gave up meanwhile
            return
        if error is not None:
            request.future.set_exception(error)
        else:
            request.future.set_result(move)  # type: ignore[arg-type]

    try:
        request.loop.call_soon_threadsafe(settle)
    except RuntimeError:
        pass


def _think_in_the_background() -> None:
    """Lower this worker thread's scheduling priority (Linux: niceness is per thread); elsewhere,
    or when refused, the thread keeps the process's priority."""
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + SEARCH_NICENESS))
    except (AttributeError, OSError):
        pass

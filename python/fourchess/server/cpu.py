"""The CPU player for a server: fourchess's SearchPlayer, run on a few worker threads (the core's
search releases the GIL), each thread with an engine of its own."""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from fourchess import Board, Move
from fourchess.players import SearchPlayer

ENGINE_HASH_MB = 16  # per worker thread; the server's CPU moves are short searches
SEARCH_NICENESS = 10  # the searches yield a busy core to the event loop that answers the players


class CpuPlayers:
    """Chooses CPU moves off the event loop: ``workers`` threads, one SearchPlayer each."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="fourchess-cpu", initializer=_think_in_the_background)
        self._local = threading.local()

    async def choose(self, board: Board, movetime: float) -> Move:
        """The search's move for ``board``'s side to move within ``movetime`` seconds. The board
        is the caller's own copy: the search reads it from another thread."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._choose, board, movetime)

    def _choose(self, board: Board, movetime: float) -> Move:
        player = getattr(self._local, "player", None)
        if player is None:
            player = self._local.player = SearchPlayer(movetime=movetime, hash_mb=ENGINE_HASH_MB)
        player.movetime = movetime
        return player.choose_move(board)

    def close(self) -> None:
        """Finish the searches under way and stop the threads."""
        self._pool.shutdown(wait=True, cancel_futures=True)


def _think_in_the_background() -> None:
    """Lower this worker thread's scheduling priority (Linux: niceness is per thread); elsewhere,
    or when refused, the thread keeps the process's priority."""
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + SEARCH_NICENESS))
    except (AttributeError, OSError):
        pass

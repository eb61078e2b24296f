"""The CPU player's search, over the core: ``search()`` for one position, ``Engine`` for a game.

Scores are from the side to move's view: in Teams its team against the other, in FFA its seat
against its rivals. A pawn is 50 units in Teams (four-player chess values pieces so), and an FFA
point is 100. ``Score.mate`` counts plies (seat turns, not rounds) to a forced end of the game.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fourchess import _core
from fourchess._checked import checked_count
from fourchess._core import Move
from fourchess._quote import quoted

MAX_DEPTH: int = _core.MAX_SEARCH_DEPTH
MAX_HASH_MB = 65536


def max_hash_mb() -> int:
    """The largest table this machine can hold without swapping: half its memory (at most MAX_HASH_MB)."""
    try:
        physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not a POSIX system: trust the caller
        return MAX_HASH_MB
    return max(1, min(MAX_HASH_MB, physical // 2 // 2**20))


MAX_THREADS = 256
FFA_SEARCHES = ("brs+", "paranoid")


@dataclass(frozen=True)
class Score:
    """``cp`` in evaluation units, or ``mate``: plies to a forced end, > 0 won, < 0 lost."""

    cp: int | None
    mate: int | None = None

    def uci(self) -> str:
        """The score as a UCI ``info`` line writes it: ``"cp 35"`` or ``"mate 3"``."""
        return f"mate {self.mate}" if self.mate is not None else f"cp {self.cp}"

    def __str__(self) -> str:
        return self.uci()


@dataclass(frozen=True)
class SearchResult:
    """What a search found; ``info`` callbacks get one per completed iteration.

    ``best`` is ``None`` only when the side to move has no legal move (or the game is over);
    ``pv`` starts with it; ``score`` is a :class:`Score` for the side to move; ``depth`` the last
    completed iteration and ``seldepth`` the deepest ply reached; ``nodes`` the positions visited,
    ``nps`` per second; ``time`` is in seconds.
    """

    best: Move | None
    score: Score
    pv: tuple[Move, ...]
    depth: int
    seldepth: int
    nodes: int
    nps: int
    time: float


def _result(raw: tuple[Any, ...]) -> SearchResult:
    best, score, mate, pv, depth, seldepth, nodes, seconds = raw
    nps = int(nodes / seconds) if seconds > 0 else 0
    value = Score(None, mate) if mate else Score(score)
    return SearchResult(best, value, tuple(pv), depth, seldepth, nodes, nps, seconds)


def _seconds(value: object, name: str, *, zero_ok: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, got {type(value).__name__}")
    seconds = float(value)
    if not math.isfinite(seconds) or seconds < 0 or (seconds == 0 and not zero_ok):
        raise ValueError(
            f"{name} must be a finite number of seconds {'>= 0' if zero_ok else '> 0'}, got {quoted(value)}"
        )
    return seconds


def _four_seconds(values: object, name: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise TypeError(f"{name} must be four numbers of seconds (Red, Blue, Yellow, Green)")
    if len(values) != 4:
        raise ValueError(f"{name} must have four values (Red, Blue, Yellow, Green), got {len(values)}")
    return [_seconds(v, f"{name}[{i}]", zero_ok=True) for i, v in enumerate(values)]


def checked_limits(
    depth: object, nodes: object, movetime: object, clocks: object, increments: object
) -> tuple[int, int, float, list[float], list[float]]:
    """A search's limits checked and in the core's terms: depth and nodes (0 for none), movetime
    in seconds (0.0 for none), and the four clocks and increments (empty for none)."""
    d = 0 if depth is None else checked_count(depth, "depth", 1, MAX_DEPTH)
    n = 0 if nodes is None else checked_count(nodes, "nodes", 1, 2**63 - 1)
    t = 0.0 if movetime is None else _seconds(movetime, "movetime", zero_ok=False)
    c = [] if clocks is None else _four_seconds(clocks, "clocks")
    i = [] if increments is None else _four_seconds(increments, "increments")
    if i and not c:
        raise ValueError("increments need clocks")
    return d, n, t, c, i


class PendingSearch:
    """A search running in a background thread (from :meth:`Engine.start`)."""

    def __init__(self, engine: Engine, run: Callable[[], SearchResult]) -> None:
        self._engine = engine
        self._result: SearchResult | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(run,), name="fourchess-search", daemon=True)
        self._thread.start()

    def _run(self, run: Callable[[], SearchResult]) -> None:
        try:
            self._result = run()
        except BaseException as error:  # handed to whoever asks for the result
            self._error = error

    def stop(self) -> None:
        """Asks the search to end soon; :meth:`result` then gives its best move so far."""
        self._engine.stop()

    def done(self) -> bool:
        """The search has finished (its result is ready)."""
        return not self._thread.is_alive()

    def result(self, timeout: float | None = None) -> SearchResult:
        """Waits for the search (``TimeoutError`` after ``timeout`` seconds) and returns its result."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError(f"the search is still running after {quoted(timeout)} s")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


class Engine:
    """A CPU player's search with its own transposition table, kept across the moves of a game.

    ``ffa_search`` is ``"paranoid"`` (the default: every opponent searches every move against us;
    it beat BRS+ at equal time, docs/engine.md) or ``"brs+"`` (best-reply search: one opponent
    replies with a full search between two of our moves, the others play their most likely move).
    One search at a time; ``stop()`` from any thread.

    >>> from fourchess import Board
    >>> engine = Engine(hash_mb=16)
    >>> result = engine.search(Board(), depth=3)
    >>> result.best in Board().legal_moves, result.depth
    (True, 3)
    """

    def __init__(self, *, hash_mb: int = 64, threads: int = 1, ffa_search: str = "paranoid") -> None:
        self._core = _core.Searcher(checked_count(hash_mb, "hash_mb", 1, max_hash_mb()))
        self.threads = threads
        self.ffa_search = ffa_search

    @property
    def hash_mb(self) -> int:
        """The transposition table's size in MB (1 up to half this machine's memory); setting it
        clears the table."""
        return self._core.hash_mb

    @hash_mb.setter
    def hash_mb(self, value: int) -> None:
        self._core.set_hash_mb(checked_count(value, "hash_mb", 1, max_hash_mb()))

    @property
    def threads(self) -> int:
        """Search threads (1-256), sharing the table."""
        return self._core.threads

    @threads.setter
    def threads(self, value: int) -> None:
        self._core.threads = checked_count(value, "threads", 1, MAX_THREADS)

    @property
    def ffa_search(self) -> str:
        """The FFA search: ``"paranoid"`` (the default) or ``"brs+"`` (docs/engine.md)."""
        return "paranoid" if self._core.paranoid else "brs+"

    @ffa_search.setter
    def ffa_search(self, value: str) -> None:
        if not isinstance(value, str) or value.lower() not in FFA_SEARCHES:
            raise ValueError(f"ffa_search must be one of {', '.join(FFA_SEARCHES)}, got {quoted(value)}")
        self._core.paranoid = value.lower() == "paranoid"

    def new_game(self) -> None:
        """Forgets what earlier searches learnt."""
        self._core.clear()

    def stop(self) -> None:
        """Ends the running search soon (it still returns its best move); any thread."""
        self._core.stop()

    def _runner(
        self,
        board: Any,
        depth: Any,
        nodes: Any,
        movetime: Any,
        clocks: Any,
        increments: Any,
        infinite: bool,
        info: Callable[[SearchResult], object] | None,
    ) -> Callable[[], SearchResult]:
        from fourchess.board import Board

        if not isinstance(board, Board):
            raise TypeError(f"board must be a fourchess.Board, got {type(board).__name__}")
        limits = checked_limits(depth, nodes, movetime, clocks, increments)
        if not isinstance(infinite, bool):  # bool("no") is True: a search that never ends
            raise TypeError(f"infinite must be a bool, got {type(infinite).__name__}")
        if info is not None and not callable(info):
            raise TypeError("info must be callable")
        callback = None if info is None else (lambda raw: info(_result(raw)))
        position = board.copy(stack=True)  # the caller may push while the search runs
        self._core.arm()
        return lambda: _result(self._core.search(position, *limits, bool(infinite), callback))

    def search(
        self,
        board: Any,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        clocks: Sequence[float] | None = None,
        increments: Sequence[float] | None = None,
        infinite: bool = False,
        info: Callable[[SearchResult], object] | None = None,
    ) -> SearchResult:
        """Searches the side to move of ``board`` and returns the best move found.

        Limits: ``depth`` (iterations), ``nodes``, ``movetime`` (seconds), ``clocks`` (seconds left
        per seat, R B Y G) with ``increments``; ``infinite`` runs until :meth:`stop`. With none,
        depth 6. ``info`` is called after every completed iteration. The GIL is released while it
        searches.
        """
        return self._runner(board, depth, nodes, movetime, clocks, increments, infinite, info)()

    def start(
        self,
        board: Any,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        clocks: Sequence[float] | None = None,
        increments: Sequence[float] | None = None,
        infinite: bool = False,
        info: Callable[[SearchResult], object] | None = None,
    ) -> PendingSearch:
        """Like :meth:`search`, in a background thread; a :meth:`stop` after this returns is never lost."""
        return PendingSearch(self, self._runner(board, depth, nodes, movetime, clocks, increments, infinite, info))


def search(
    board: Any,
    *,
    depth: int | None = None,
    nodes: int | None = None,
    movetime: float | None = None,
    clocks: Sequence[float] | None = None,
    increments: Sequence[float] | None = None,
    threads: int = 1,
    hash_mb: int = 64,
    ffa_search: str = "paranoid",
    info: Callable[[SearchResult], object] | None = None,
) -> SearchResult:
    """Searches ``board`` once with a fresh :class:`Engine` (see :meth:`Engine.search`)."""
    engine = Engine(hash_mb=hash_mb, threads=threads, ffa_search=ffa_search)
    return engine.search(
        board, depth=depth, nodes=nodes, movetime=movetime, clocks=clocks, increments=increments, info=info
    )

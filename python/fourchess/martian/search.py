"""The Martian Chess CPU player: a search in the core (docs/martian.md), for two and four players.

Values are the side to move's (its team's with the teams option): 100 for each point it leads its
rivals' mean by (the one rival's points with two players or teams), adjusted for the material
standing in its zone and its mobility; a finished game is worth ``WIN`` less the moves it takes
(first place), ``-WIN`` (last place), or between. The search is alpha-beta for two players and the
paranoid search for four (every opponent plays against the side to move), with iterative deepening,
a transposition table and quiescence over captures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from fourchess import _martian
from fourchess._checked import checked_count
from fourchess._quote import quoted
from fourchess.martian.board import Board
from fourchess.martian.moves import Move

WIN: int = _martian.WIN
MAX_DEPTH: int = _martian.MAX_SEARCH_DEPTH


@dataclass(frozen=True)
class SearchResult:
    """``best``: the move to play (None only when the game is over); ``score``: its value for the
    side to move; ``depth``: the last iteration completed; ``nodes`` and ``seconds`` spent;
    ``pv``: the line the search expects."""

    best: Move | None
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[Move, ...]


class MartianEngine:
    """A Martian searcher keeping its transposition table (``hash_mb`` megabytes) between the
    moves of a game. One search at a time; ``stop()`` from any thread ends the one under way."""

    def __init__(self, hash_mb: int = 16) -> None:
        if isinstance(hash_mb, bool) or not isinstance(hash_mb, int) or not 1 <= hash_mb <= 4096:
            raise ValueError(f"hash_mb must be an int 1..4096, got {quoted(hash_mb)}")
        self._core = _martian.Searcher(hash_mb)

    def stop(self) -> None:
        """Ends the search under way; it returns the best move of its last finished iteration."""
        self._core.stop()

    def search(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: float | None = None,
        clocks: Sequence[float] | None = None,
        increments: Sequence[float] | None = None,
    ) -> SearchResult:
        """The best move for the side to move of ``board``. Limits: ``depth`` (iterations, at most
        MAX_DEPTH), ``nodes``, ``movetime`` (seconds), ``clocks`` and ``increments`` (seconds, one per
        seat of a four-seat tuple; a two-player game uses the first two). No limit: depth 6."""
        if not isinstance(board, Board):
            raise TypeError(f"board must be a fourchess.martian.Board, got {type(board).__name__}")
        raw = self._core.search(
            board,
            0 if depth is None else checked_count(depth, "depth", 1, MAX_DEPTH),
            0 if nodes is None else checked_count(nodes, "nodes", 1, 2**62),
            _seconds(movetime, "movetime"),
            _four_times(clocks, "clocks"),
            _four_times(increments, "increments") if clocks is not None else [],
            False,
        )
        best, score, reached, count, seconds, pv = raw
        return SearchResult(
            None if best is None else Move(*best), score, reached, count, seconds, tuple(Move(*p) for p in pv)
        )


def search(board: Board, **limits: object) -> SearchResult:
    """One search with a fresh 16 MB engine: ``search(board, depth=4)``, ``movetime=0.5``, ..."""
    return MartianEngine().search(board, **limits)  # type: ignore[arg-type]


def _seconds(value: object, name: str, *, zero_ok: bool = False) -> float:
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds, got {type(value).__name__}")
    if not (math.isfinite(value) and (0 <= value if zero_ok else 0 < value) and value <= 86_400):
        raise ValueError(f"{name} must be {'0' if zero_ok else 'more than 0'} to a day in seconds, got {quoted(value)}")
    return float(value)


def _four_times(values: Sequence[float] | None, name: str) -> list[float]:
    if values is None:
        return []
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not 2 <= len(values) <= 4:
        raise ValueError(f"{name} must be a sequence of 2 to 4 seconds, one per seat")
    times = [_seconds(value, name, zero_ok=True) for value in values]
    return times + [0.0] * (4 - len(times))

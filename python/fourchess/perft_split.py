"""Perft split into subtrees that are counted apart: by a pool of threads here, or as tasks on a
Ray cluster (:mod:`fourchess.dist.perft`), with a checkpoint (:mod:`fourchess.perft_checkpoint`) so
that a long count that stops resumes where it stopped.

The tree is cut ``split`` plies below the root: each subtree is the path of moves that leads to it
and the plies left to count under it. The moves on the way are perft's own (``divide(1)`` at each
step), so the subtrees' counts add up to ``perft(depth)`` exactly; a path that ends the game early
leads to an empty subtree. Perft ignores a game's history (docs/rules.md §9), so every count starts
from a copy of the position without it, the same in every process.

The subtrees are cut by plies, not by size: :func:`default_split` cuts deep enough that each is at
most a ``perft(SUBTREE_PLIES)`` from its node, a few tenths of a second on one core from positions
like the start, so that a lost worker or an interruption loses little work.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from fourchess._quote import quoted

SUBTREE_PLIES = 6  # the most plies a subtree of default_split counts
ROOT_REPLIES = 2  # root moves x replies from perft(4) on, so that even perft(5) spreads over many workers


@dataclass(frozen=True)
class Subtree:
    """The part of the tree under ``path`` (move texts from the root), counted ``plies`` deeper."""

    path: tuple[str, ...]
    plies: int


@dataclass(frozen=True)
class Counted:
    """A subtree's count, the seconds the worker spent on it, and where it was counted (a Ray
    node's id; empty in this process)."""

    subtree: Subtree
    nodes: int
    seconds: float
    node: str = ""


# A way to count subtrees: given the root (a board without history) and the subtrees, yields each
# one's count as it finishes, in any order. Stopping the iterator (close) stops the work.
Executor = Callable[[Any, list[Subtree]], Iterator[Counted]]


def default_split(depth: int) -> int:
    """How many plies below the root the tree is cut for a count of ``depth``: root moves x
    replies, or deeper where the subtrees would count more than SUBTREE_PLIES plies; root moves
    alone for small counts, whose hundreds of tiny tasks would cost more than they count."""
    if depth <= 3:  # a few hundred thousand nodes at most: root moves are enough
        return min(depth, 1)
    return max(ROOT_REPLIES, depth - SUBTREE_PLIES)


def history_free(board: Any) -> Any:
    """A copy of ``board`` (four-player chess or Martian Chess) with its position and rules and no
    history: what perft counts from."""
    if hasattr(board, "fen4"):
        return type(board)(board.fen4(), rules=board.rules)
    return type(board)(board.mfen(), rules=board.rules)


def position_text(board: Any) -> str:
    """The position's text: FEN4, or the Martian position text."""
    return str(board.fen4() if hasattr(board, "fen4") else board.mfen())


def game_name(board: Any) -> str:
    """``"chess"`` for a four-player chess board, ``"martian"`` for a Martian Chess one."""
    return "chess" if hasattr(board, "fen4") else "martian"


def check_split(depth: int, split: int | None) -> int:
    """``split``, or the default for ``depth``; ValueError for a split that leaves nothing to count."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number of plies from 0, got {quoted(depth)}")
    if split is None:
        return default_split(depth)
    lowest = min(depth, 1)  # a count from the root alone only at depth 0
    if isinstance(split, bool) or not isinstance(split, int) or not lowest <= split <= depth:
        raise ValueError(f"split must be from {lowest} to the depth ({depth}), got {quoted(split)}")
    return split


def plan(root: Any, depth: int, split: int) -> list[Subtree]:
    """The subtrees of perft(``depth``) from ``root`` (a board without history) cut ``split`` plies
    down, in the order :meth:`divide` gives the moves on their way (root moves first)."""
    subtrees: list[Subtree] = []

    def walk(board: Any, path: tuple[str, ...]) -> None:
        if len(path) == split:
            subtrees.append(Subtree(path, depth - split))
            return
        for move in board.divide(1):
            child = board.copy()
            child.push_move(str(move))
            walk(child, (*path, str(move)))

    walk(root, ())
    return subtrees


def count_subtree(root: Any, subtree: Subtree, threads: int = 1) -> int:
    """The leaves under ``subtree`` of ``root`` (a board without history)."""
    board = root.copy()
    for text in subtree.path:
        board.push_move(text)
    if subtree.plies == 0:
        return 1
    count: int = board.perft(subtree.plies, threads=threads)
    return count


def thread_executor(workers: int) -> Executor:
    """Counts the subtrees ``workers`` at a time on threads of this process (the native perft
    releases the GIL), keeping only a few more queued than running."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 256:
        raise ValueError(f"threads must be from 1 to 256, got {quoted(workers)}")

    def execute(root: Any, subtrees: list[Subtree]) -> Iterator[Counted]:
        def timed(subtree: Subtree) -> Counted:
            start = time.perf_counter()
            nodes = count_subtree(root, subtree)
            return Counted(subtree, nodes, time.perf_counter() - start)

        waiting = iter(subtrees)
        with ThreadPoolExecutor(workers) as pool:
            running: set[Future[Counted]] = set()
            try:
                while True:
                    for subtree in waiting:
                        running.add(pool.submit(timed, subtree))
                        if len(running) >= 2 * workers:
                            break
                    if not running:
                        return
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:  # stopped early: the counts under way finish, the queued ones never start
                for future in running:
                    future.cancel()

    return execute


class SplitPerft:
    """perft(``depth``) of ``board`` cut ``split`` plies down (default: :func:`default_split`):
    :attr:`subtrees` to count, and :meth:`run` to count those not yet ``known``."""

    def __init__(self, board: Any, depth: int, split: int | None = None) -> None:
        self.depth = depth
        self.split = check_split(depth, split)
        self.root = history_free(board)
        self.subtrees = plan(self.root, depth, self.split)
        self.root_moves = [str(move) for move in self.root.divide(1)] if self.split else []
        self.counts: dict[tuple[str, ...], int] = {}  # by path, as run() counts them

    def run(
        self,
        execute: Executor,
        known: dict[tuple[str, ...], int] | None = None,
        on_counted: Callable[[Counted], None] | None = None,
    ) -> Iterator[tuple[str, int]]:
        """Counts the subtrees not in ``known`` (counts by path, from a checkpoint) with
        ``execute``, telling ``on_counted`` of each as it finishes; yields each root move's text
        and total in :meth:`divide`'s order, each as soon as its subtrees and those of the moves
        before it are counted. With split 0 (depth 0) there are no root moves: see :meth:`total`."""
        counts = self.counts
        counts.update(known or {})
        left: dict[str, int] = dict.fromkeys(self.root_moves, 0)
        for subtree in self.subtrees:
            if subtree.path and subtree.path not in counts:
                left[subtree.path[0]] += 1
        shown = 0

        def ready() -> Iterator[tuple[str, int]]:
            nonlocal shown
            while shown < len(self.root_moves) and left[self.root_moves[shown]] == 0:
                move = self.root_moves[shown]
                yield move, sum(count for path, count in counts.items() if path[:1] == (move,))
                shown += 1

        yield from ready()
        to_count = [subtree for subtree in self.subtrees if subtree.path not in counts]
        if to_count:
            counting = execute(self.root, to_count)
            try:
                for counted in counting:
                    counts[counted.subtree.path] = counted.nodes
                    if on_counted is not None:
                        on_counted(counted)
                    if counted.subtree.path:
                        left[counted.subtree.path[0]] -= 1
                        yield from ready()
            finally:
                close = getattr(counting, "close", None)
                if close is not None:
                    close()

    def total(self, execute: Executor, known: dict[tuple[str, ...], int] | None = None) -> int:
        """perft(``depth``): every subtree counted (those in ``known`` taken as they are)."""
        for _ in self.run(execute, known):
            pass
        return sum(self.counts.values())

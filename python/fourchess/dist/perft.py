"""Perft on a Ray cluster: the subtrees of :mod:`fourchess.perft_split` as Ray tasks, each counted
by the native perft with the GIL released.

A task that dies with its worker (a process killed, a node lost) is run again by Ray
(``MAX_RETRIES`` times); a count is taken only from a task that returned, so none is counted
twice. The root position travels once (``ray.put``) and each task replays its few moves from it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from fourchess._quote import quoted
from fourchess.dist.cluster import connect, task_result
from fourchess.perft_checkpoint import Checkpoint
from fourchess.perft_split import Counted, Executor, SplitPerft, Subtree, count_subtree

MAX_RETRIES = 5  # runs of a task whose worker died, beyond the first
IN_FLIGHT_PER_CPU = 2  # tasks handed to the cluster per CPU it has: enough to keep every CPU busy


def _timed_count(root: Any, subtree: Subtree, threads: int) -> Counted:
    """The task: runs in a Ray worker, on whichever node has a CPU free."""
    import ray

    start = time.perf_counter()
    nodes = count_subtree(root, subtree, threads)
    return Counted(subtree, nodes, time.perf_counter() - start, ray.get_runtime_context().get_node_id())


def ray_executor(address: str | None = None, threads: int = 1) -> Executor:
    """Counts subtrees as tasks on the Ray cluster at ``address`` (see :func:`~fourchess.dist.cluster.connect`),
    each task taking ``threads`` of the cluster's CPUs and counting on as many threads."""
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise ValueError(f"threads must be from 1 to 256, got {quoted(threads)}")
    ray = connect(address)
    task = ray.remote(_timed_count).options(num_cpus=threads, max_retries=MAX_RETRIES, name="fourchess perft")

    def execute(root: Any, subtrees: list[Subtree]) -> Iterator[Counted]:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        limit = max(1, IN_FLIGHT_PER_CPU * cpus // threads)
        root_ref = ray.put(root)
        waiting = iter(subtrees)
        running: list[Any] = []
        try:
            while True:
                for subtree in waiting:
                    running.append(task.remote(root_ref, subtree, threads))
                    if len(running) >= limit:
                        break
                if not running:
                    return
                done, running = ray.wait(running, num_returns=1)
                yield task_result(ray, done[0], "a perft task")
        finally:  # stopped early: nothing more is counted for this run
            for ref in running:
                ray.cancel(ref, force=True)

    return execute


def perft(
    board: Any,
    depth: int,
    *,
    address: str | None = None,
    threads: int = 1,
    split: int | None = None,
    checkpoint: str | None = None,
) -> int:
    """perft(``depth``) of ``board`` (four-player chess or Martian Chess) counted on a Ray cluster,
    equal to ``board.perft(depth)``. ``split``: plies below the root where the tree is cut into
    tasks (default :func:`~fourchess.perft_split.default_split`); ``checkpoint``: a file that keeps
    the counted subtrees, so that the same call after an interruption counts only the rest."""
    return sum(divide(board, depth, address=address, threads=threads, split=split, checkpoint=checkpoint).values())


def divide(
    board: Any,
    depth: int,
    *,
    address: str | None = None,
    threads: int = 1,
    split: int | None = None,
    checkpoint: str | None = None,
) -> dict[str, int]:
    """:func:`perft` under each root move: ``{move text: count}`` in ``board.divide``'s order (at
    depth 0, the one count under the empty text)."""
    count = SplitPerft(board, depth, split)
    execute = ray_executor(address, threads)
    if checkpoint is None:
        lines = dict(count.run(execute))
    else:
        with Checkpoint(checkpoint, count) as saved:
            lines = dict(count.run(execute, saved.known, saved.save))
    return lines if count.split else {"": sum(count.counts.values())}

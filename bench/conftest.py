"""Shared helper for the benchmarks: every benchmark asserts what it measures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def timed_count(benchmark: Any, count: Callable[[], int], nodes: int, rounds: int) -> None:
    """Time `count` (a perft-like call), assert it returns `nodes`, record nodes/s (best round)."""
    result = benchmark.pedantic(count, rounds=rounds, iterations=1, warmup_rounds=0)
    assert result == nodes
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["nodes_per_second"] = round(nodes / benchmark.stats.stats.min)

"""The server's CPU queue: games people play are answered first, the oldest request first within
each class, and a search is given what is left of its turn when a worker takes it (or dropped
when nothing is)."""

from __future__ import annotations

import asyncio

import pytest

from fourchess import Board
from fourchess.server.cpu import PLAYED, WATCHED, TurnOver
from fourchess.server.games import FOUR_PLAYER
from support.gated_cpu import GatedCpu


async def _answered_order(requests: list[tuple[str, int]]) -> list[str]:
    cpu = GatedCpu(workers=1)
    order: list[str] = []
    try:

        async def ask(name: str, priority: int) -> None:
            await cpu.choose(FOUR_PLAYER, Board(), 0.001, priority)
            order.append(name)

        blocker = asyncio.ensure_future(ask("first", WATCHED))  # takes the one worker, held at the gate
        while not cpu.started.is_set():
            await asyncio.sleep(0.001)
        waiting = [asyncio.ensure_future(ask(name, priority)) for name, priority in requests]
        await asyncio.sleep(0)
        assert cpu.waiting == len(requests)
        cpu.gate.set()
        await asyncio.gather(blocker, *waiting)
    finally:
        cpu.gate.set()
        cpu.close()
    return order


def test_played_games_go_first_and_each_class_in_arrival_order() -> None:
    requests = [
        ("watched-1", WATCHED),
        ("watched-2", WATCHED),
        ("played-1", PLAYED),
        ("watched-3", WATCHED),
        ("played-2", PLAYED),
    ]
    order = asyncio.run(_answered_order(requests))
    assert order == ["first", "played-1", "played-2", "watched-1", "watched-2", "watched-3"]


def test_the_budget_is_asked_for_when_a_worker_takes_the_search() -> None:
    async def run() -> tuple[list[float], list[str]]:
        cpu = GatedCpu(workers=1)
        asked: list[str] = []
        left = {"seconds": 5.0}

        def budget() -> float | None:
            asked.append("asked")
            return left["seconds"]

        try:
            blocker = asyncio.ensure_future(cpu.choose(FOUR_PLAYER, Board(), 0.001))
            while not cpu.started.is_set():
                await asyncio.sleep(0.001)
            waiting = asyncio.ensure_future(cpu.choose(FOUR_PLAYER, Board(), budget))
            await asyncio.sleep(0)
            assert asked == []  # not while it waits
            left["seconds"] = 0.02  # the turn ran on meanwhile
            cpu.gate.set()
            await asyncio.gather(blocker, waiting)
        finally:
            cpu.gate.set()
            cpu.close()
        return cpu.movetimes, asked

    movetimes, asked = asyncio.run(run())
    assert movetimes == [0.001, 0.02] and asked == ["asked"]


def test_a_search_with_no_time_left_is_dropped() -> None:
    async def run() -> None:
        cpu = GatedCpu(workers=1)
        cpu.gate.set()
        try:
            with pytest.raises(TurnOver):
                await cpu.choose(FOUR_PLAYER, Board(), lambda: None)
            assert cpu.searches == 0 and cpu.movetimes == []
        finally:
            cpu.close()

    asyncio.run(run())


def test_a_caller_that_gives_up_frees_its_place() -> None:
    async def run() -> None:
        cpu = GatedCpu(workers=1)
        try:
            blocker = asyncio.ensure_future(cpu.choose(FOUR_PLAYER, Board(), 0.001))
            while not cpu.started.is_set():
                await asyncio.sleep(0.001)
            given_up = asyncio.ensure_future(cpu.choose(FOUR_PLAYER, Board(), 0.001))
            kept = asyncio.ensure_future(cpu.choose(FOUR_PLAYER, Board(), 0.001))
            await asyncio.sleep(0)
            given_up.cancel()
            # the cancellation reaches the queue on the loop: let it, before the worker is free to
            # take the next request (opening the gate first was a race a loaded machine could lose)
            await asyncio.gather(given_up, return_exceptions=True)
            cpu.gate.set()
            await asyncio.gather(blocker, kept)
            assert cpu.searches == 2  # the cancelled request never reached a worker
        finally:
            cpu.gate.set()
            cpu.close()

    asyncio.run(run())

"""Races for one turn: of many appends for one ply exactly one wins, an abort and a move for the same
ply never both succeed, and on PostgreSQL the same holds between two stores (two server
processes). And many games at once: thousands of appends all stored, at a rate printed."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from fourchess.server.store import open_store
from fourchess.server.store.base import ABORTED, PLAYING, Store
from support.stores import aborted, asynchronous, game, opened, step


@contextlib.asynccontextmanager
async def two_processes(url: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one PostgreSQL database; on SQLite (one process per file) the same store twice."""
    async with opened(url, "process-a") as first:
        if not first.shared:
            yield first, first
            return
        async with opened(url, "process-b") as second:
            yield first, second


@asynchronous
async def test_of_fifty_racing_appends_for_one_ply_one_wins(store_url):
    async with two_processes(store_url) as (first, second):
        await first.create_game(game())
        await first.append_step("g1", step(0))
        stores = [first, second] * 25
        won = await asyncio.gather(
            *(store.append_step("g1", step(1, f"move-by-{i}")) for i, store in enumerate(stores))
        )
        assert won.count(True) == 1
        loaded = await second.load_game("g1")
    assert loaded.steps == (step(0), step(1, f"move-by-{won.index(True)}"))


@asynchronous
async def test_racing_games_each_ply_is_won_once(store_url):
    """Five players per game, each appending the next ply it sees until the game has 30."""
    plies = 30
    async with two_processes(store_url) as (first, second):
        for number in range(4):
            await first.create_game(game(f"g{number}"))

        async def player(store: Store, game_id: str, name: str) -> int:
            wins = 0
            while (ply := len(await store.steps_since(game_id, 0))) < plies:
                wins += await store.append_step(game_id, step(ply, f"{name}-{ply}"))
            return wins

        players = [player((first, second)[n % 2], f"g{g}", f"p{n}") for g in range(4) for n in range(5)]
        wins = await asyncio.gather(*players)
        assert sum(wins) == 4 * plies
        for number in range(4):
            steps = (await first.load_game(f"g{number}")).steps
            assert [s.ply for s in steps] == list(range(plies))


@asynchronous
async def test_an_abort_and_a_move_for_the_same_ply_never_both_succeed(store_url):
    async with two_processes(store_url) as (first, second):
        for number in range(30):
            await first.create_game(game(f"g{number}"))
            for ply in range(number % 3):
                await first.append_step(f"g{number}", step(ply))
        outcomes = await asyncio.gather(
            *(
                asyncio.gather(first.append_step(f"g{n}", step(n % 3)), second.abort_game(f"g{n}", n % 3, aborted()))
                for n in range(30)
            )
        )
        for number, (moved, ended) in enumerate(outcomes):
            loaded = await first.load_game(f"g{number}")
            assert moved != ended
            if moved:
                assert loaded.status == PLAYING and len(loaded.steps) == number % 3 + 1
            else:
                assert loaded.status == ABORTED and len(loaded.steps) == number % 3


@asynchronous
async def test_two_thousand_appends_over_a_hundred_games_are_all_stored(store_url):
    games, plies = 100, 20
    async with opened(store_url) as store:
        for number in range(games):
            await store.create_game(game(f"g{number}"))

        async def play(game_id: str) -> None:
            for ply in range(plies):
                assert await store.append_step(game_id, step(ply, f"{game_id}-{ply}"))

        started = time.perf_counter()
        await asyncio.gather(*(play(f"g{number}") for number in range(games)))
        seconds = time.perf_counter() - started
        commits = getattr(store, "commits", getattr(store, "batches", None))
        print(
            f"\n{store.kind}: {games * plies} appends in {seconds:.2f} s, {games * plies / seconds:.0f}/s"
            + ("" if commits is None else f", in {commits} transactions")
        )
    async with opened(store_url) as store:
        for number in range(games):
            steps = await store.steps_since(f"g{number}", 0)
            assert [(s.ply, s.text) for s in steps] == [(ply, f"g{number}-{ply}") for ply in range(plies)]


@asynchronous
async def test_processes_opening_one_new_store_at_once_all_succeed(store_url):
    stores = [open_store(store_url, origin=f"process-{n}") for n in range(4)]
    try:
        await asyncio.gather(*(store.open() for store in stores))
        await stores[0].create_game(game())
        assert await stores[3].load_game("g1") == game()
    finally:
        await asyncio.gather(*(store.close() for store in stores))

"""PostgreSQL's group commit (store/postgres_batch.py): appends made together share one statement
and each still hears its own answer (stored, taken, past the next ply, game over), every stored
step is notified, and a batch that fails as a whole is stored step by step."""

from __future__ import annotations

import asyncio

import pytest

from fourchess.server.store import postgres_batch
from fourchess.server.store.base import ABORTED, FINISHED, PLAYING
from support.stores import aborted, asynchronous, finished, game, opened, step


async def appends_at_once(store):
    """g0 and g1 (ending it) take ply 0, g2 is sent ply 5, g3 gets two steps for ply 0, g4 was
    aborted: the outcomes in that order."""
    for number in range(5):
        await store.create_game(game(f"g{number}"))
    assert await store.abort_game("g4", 0, aborted())
    calls = [
        store.append_step("g0", step(0)),
        store.append_step("g1", step(0), finished()),
        store.append_step("g2", step(5)),
        store.append_step("g3", step(0, "first")),
        store.append_step("g3", step(0, "second")),
        store.append_step("g4", step(0)),
    ]
    return await asyncio.gather(*calls, return_exceptions=True)


def assert_each_answered(outcomes) -> None:
    assert outcomes[:2] == [True, True]
    assert isinstance(outcomes[2], ValueError) and "the next is ply 0, not 5" in str(outcomes[2])
    assert outcomes[3:] == [True, False, False]


async def assert_stored(store) -> None:
    loaded = {number: await store.load_game(f"g{number}") for number in range(5)}
    assert loaded[0].steps == (step(0),) and loaded[0].status == PLAYING
    assert loaded[1].steps == (step(0),) and loaded[1].status == FINISHED and loaded[1].finish == finished()
    assert loaded[2].steps == ()
    assert loaded[3].steps == (step(0, "first"),)
    assert loaded[4].steps == () and loaded[4].status == ABORTED


@asynchronous
async def test_appends_made_together_share_a_statement_and_each_hears_its_answer(fresh_postgres_url):
    async with opened(fresh_postgres_url) as store:
        before = store.batches
        assert_each_answered(await appends_at_once(store))
        assert store.batches - before == 2  # everything at once, then g3's second step
        await assert_stored(store)


@asynchronous
async def test_a_batch_that_fails_is_stored_step_by_step(fresh_postgres_url, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(postgres_batch, "APPEND_STEPS", "SELECT no_such_function()")
    async with opened(fresh_postgres_url) as store:
        assert_each_answered(await appends_at_once(store))
        await assert_stored(store)


@asynchronous
async def test_every_step_of_a_batch_is_notified(fresh_postgres_url):
    async with opened(fresh_postgres_url, "process-a") as first, opened(fresh_postgres_url, "process-b") as second:
        heard: asyncio.Queue[dict] = asyncio.Queue()
        await second.listen(heard.put)
        for number in range(3):
            await first.create_game(game(f"g{number}"))
        assert await asyncio.gather(*(first.append_step(f"g{number}", step(0)) for number in range(3))) == [True] * 3
        notes = [await asyncio.wait_for(heard.get(), 10) for _ in range(3)]
        assert sorted(note["game"] for note in notes) == ["g0", "g1", "g2"]
        assert all(note["kind"] == "step" and note["ply"] == 0 and note["origin"] == "process-a" for note in notes)

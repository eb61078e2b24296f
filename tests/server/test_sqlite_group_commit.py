"""The SQLite thread's group commit: operations queued together share one transaction, each still
gets its own answer (a refused or failing one undoes only itself), and when SQLite itself undoes
the whole transaction every operation in it hears so: none is reported stored that is not."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from fourchess.server.store.base import GameExistsError
from fourchess.server.store.checks import SchemaVersionError
from support.stores import asynchronous, game, opened, sqlite_url, step


async def held_batch(store, calls):
    """Run ``calls`` (coroutines of store methods) as one batch: the thread is held busy until all
    of them are queued. Their outcomes (result or exception), in order."""
    thread = store._thread
    started, release = threading.Event(), threading.Event()

    def hold(connection):
        started.set()
        release.wait(10)

    holder = asyncio.ensure_future(thread.run(hold, writes=False))
    await asyncio.to_thread(started.wait, 10)
    tasks = [asyncio.ensure_future(call) for call in calls]
    while thread._queue.qsize() < len(calls):
        await asyncio.sleep(0)
    release.set()
    await holder
    return await asyncio.gather(*tasks, return_exceptions=True)


@asynchronous
async def test_a_batch_answers_each_operation_and_keeps_the_ones_that_succeeded(tmp_path):
    url = sqlite_url(tmp_path / "store.sqlite3")
    async with opened(url) as store:
        await store.create_game(game("g1"))
        commits = store.commits
        outcomes = await held_batch(
            store,
            [
                store.append_step("g1", step(0, "first")),
                store.append_step("g1", step(0, "second")),  # the ply the one before took
                store.touch_presence("no-such-game", ["RED"], 1.0),  # a foreign key error
                store.append_step("g1", step(1)),
                store.append_step("g1", step(5)),  # a gap
                store.create_game(game("g1")),
                store.create_game(game("g2")),
                store.create_rematch("g1", game("g3")),
                store.create_rematch("g1", game("g4")),
            ],
        )
        assert store.commits - commits == 2  # the holder's batch, then all nine in one transaction
    assert outcomes[0] is True and outcomes[1] is False
    assert isinstance(outcomes[2], sqlite3.IntegrityError)
    assert outcomes[3] is True
    assert isinstance(outcomes[4], ValueError) and "next is ply 2" in str(outcomes[4])
    assert isinstance(outcomes[5], GameExistsError)
    assert outcomes[6] is None and outcomes[7] == "g3" and outcomes[8] == "g3"
    async with opened(url) as store:
        first = await store.load_game("g1")
        assert [s.text for s in first.steps] == ["first", "move-1"] and first.rematch == "g3"
        assert await store.load_game("g4") is None
        assert await store.load_game("g2") == game("g2")
        assert await store.presence("no-such-game") == {}


@asynchronous
async def test_when_sqlite_undoes_the_whole_transaction_every_operation_in_it_fails(tmp_path):
    url = sqlite_url(tmp_path / "store.sqlite3")
    async with opened(url) as store:
        await store.create_game(game("g1"))
        pages = await store._thread.run(
            lambda connection: connection.execute("PRAGMA page_count").fetchone()[0], writes=False
        )
        await store._thread.run(
            lambda connection: connection.execute(f"PRAGMA max_page_count = {pages + 2}"), writes=False
        )
        huge = game("huge")
        huge.settings["padding"] = "x" * 100_000  # more than two pages: SQLITE_FULL, which ends the transaction
        outcomes = await held_batch(
            store,
            [
                store.append_step("g1", step(0)),
                store.create_game(huge),
                store.append_step("g1", step(1)),
                store.create_game(game("g2")),
            ],
        )
        assert all(isinstance(outcome, sqlite3.OperationalError) and "full" in str(outcome) for outcome in outcomes), (
            outcomes
        )
        assert await store.append_step("g1", step(0, "after"))  # the store goes on
    async with opened(url) as store:
        assert [s.text for s in (await store.load_game("g1")).steps] == ["after"]
        assert await store.load_game("huge") is None and await store.load_game("g2") is None


@asynchronous
async def test_a_file_that_is_no_database_is_refused_by_name(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a database, only some words to fill more than a header\n" * 20)
    for _ in range(50):  # the thread fails to connect while open() waits: the error must win that race every time
        with pytest.raises(sqlite3.DatabaseError, match="notes.txt"):
            async with opened(sqlite_url(path)):
                pass


@asynchronous
async def test_opening_waits_for_a_writer_of_the_new_file(tmp_path):
    # switching a file to WAL while another connection is about to write (as a second process
    # opening the same new store is) is refused with "database is locked" at once, not after
    # busy_timeout: four processes opening one new store together sometimes failed so
    path = tmp_path / "store.sqlite3"
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("CREATE TABLE t (x)")
    writer.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(0.3, lambda: writer.execute("COMMIT"))
    timer.start()
    try:
        async with opened(sqlite_url(path)) as store:
            await store.ping()
    finally:
        timer.join()
        writer.close()


@asynchronous
async def test_a_database_of_another_schema_version_is_refused(tmp_path):
    path = tmp_path / "store.sqlite3"
    async with opened(sqlite_url(path)):
        pass
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE schema_version SET version = 99")
    connection.close()
    with pytest.raises(SchemaVersionError, match="version 99"):
        async with opened(sqlite_url(path)):
            pass


@asynchronous
async def test_a_step_is_committed_before_append_step_returns(tmp_path):
    """Another connection sees each step as soon as its append returned (all of a batch's
    futures wait for its commit)."""
    path = tmp_path / "store.sqlite3"
    async with opened(sqlite_url(path)) as store:
        for number in range(10):
            await store.create_game(game(f"g{number}"))
        reader = sqlite3.connect(path)
        try:

            async def play(game_id):
                unseen = []
                for ply in range(10):
                    assert await store.append_step(game_id, step(ply))
                    seen = reader.execute(
                        "SELECT count(*) FROM steps WHERE game_id = ? AND ply = ?", (game_id, ply)
                    ).fetchone()[0]
                    if not seen:
                        unseen.append(ply)
                return unseen

            unseen = await asyncio.gather(*(play(f"g{number}") for number in range(10)))
        finally:
            reader.close()
    assert unseen == [[]] * 10

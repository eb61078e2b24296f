"""PostgreSQL's LISTEN/NOTIFY between two stores (two server processes): a step or abort one stores
and a relay it publishes reach the other, never the sender, and only when stored; a listener whose
connection is cut connects again and says so (resync). SQLite's store shares nothing and calls no one."""

from __future__ import annotations

import asyncio

from support.stores import aborted, asynchronous, game, opened, sqlite_url, step

WAIT = 10.0  # seconds a notification may take (it takes milliseconds)


class Inbox:
    """A listener callback that keeps what it is given."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict] = asyncio.Queue()

    async def __call__(self, notification: dict) -> None:
        await self.queue.put(notification)

    async def next(self) -> dict:
        return await asyncio.wait_for(self.queue.get(), WAIT)


@asynchronous
async def test_a_step_an_abort_and_a_relay_reach_the_other_process_only(fresh_postgres_url):
    async with opened(fresh_postgres_url, "process-a") as first, opened(fresh_postgres_url, "process-b") as second:
        heard_by_first, heard_by_second = Inbox(), Inbox()
        await first.listen(heard_by_first)
        await second.listen(heard_by_second)
        await first.create_game(game("g1"))
        await first.create_game(game("g2"))

        assert await first.append_step("g1", step(0))
        assert await heard_by_second.next() == {"game": "g1", "kind": "step", "ply": 0, "origin": "process-a"}
        assert not await first.append_step("g1", step(0, "again"))  # refused: announces nothing
        assert not await first.abort_game("g1", 5, aborted())
        assert await first.abort_game("g2", 0, aborted())
        assert await heard_by_second.next() == {"game": "g2", "kind": "finish", "ply": 0, "origin": "process-a"}
        relay = {"game": "g1", "kind": "relay", "message": {"chat": "gl hf", "team": ["RED", "YELLOW"]}}
        await first.publish(relay)
        assert await heard_by_second.next() == {**relay, "origin": "process-a"}

        await second.publish({"game": "g1", "kind": "relay", "message": {"chat": "you too"}})
        # notifications arrive in commit order: had the first heard itself, that would come first
        assert (await heard_by_first.next())["origin"] == "process-b"
        assert heard_by_first.queue.empty()
        assert heard_by_second.queue.empty()


@asynchronous
async def test_a_cut_listener_connects_again_and_asks_for_a_resync(fresh_postgres_url):
    async with opened(fresh_postgres_url, "process-a") as first, opened(fresh_postgres_url, "process-b") as second:
        heard = Inbox()
        await second.listen(heard)
        pid = second.listener.backend_pid
        assert await first._open_pool.fetchval("SELECT pg_terminate_backend($1)", pid)
        assert await heard.next() == {"kind": "resync", "origin": None}
        assert second.listener.backend_pid not in (None, pid) and second.listener.reconnections == 1
        await first.publish({"game": "g1", "kind": "relay", "message": {}})
        assert await heard.next() == {"game": "g1", "kind": "relay", "message": {}, "origin": "process-a"}


@asynchronous
async def test_a_failing_callback_is_logged_and_listening_goes_on(fresh_postgres_url, caplog):
    async with opened(fresh_postgres_url, "process-a") as first, opened(fresh_postgres_url, "process-b") as second:
        heard = Inbox()

        async def broken(notification: dict) -> None:
            raise RuntimeError("a bug in the callback")

        await second.listen(broken)
        await second.listen(heard)
        await first.publish({"game": "g1", "kind": "relay", "message": {}})
        await first.publish({"game": "g1", "kind": "relay", "message": {"n": 2}})
        assert (await heard.next())["message"] == {}
        assert (await heard.next())["message"] == {"n": 2}
        await asyncio.sleep(0)
    assert "a notification callback failed" in caplog.text


@asynchronous
async def test_sqlite_never_calls_the_listener(tmp_path):
    async with opened(sqlite_url(tmp_path / "store.sqlite3")) as store:
        heard = Inbox()
        await store.listen(heard)
        await store.create_game(game("g1"))
        await store.append_step("g1", step(0))
        await store.publish({"game": "g1", "kind": "relay", "message": {}})
        await asyncio.sleep(0.05)
        assert heard.queue.empty() and not store.shared

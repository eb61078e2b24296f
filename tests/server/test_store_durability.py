"""A step append_step answered True for is stored: a process that appends and prints each ply once
its append returned is killed with SIGKILL in mid-stream, and every printed ply is in the store
when it is opened again (SQLite: and the file is sound). SQLite's connection is set up for power
loss too (WAL, synchronous=FULL), which a test cannot pull the plug on, so its settings are read."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import fourchess
from support.stores import asynchronous, game, opened, sqlite_url

GAMES = 24
PRINTED_BEFORE_KILL = 150
KILLS = 4

APPENDER = textwrap.dedent(
    """
    import asyncio, sys
    from fourchess.server.store import open_store
    from fourchess.server.store.base import StepRecord

    async def main(url, games):
        store = open_store(url, origin="appender")
        await store.open()

        async def play(game_id):
            ply = len(await store.steps_since(game_id, 0))  # go on where the killed one stopped
            while True:
                assert await store.append_step(game_id, StepRecord(ply, f"{game_id}-{ply}", "RED", 1.0, "cpu"))
                print(game_id, ply, flush=True)
                ply += 1

        await asyncio.gather(*(play(f"g{n}") for n in range(games)))

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
    """
)


def append_until_killed(url: str) -> list[tuple[str, int]]:
    """Run the appender on ``url``, SIGKILL it after PRINTED_BEFORE_KILL lines; every (game, ply)
    it printed, the lines still in the pipe included."""
    environment = {**os.environ, "PYTHONPATH": str(Path(fourchess.__file__).resolve().parent.parent)}
    child = subprocess.Popen(
        [sys.executable, "-c", APPENDER, url, str(GAMES)], stdout=subprocess.PIPE, env=environment, text=True
    )
    lines = []
    try:
        while len(lines) < PRINTED_BEFORE_KILL:
            line = child.stdout.readline()
            assert line, f"the appender ended early with code {child.wait()}"
            lines.append(line)
        os.kill(child.pid, signal.SIGKILL)
        lines += child.stdout.readlines()
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    complete = [line.split() for line in lines if line.endswith("\n")]
    return [(name, int(ply)) for name, ply in complete]


@asynchronous
async def test_every_step_answered_before_a_kill_is_stored(store_url):
    async with opened(store_url) as store:
        for number in range(GAMES):
            await store.create_game(game(f"g{number}"))
    printed = []
    for _ in range(KILLS):
        printed += append_until_killed(store_url)
    assert len(printed) >= KILLS * PRINTED_BEFORE_KILL
    async with opened(store_url) as store:
        stored = {f"g{n}": await store.steps_since(f"g{n}", 0) for n in range(GAMES)}
    for name, steps in stored.items():
        assert [s.ply for s in steps] == list(range(len(steps)))  # no gap, no half-written game
        assert [s.text for s in steps] == [f"{name}-{ply}" for ply in range(len(steps))]
    missing = [(name, ply) for name, ply in printed if ply >= len(stored[name])]
    assert missing == []
    if store_url.startswith("sqlite:"):
        with sqlite3.connect(store_url.removeprefix("sqlite://")) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()


@asynchronous
async def test_sqlite_commits_durably_against_power_loss(tmp_path):
    async with opened(sqlite_url(tmp_path / "store.sqlite3")) as store:
        settings = await store._thread.run(
            lambda connection: tuple(
                connection.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("journal_mode", "synchronous", "foreign_keys")
            ),
            writes=False,
        )
    assert settings == ("wal", 2, 1)  # synchronous 2 is FULL: the WAL is synced at every commit

"""The store takes a move only from the seat on turn (as the core would), so a server whose game
in memory has drifted from the stored one can never store a step out of turn; a database made
before the store kept the turn is brought up to date when it is opened. Both backends."""

from __future__ import annotations

import sqlite3

import asyncpg

from fourchess.server.store.checks import SCHEMA_VERSION
from support.stores import asynchronous, game, opened, step


@asynchronous
async def test_a_move_by_a_seat_not_on_turn_is_not_stored(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.append_step("g1", step(0, "h2-h3", "RED"), next_turn="BLUE")
        assert not await store.append_step("g1", step(1, "j1-i3", "RED"), next_turn="BLUE")  # Red again: refused
        assert not await store.append_step("g1", step(1, "h13-h12", "YELLOW"), next_turn="GREEN")
        assert [s.text for s in (await store.load_game("g1")).steps] == ["h2-h3"]
        assert await store.append_step("g1", step(1, "b7-c7", "BLUE"), next_turn="YELLOW")


@asynchronous
async def test_a_leave_is_taken_from_a_seat_off_turn(store_url):
    # a seat resigns right after its own move too (docs/rules.md 10): the clock and the core judge leaves
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.append_step("g1", step(0, "h2-h3", "RED"), next_turn="BLUE")
        assert await store.append_step("g1", step(1, "resign:R", "RED"), next_turn="BLUE")
        assert not await store.append_step("g1", step(2, "h13-h12", "YELLOW"), next_turn="GREEN")
        assert await store.append_step("g1", step(2, "b7-c7", "BLUE"), next_turn=None)
        assert await store.append_step("g1", step(3, "anything", "GREEN"))  # no turn known: any seat


@asynchronous
async def test_a_game_with_no_turn_known_takes_any_seat_first(store_url):
    # a new game (and a game stored before the store kept the turn) has none until its next step
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.append_step("g1", step(0, "b7-c7", "BLUE"), next_turn="YELLOW")
        assert not await store.append_step("g1", step(1, "b8-c8", "BLUE"), next_turn="YELLOW")


async def _as_version_one(url: str) -> None:
    """Make the store at ``url`` what version 1 left: no turn column, schema_version 1."""
    statements = ("ALTER TABLE games DROP COLUMN turn", "UPDATE schema_version SET version = 1")
    if url.startswith("sqlite:"):
        with sqlite3.connect("/" + url.removeprefix("sqlite:///")) as connection:
            for statement in statements:
                connection.execute(statement)
        connection.close()
        return
    connection = await asyncpg.connect(url)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


async def _version_and_columns(url: str) -> tuple[int, set[str]]:
    if url.startswith("sqlite:"):
        with sqlite3.connect("/" + url.removeprefix("sqlite:///")) as connection:
            version = connection.execute("SELECT version FROM schema_version").fetchone()[0]
            columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
        connection.close()
        return version, columns
    connection = await asyncpg.connect(url)
    try:
        version = await connection.fetchval("SELECT version FROM schema_version")
        rows = await connection.fetch("SELECT column_name FROM information_schema.columns WHERE table_name = 'games'")
        return version, {row["column_name"] for row in rows}
    finally:
        await connection.close()


@asynchronous
async def test_a_version_one_database_is_brought_up_to_date_and_keeps_its_games(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.append_step("g1", step(0, "h2-h3", "RED"))
    await _as_version_one(store_url)
    version, columns = await _version_and_columns(store_url)
    assert version == 1 and "turn" not in columns and "rematch" in columns
    async with opened(store_url) as store:
        assert [s.text for s in (await store.load_game("g1")).steps] == ["h2-h3"]
        assert await store.append_step("g1", step(1, "b7-c7", "BLUE"), next_turn="YELLOW")
        assert not await store.append_step("g1", step(2, "b8-c8", "BLUE"), next_turn="YELLOW")
    version, columns = await _version_and_columns(store_url)
    assert version == SCHEMA_VERSION == 2 and "turn" in columns
    async with opened(store_url) as store:  # and opening it again changes nothing
        assert len((await store.load_game("g1")).steps) == 2

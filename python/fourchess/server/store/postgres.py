"""The PostgreSQL store: several server processes share one database.

Each write is one statement, so one transaction and one round trip: the UPDATE of the game's row
tests that it is playing and that ``plies`` (its number of steps) is the step's ply, and locks the
row, so a racing append or abort waits and then sees the new count. The NOTIFY to the other
processes is part of the same statement and is delivered only when it commits. Appends made while
one is at the database are sent together, as one such statement for all of them
(postgres_batch).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import urlsplit

from fourchess._quote import quoted
from fourchess.server.store.base import PLAYING, FinishRecord, GameExistsError, GameRecord, Notification, StepRecord
from fourchess.server.store.checks import (
    SCHEMA_VERSION,
    check_count,
    check_finish,
    check_lease,
    check_new_game,
    check_schema_version,
    check_seats,
    check_step,
    check_text,
    check_time,
    check_turn,
    migration_from,
    to_json,
)
from fourchess.server.store.failures import StoreUnavailable
from fourchess.server.store.notification import CHANNEL, encode_notification
from fourchess.server.store.postgres_batch import Append, AppendBatcher
from fourchess.server.store.postgres_listener import NotificationListener
from fourchess.server.store.records import GAME_COLUMNS, STEP_COLUMNS, ending_columns, game_record, step_record

log = logging.getLogger("fourchess.server.store")

POOL_SIZE = 8  # connections for reads and writes; PostgreSQL flushes concurrent commits together
COMMAND_SECONDS = (
    10.0  # a connection attempt or statement that takes longer fails (a stopped database must not hang requests)
)
SCHEMA_LOCK = 0x46344348455353  # pg_advisory_xact_lock key while the tables are made ("F4CHESS")

TABLES = (
    "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)",
    """CREATE TABLE IF NOT EXISTS games (
        id text PRIMARY KEY,
        settings json NOT NULL,
        token_hashes json NOT NULL,
        created_at double precision NOT NULL,
        status text NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished', 'aborted')),
        plies integer NOT NULL DEFAULT 0,
        result json,
        pgn4 text,
        finished_at double precision,
        rematch text,
        turn text,
        drive_owner text,
        drive_until double precision
    )""",
    "CREATE INDEX IF NOT EXISTS games_playing ON games (created_at) WHERE status = 'playing'",
    """CREATE TABLE IF NOT EXISTS steps (
        game_id text NOT NULL REFERENCES games (id),
        ply integer NOT NULL,
        text text NOT NULL,
        seat text NOT NULL,
        at double precision NOT NULL,
        by text NOT NULL,
        PRIMARY KEY (game_id, ply)
    )""",
    """CREATE TABLE IF NOT EXISTS presence (
        game_id text NOT NULL REFERENCES games (id),
        seat text NOT NULL,
        last_seen double precision NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
)

# json columns (not jsonb) keep the text as written: key order and numbers read back unchanged
INSERT_GAME = """
    INSERT INTO games (id, settings, token_hashes, created_at) VALUES ($1, $2::json, $3::json, $4)
    ON CONFLICT (id) DO NOTHING RETURNING id"""

APPEND_STEP = f"""
    WITH advanced AS (
        UPDATE games SET plies = plies + 1, turn = $13::text,
            status = coalesce($7::text, status), result = coalesce($8::json, result),
            pgn4 = coalesce($9::text, pgn4), finished_at = coalesce($10::float8, finished_at)
        WHERE id = $1 AND status = 'playing' AND plies = $2::integer
            AND ($12::text IS NULL OR turn IS NULL OR turn = $12::text)
        RETURNING id
    ), stored AS (
        INSERT INTO steps (game_id, ply, text, seat, at, by)
        SELECT id, $2::integer, $3::text, $4::text, $5::float8, $6::text FROM advanced
        RETURNING ply
    )
    SELECT pg_notify('{CHANNEL}', $11::text) FROM stored"""

ABORT_GAME = f"""
    WITH ended AS (
        UPDATE games SET status = $3, result = $4::json, pgn4 = $5, finished_at = $6
        WHERE id = $1 AND status = 'playing' AND plies = $2::integer
        RETURNING id
    )
    SELECT pg_notify('{CHANNEL}', $7::text) FROM ended"""

CLAIM_DRIVE = """
    UPDATE games SET drive_owner = $2, drive_until = $3::float8 + $4::float8
    WHERE id = $1 AND (drive_owner IS NULL OR drive_owner = $2 OR drive_until < $3::float8)
    RETURNING id"""

TOUCH_PRESENCE = """
    INSERT INTO presence (game_id, seat, last_seen) SELECT $1, seat, $3 FROM unnest($2::text[]) AS seat
    ON CONFLICT (game_id, seat) DO UPDATE SET last_seen = excluded.last_seen"""


class PostgresStore:
    """The Store on the PostgreSQL database at ``url``, shared by every server process that opens
    it; ``origin`` is this process's id, sent with its notifications and used to skip them."""

    kind = "postgres"
    shared = True

    def __init__(self, url: str, *, origin: str, pool_size: int = POOL_SIZE) -> None:
        self.url = check_text(url, "url")
        self.origin = check_text(origin, "origin")
        self.pool_size = check_count(pool_size, "pool_size")
        if self.pool_size < 1:
            raise ValueError("pool_size must be at least 1")
        self._pool: Any = None
        self._listener: NotificationListener | None = None
        self._callbacks: list[Callable[[Notification], Coroutine[Any, Any, None]]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._appends = AppendBatcher(
            lambda query, *args: self._open_pool.fetch(query, *args), self._append_alone, self._refused_append
        )
        self._listening = asyncio.Lock()

    def __repr__(self) -> str:
        return f"PostgresStore({self.where!r})"

    @property
    def where(self) -> str:
        """The database's host, port and name, for messages (never the password)."""
        try:
            parts = urlsplit(self.url)
            return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or '/'}"
        except ValueError:  # a port that is no number: open() will say so
            return "an unreadable url"

    @property
    def listener(self) -> NotificationListener | None:
        """The LISTEN connection's keeper once listen() was called (tests cut its connection)."""
        return self._listener

    async def open(self) -> None:
        """Connect a pool and create the tables when missing (under an advisory lock, so two
        processes opening one new database at once do not collide)."""
        if self._pool is not None:
            raise RuntimeError(f"{self!r} is already open")
        asyncpg = _asyncpg()
        pool = await asyncpg.create_pool(
            self.url,
            min_size=1,
            max_size=self.pool_size,
            command_timeout=COMMAND_SECONDS,
            timeout=COMMAND_SECONDS,
            server_settings={"application_name": "fourchess"},
            reset=_keep_session,
        )
        try:
            async with pool.acquire() as connection, connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                for statement in TABLES:
                    await connection.execute(statement)
                found = await connection.fetchval("SELECT max(version) FROM schema_version")
                if found is None:
                    await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", SCHEMA_VERSION)
                else:
                    check_schema_version(found, f"the PostgreSQL store {self.where}")
                    if found != SCHEMA_VERSION:  # under the lock: one process migrates, the others find it done
                        for statement in migration_from(found):
                            await connection.execute(statement)
                        await connection.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Stop listening, wait for the running queries and close every connection."""
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.stop()
        self._callbacks = []
        for task in list(self._tasks):
            task.cancel()
        await self._appends.stop()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @property
    def _open_pool(self) -> Any:
        if self._pool is None:
            raise StoreUnavailable(f"{self!r} is not open")
        return self._pool

    async def ping(self) -> None:
        """Raise when the database cannot take a write now (the health check): a committed write."""
        await self._open_pool.execute("UPDATE schema_version SET version = version")

    async def create_game(self, game: GameRecord) -> None:
        """Store a new game; GameExistsError if its id is taken."""
        check_new_game(game)
        settings = to_json(game.settings, "game settings")
        token_hashes = to_json(game.token_hashes, "token_hashes")
        stored = await self._open_pool.fetchval(INSERT_GAME, game.id, settings, token_hashes, float(game.created_at))
        if stored is None:
            raise GameExistsError(f"a game with id {quoted(game.id)} is already stored")

    async def load_game(self, game_id: str) -> GameRecord | None:
        """The game with all its steps, both read from one snapshot, or None."""
        check_text(game_id, "game id")
        async with (
            self._open_pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            row = await connection.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
            if row is None:
                return None
            steps = await connection.fetch(f"SELECT {STEP_COLUMNS} FROM steps WHERE game_id = $1 ORDER BY ply", game_id)
        return game_record(row, steps)

    async def steps_since(self, game_id: str, ply: int) -> list[StepRecord]:
        """The game's steps from ``ply`` on, in order."""
        check_text(game_id, "game id")
        check_count(ply, "ply")
        rows = await self._open_pool.fetch(
            f"SELECT {STEP_COLUMNS} FROM steps WHERE game_id = $1 AND ply >= $2 ORDER BY ply", game_id, ply
        )
        return [step_record(row) for row in rows]

    async def append_step(
        self, game_id: str, step: StepRecord, finish: FinishRecord | None = None, next_turn: str | None = None
    ) -> bool:
        """Store the step (and the game's end) when its ply is the next, the game is playing and a
        move's seat is the one on turn; the other processes are notified when it commits. Appends
        made meanwhile by other callers share the statement (postgres_batch)."""
        check_text(game_id, "game id")
        check_step(step)
        check_turn(next_turn)
        ending = (None, None, None, None) if finish is None else ending_columns(check_finish(finish))
        payload = encode_notification({"game": game_id, "kind": "step", "ply": step.ply}, self.origin)
        self._open_pool  # noqa: B018 (raises when the store is not open)
        return await self._appends.append(game_id, step, ending, payload, next_turn)

    @property
    def batches(self) -> int:
        """How many statements stored steps so far (fewer than appends: they are grouped)."""
        return self._appends.batches

    async def _append_alone(self, append: Append) -> bool:
        rows = await self._open_pool.fetch(APPEND_STEP, *append.columns())
        return bool(rows) or await self._refused_append(append)

    async def _refused_append(self, append: Append) -> bool:
        """False for a step not stored because its ply is taken or the game is over; ValueError
        when the step's ply is past the next one."""
        game_id, step = append.game_id, append.step
        state = await self._open_pool.fetchrow("SELECT status, plies, turn FROM games WHERE id = $1", game_id)
        if state is not None and state["status"] == PLAYING and state["plies"] < step.ply:
            raise ValueError(
                f"game {quoted(game_id)} has {state['plies']} steps: the next is ply {state['plies']}, not {step.ply}"
            )
        if (
            state is not None
            and state["status"] == PLAYING
            and state["plies"] == step.ply
            and state["turn"] not in (None, step.seat)
        ):
            log.warning(
                "game %s: refused %s's move %s at ply %d: the stored game has %s to move",
                game_id,
                step.seat,
                quoted(step.text),
                step.ply,
                state["turn"],
            )
        return False

    async def abort_game(self, game_id: str, at_ply: int, finish: FinishRecord) -> bool:
        """End the game with ``finish`` when it is playing and has exactly ``at_ply`` steps."""
        check_text(game_id, "game id")
        check_count(at_ply, "at_ply")
        ending = ending_columns(check_finish(finish))
        payload = encode_notification({"game": game_id, "kind": "finish", "ply": at_ply}, self.origin)
        rows = await self._open_pool.fetch(ABORT_GAME, game_id, at_ply, *ending, payload)
        return bool(rows)

    async def create_rematch(self, game_id: str, rematch: GameRecord) -> str | None:
        """Store the rematch and the link to it in one transaction, unless the game has one (the
        game's row is locked meanwhile, so two processes asking at once make one rematch)."""
        check_text(game_id, "game id")
        check_new_game(rematch)
        settings = to_json(rematch.settings, "game settings")
        token_hashes = to_json(rematch.token_hashes, "token_hashes")
        async with self._open_pool.acquire() as connection, connection.transaction():
            found = await connection.fetchrow("SELECT rematch FROM games WHERE id = $1 FOR UPDATE", game_id)
            if found is None or found["rematch"] is not None:
                return None if found is None else str(found["rematch"])
            if (
                await connection.fetchval(INSERT_GAME, rematch.id, settings, token_hashes, float(rematch.created_at))
                is None
            ):
                raise GameExistsError(f"a game with id {quoted(rematch.id)} is already stored")
            await connection.execute("UPDATE games SET rematch = $2 WHERE id = $1", game_id, rematch.id)
        return rematch.id

    async def unfinished_games(self, active_since: float | None = None) -> list[str]:
        """The ids of the games still playing (with ``active_since``: whose last step, or creation,
        came then or later), oldest first."""
        since = float("-inf") if active_since is None else check_time(active_since, "active_since")
        rows = await self._open_pool.fetch(
            "SELECT id FROM games WHERE status = 'playing'"
            " AND coalesce((SELECT max(at) FROM steps WHERE game_id = id), created_at) >= $1 ORDER BY created_at, id",
            since,
        )
        return [row["id"] for row in rows]

    async def game_ids(self) -> list[str]:
        """The id of every stored game, oldest first."""
        rows = await self._open_pool.fetch("SELECT id FROM games ORDER BY created_at, id")
        return [row["id"] for row in rows]

    async def touch_presence(self, game_id: str, seats: list[str], now: float) -> None:
        """Set each seat's last heartbeat to ``now``."""
        check_text(game_id, "game id")
        names = check_seats(seats)
        when = check_time(now, "now")
        if names:
            await self._open_pool.execute(TOUCH_PRESENCE, game_id, names, when)

    async def presence(self, game_id: str) -> dict[str, float]:
        """Each seen seat's last heartbeat."""
        check_text(game_id, "game id")
        rows = await self._open_pool.fetch("SELECT seat, last_seen FROM presence WHERE game_id = $1", game_id)
        return {row["seat"]: row["last_seen"] for row in rows}

    async def claim_drive(self, game_id: str, owner: str, now: float, lease: float) -> bool:
        """Take or renew the game's drive lease until ``now + lease``; False while another owner's
        lease runs (or when the game is not stored)."""
        check_text(game_id, "game id")
        check_text(owner, "owner")
        when = check_time(now, "now")
        length = check_lease(lease)
        claimed = await self._open_pool.fetchval(CLAIM_DRIVE, game_id, owner, when, length)
        return claimed is not None

    async def listen(self, callback: Callable[[Notification], Coroutine[Any, Any, None]]) -> None:
        """Call ``callback`` (as a task) for every notification another process sends; the first
        call connects the LISTEN connection and returns once it listens."""
        if not callable(callback):
            raise TypeError(f"listen takes a coroutine function, got {type(callback).__name__}")
        self._open_pool  # noqa: B018 (raises when the store is not open)
        async with self._listening:  # two first calls at once make one connection
            if self._listener is None:
                listener = NotificationListener(self._connect, self.origin, self._dispatch, self.where)
                await listener.start()
                self._listener = listener
            self._callbacks.append(callback)

    async def publish(self, notification: Notification) -> None:
        """NOTIFY the other processes; ValueError when the JSON would be 8000 bytes or more."""
        payload = encode_notification(notification, self.origin)
        await self._open_pool.execute(f"SELECT pg_notify('{CHANNEL}', $1::text)", payload)

    async def _connect(self) -> Any:
        return await _asyncpg().connect(self.url, server_settings={"application_name": "fourchess listener"})

    def _dispatch(self, notification: Notification) -> None:
        for callback in self._callbacks:
            task = asyncio.get_running_loop().create_task(callback(dict(notification)))
            self._tasks.add(task)
            task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a notification callback failed", exc_info=task.exception())


async def _keep_session(connection: Any) -> None:
    """The pool's reset on release: nothing beyond asyncpg's rollback of an open transaction. The
    store sets no session state on pooled connections (no SET, LISTEN or session locks), and the
    default reset query was a second round trip for every query."""


def _asyncpg() -> Any:
    """The asyncpg module, imported only when PostgreSQL is used (it is in the server extra)."""
    try:
        import asyncpg
    except ImportError as error:
        raise ImportError("the PostgreSQL store needs asyncpg: pip install 'fourchess[server]'") from error
    return asyncpg

"""The SQLite store: one file, one server process, every write committed durably (WAL,
``synchronous=FULL``) by the group-committing thread of sqlite_thread before its caller hears back."""

from __future__ import annotations

import logging
import math
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

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
from fourchess.server.store.notification import encode_notification
from fourchess.server.store.records import (
    GAME_COLUMNS,
    STEP_COLUMNS,
    ending_columns,
    game_record,
    step_record,
    turn_needed,
)
from fourchess.server.store.sqlite_thread import BUSY_SECONDS, GroupCommitThread

log = logging.getLogger("fourchess.server.store")
T = TypeVar("T")  # what an operation on the connection returns

# a new game, or a rematch; a game whose id is taken inserts nothing (the caller counts rows)
INSERT_GAME = (
    "INSERT INTO games (id, settings, token_hashes, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"
)

# plies counts the steps: append_step and abort_game test it in the same UPDATE that changes the row
TABLES = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        token_hashes TEXT NOT NULL,
        created_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished', 'aborted')),
        plies INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        pgn4 TEXT,
        finished_at REAL,
        rematch TEXT,
        turn TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS games_playing ON games (created_at) WHERE status = 'playing'",
    """CREATE TABLE IF NOT EXISTS steps (
        game_id TEXT NOT NULL REFERENCES games (id),
        ply INTEGER NOT NULL,
        text TEXT NOT NULL,
        seat TEXT NOT NULL,
        at REAL NOT NULL,
        by TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS presence (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat TEXT NOT NULL,
        last_seen REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID""",
)


class SqliteStore:
    """The Store on the SQLite file at ``path``; not shared, so it publishes nothing and every
    claim_drive succeeds. ``origin`` is this process's id (unused here: nothing is sent)."""

    kind = "sqlite"
    shared = False

    def __init__(self, path: Path, *, origin: str, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = Path(path)
        self.busy_seconds = check_lease(busy_seconds)  # how long a write waits for another connection's lock
        self.origin = check_text(origin, "origin")
        self._thread: GroupCommitThread | None = None

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"

    @property
    def commits(self) -> int:
        """How many transactions were committed so far (fewer than writes: they are grouped)."""
        return 0 if self._thread is None else self._thread.commits

    async def open(self) -> None:
        """Start the database thread, connect and create the tables when missing."""
        if self._thread is not None:
            raise RuntimeError(f"{self!r} is already open")
        thread = GroupCommitThread(self.path, self.busy_seconds)
        try:
            await thread.start()
            await thread.run(self._create_schema, writes=True)
        except sqlite3.DatabaseError as error:
            await thread.stop()
            raise type(error)(f"cannot open the SQLite store {self.path}: {error}") from error
        except BaseException:
            await thread.stop()
            raise
        self._thread = thread

    def _create_schema(self, connection: sqlite3.Connection) -> None:
        for statement in TABLES:
            connection.execute(statement)
        rows = connection.execute("SELECT version FROM schema_version").fetchall()
        if not rows:
            connection.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            return
        check_schema_version(rows[0][0], f"the SQLite store {self.path}")
        if rows[0][0] != SCHEMA_VERSION:  # in the same transaction as the check
            for statement in migration_from(rows[0][0]):
                connection.execute(statement)
            connection.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    async def close(self) -> None:
        """Finish the queued writes, then close the connection and end the thread."""
        thread, self._thread = self._thread, None
        if thread is not None:
            await thread.stop()

    async def _run(self, operation: Callable[[sqlite3.Connection], T], *, writes: bool) -> T:
        if self._thread is None:
            raise StoreUnavailable(f"{self!r} is not open")
        result: T = await self._thread.run(operation, writes=writes)
        return result

    async def ping(self) -> None:
        """Raise when the file cannot take a write now: a committed write, to the file that is
        still at the store's path (the health check)."""
        await self._run(
            lambda connection: connection.execute("UPDATE schema_version SET version = version"), writes=True
        )

    async def create_game(self, game: GameRecord) -> None:
        """Store a new game; GameExistsError if its id is taken."""
        check_new_game(game)
        row = (
            game.id,
            to_json(game.settings, "game settings"),
            to_json(game.token_hashes, "token_hashes"),
            float(game.created_at),
        )

        def insert(connection: sqlite3.Connection) -> None:
            cursor = connection.execute(
                INSERT_GAME,
                row,
            )
            if cursor.rowcount == 0:
                raise GameExistsError(f"a game with id {quoted(game.id)} is already stored")

        await self._run(insert, writes=True)

    async def load_game(self, game_id: str) -> GameRecord | None:
        """The game with all its steps (read in one transaction), or None."""
        check_text(game_id, "game id")

        def load(connection: sqlite3.Connection) -> GameRecord | None:
            row = connection.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            steps = connection.execute(
                f"SELECT {STEP_COLUMNS} FROM steps WHERE game_id = ? ORDER BY ply", (game_id,)
            ).fetchall()
            return game_record(row, steps)

        return await self._run(load, writes=False)

    async def steps_since(self, game_id: str, ply: int) -> list[StepRecord]:
        """The game's steps from ``ply`` on, in order."""
        check_text(game_id, "game id")
        check_count(ply, "ply")

        def select(connection: sqlite3.Connection) -> list[StepRecord]:
            rows = connection.execute(
                f"SELECT {STEP_COLUMNS} FROM steps WHERE game_id = ? AND ply >= ? ORDER BY ply", (game_id, ply)
            )
            return [step_record(row) for row in rows]

        return await self._run(select, writes=False)

    async def append_step(
        self, game_id: str, step: StepRecord, finish: FinishRecord | None = None, next_turn: str | None = None
    ) -> bool:
        """Store the step (and the game's end) when its ply is the next, the game is playing and
        a move's seat is the one on turn."""
        check_text(game_id, "game id")
        check_step(step)
        check_turn(next_turn)
        ending = (None, None, None, None) if finish is None else ending_columns(check_finish(finish))
        mover = turn_needed(step)

        def append(connection: sqlite3.Connection) -> bool:
            cursor = connection.execute(
                "UPDATE games SET plies = plies + 1, turn = ?, status = coalesce(?, status),"
                " result = coalesce(?, result), pgn4 = coalesce(?, pgn4), finished_at = coalesce(?, finished_at)"
                " WHERE id = ? AND status = 'playing' AND plies = ? AND (? IS NULL OR turn IS NULL OR turn = ?)",
                (next_turn, *ending, game_id, step.ply, mover, mover),
            )
            if cursor.rowcount == 0:
                _refuse_a_gap(connection, game_id, step.ply)
                _note_out_of_turn(connection, game_id, step)
                return False
            connection.execute(
                "INSERT INTO steps (game_id, ply, text, seat, at, by) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, step.ply, step.text, step.seat, float(step.at), step.by),
            )
            return True

        return await self._run(append, writes=True)

    async def abort_game(self, game_id: str, at_ply: int, finish: FinishRecord) -> bool:
        """End the game with ``finish`` when it is playing and has exactly ``at_ply`` steps."""
        check_text(game_id, "game id")
        check_count(at_ply, "at_ply")
        ending = ending_columns(check_finish(finish))

        def abort(connection: sqlite3.Connection) -> bool:
            cursor = connection.execute(
                "UPDATE games SET status = ?, result = ?, pgn4 = ?, finished_at = ?"
                " WHERE id = ? AND status = 'playing' AND plies = ?",
                (*ending, game_id, at_ply),
            )
            return cursor.rowcount == 1

        return await self._run(abort, writes=True)

    async def create_rematch(self, game_id: str, rematch: GameRecord) -> str | None:
        """Store the rematch and the link to it in one transaction, unless the game has one."""
        check_text(game_id, "game id")
        check_new_game(rematch)
        row = (
            rematch.id,
            to_json(rematch.settings, "game settings"),
            to_json(rematch.token_hashes, "token_hashes"),
            float(rematch.created_at),
        )

        def make(connection: sqlite3.Connection) -> str | None:
            found = connection.execute("SELECT rematch FROM games WHERE id = ?", (game_id,)).fetchone()
            if found is None or found[0] is not None:
                return None if found is None else str(found[0])
            cursor = connection.execute(
                INSERT_GAME,
                row,
            )
            if cursor.rowcount == 0:
                raise GameExistsError(f"a game with id {quoted(rematch.id)} is already stored")
            connection.execute("UPDATE games SET rematch = ? WHERE id = ?", (rematch.id, game_id))
            return rematch.id

        return await self._run(make, writes=True)

    async def unfinished_games(self, active_since: float | None = None) -> list[str]:
        """The ids of the games still playing (with ``active_since``: whose last step, or creation,
        came then or later), oldest first."""
        since = -math.inf if active_since is None else check_time(active_since, "active_since")

        def select(connection: sqlite3.Connection) -> list[str]:
            rows = connection.execute(
                "SELECT id FROM games WHERE status = 'playing'"
                " AND coalesce((SELECT max(at) FROM steps WHERE game_id = id), created_at) >= ?"
                " ORDER BY created_at, id",
                (since,),
            )
            return [row[0] for row in rows]

        return await self._run(select, writes=False)

    async def game_ids(self) -> list[str]:
        """The id of every stored game, oldest first."""

        def select(connection: sqlite3.Connection) -> list[str]:
            return [row[0] for row in connection.execute("SELECT id FROM games ORDER BY created_at, id")]

        return await self._run(select, writes=False)

    async def touch_presence(self, game_id: str, seats: list[str], now: float) -> None:
        """Set each seat's last heartbeat to ``now``."""
        check_text(game_id, "game id")
        names = check_seats(seats)
        when = check_time(now, "now")
        if not names:
            return

        def upsert(connection: sqlite3.Connection) -> None:
            connection.executemany(
                "INSERT INTO presence (game_id, seat, last_seen) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET last_seen = excluded.last_seen",
                [(game_id, seat, when) for seat in names],
            )

        await self._run(upsert, writes=True)

    async def presence(self, game_id: str) -> dict[str, float]:
        """Each seen seat's last heartbeat."""
        check_text(game_id, "game id")

        def select(connection: sqlite3.Connection) -> dict[str, float]:
            return dict(
                connection.execute("SELECT seat, last_seen FROM presence WHERE game_id = ?", (game_id,)).fetchall()
            )

        return await self._run(select, writes=False)

    async def claim_drive(self, game_id: str, owner: str, now: float, lease: float) -> bool:
        """True: the only process on a SQLite file always drives its games."""
        check_text(game_id, "game id")
        check_text(owner, "owner")
        check_time(now, "now")
        check_lease(lease)
        return True

    async def listen(self, callback: Callable[[Notification], Awaitable[None]]) -> None:
        """Nothing to hear: no other process shares the file."""
        if not callable(callback):
            raise TypeError(f"listen takes a coroutine function, got {type(callback).__name__}")

    async def publish(self, notification: Notification) -> None:
        """Check the notification as PostgreSQL would, then drop it: nobody else listens."""
        encode_notification(notification, self.origin)


def _note_out_of_turn(connection: sqlite3.Connection, game_id: str, step: StepRecord) -> None:
    row = connection.execute("SELECT status, plies, turn FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is not None and row[0] == PLAYING and row[1] == step.ply and row[2] is not None:
        log.warning(
            "game %s: refused %s's move %s at ply %d: the stored game has %s to move",
            game_id,
            step.seat,
            quoted(step.text),
            step.ply,
            row[2],
        )


def _refuse_a_gap(connection: sqlite3.Connection, game_id: str, ply: int) -> None:
    row = connection.execute("SELECT status, plies FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is not None and row[0] == PLAYING and row[1] < ply:
        raise ValueError(f"game {quoted(game_id)} has {row[1]} steps: the next is ply {row[1]}, not {ply}")

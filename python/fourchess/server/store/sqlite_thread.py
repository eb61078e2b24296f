"""One thread that owns the SQLite connection and commits in groups.

Coroutines hand it operations (functions of the connection) and await their results. The thread
takes everything queued, runs it in one transaction, each operation inside its own SAVEPOINT (so
one that fails is undone alone), commits once and only then settles the callers' futures: with
``synchronous=FULL`` a commit costs one or two fsyncs, and sharing it between every move queued
meanwhile is what lets a single file store thousands of moves a second.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourchess.server.store.failures import StoreUnavailable

Operation = Callable[[sqlite3.Connection], Any]

BUSY_SECONDS = 10.0  # how long a connection waits for another's lock
WAL_RETRY_SECONDS = 0.01
MAX_BATCH = 1000  # operations per transaction: bounds how long one commit keeps the others waiting

log = logging.getLogger("fourchess.server.store")


@dataclass
class _Job:
    operation: Operation
    writes: bool
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


_STOP = object()


class GroupCommitThread:
    """The connection to the SQLite file at ``path`` and the thread that alone uses it.

    ``run`` submits an operation; ``stop`` lets everything submitted before it finish, closes the
    connection and ends the thread. Statistics: ``commits`` and ``operations`` so far.
    """

    def __init__(self, path: Path, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = path
        self.busy_seconds = busy_seconds
        self.commits = 0
        self.operations = 0
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()  # guards _accepting against the thread's last drain
        self._accepting = True
        self._stopped: asyncio.Future[None] | None = None
        self._thread: threading.Thread | None = None
        self._identity = (0, 0)  # the opened file's (device, inode)

    async def start(self) -> None:
        """Start the thread and wait until it has connected; the connection's error otherwise."""
        connected = asyncio.get_running_loop().create_future()
        self._thread = threading.Thread(
            target=self._main, args=(connected,), name=f"fourchess-sqlite {self.path.name}", daemon=True
        )
        self._thread.start()
        await connected

    async def run(self, operation: Operation, *, writes: bool) -> Any:
        """The result of ``operation(connection)`` once the transaction that ran it is committed;
        its exception, or the commit's, otherwise. ``writes`` says whether it may change the file."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        with self._lock:
            if not self._accepting:
                raise StoreUnavailable(f"the SQLite store {self.path} is closed")
            self._queue.put(_Job(operation, writes, loop, future))
        return await future

    async def stop(self) -> None:
        """Finish what was submitted, close the connection and end the thread."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if not self._accepting or self._thread is None:
                self._accepting = False
                return
            self._accepting = False
            self._stopped = loop.create_future()
            self._queue.put(_STOP)
        await self._stopped
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join)

    def _main(self, connected: asyncio.Future[None]) -> None:
        try:
            connection = self._connect()
        except Exception as error:
            self._close_queue(error)
            _call_in_loop(connected.get_loop(), _set_outcome, connected, False, error)
            return
        _call_in_loop(connected.get_loop(), _set_outcome, connected, True, None)
        try:
            while self._serve_one_batch(connection):
                pass
        finally:
            connection.close()
            self._close_queue(StoreUnavailable(f"the SQLite store {self.path} is closed"))

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: the module opens no transactions of its own; _run_batch does
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=True)
        try:
            self._identity = _identity(self.path)
            connection.execute(f"PRAGMA busy_timeout = {self.busy_seconds * 1000:.0f}")
            mode = _write_ahead_logging(connection)
            if mode != "wal":
                raise sqlite3.OperationalError(
                    f"{self.path}: SQLite would not use write-ahead logging (journal_mode is {mode})"
                )
            connection.execute("PRAGMA synchronous = FULL")  # a commit survives power loss, not only a crash
            connection.execute("PRAGMA foreign_keys = ON")
        except Exception:
            connection.close()
            raise
        return connection

    def _serve_one_batch(self, connection: sqlite3.Connection) -> bool:
        """Run one batch of queued jobs; False once the stop request was reached."""
        batch = [self._queue.get()]
        while len(batch) < MAX_BATCH:
            try:
                batch.append(self._queue.get_nowait())
            except queue.Empty:
                break
        stop = any(item is _STOP for item in batch)
        jobs = [item for item in batch if item is not _STOP]
        if jobs:
            for job, ok, value in self._run_batch(connection, jobs):
                _settle(job, ok, value)
        return not stop

    def _run_batch(self, connection: sqlite3.Connection, jobs: list[_Job]) -> list[tuple[_Job, bool, Any]]:
        outcomes: list[tuple[_Job, bool, Any]] = []
        try:
            connection.execute("BEGIN IMMEDIATE" if any(job.writes for job in jobs) else "BEGIN")
            for job in jobs:
                connection.execute("SAVEPOINT operation")
                try:
                    value = job.operation(connection)
                except Exception as error:
                    if not connection.in_transaction:
                        raise  # SQLite undid the whole transaction (disk full, I/O error): every job failed
                    connection.execute("ROLLBACK TO operation")
                    connection.execute("RELEASE operation")
                    outcomes.append((job, False, error))
                else:
                    connection.execute("RELEASE operation")
                    outcomes.append((job, True, value))
            if any(job.writes for job in jobs):
                self._check_still_the_file()
            connection.execute("COMMIT")
        except Exception as error:
            log.error("SQLite store %s: a transaction of %d operations failed: %s", self.path, len(jobs), error)
            if connection.in_transaction:
                try:
                    connection.execute("ROLLBACK")
                except sqlite3.Error:
                    log.exception("SQLite store %s: the rollback failed too", self.path)
            return [(job, False, error) for job in jobs]
        self.commits += 1
        self.operations += len(jobs)
        return outcomes

    def _check_still_the_file(self) -> None:
        """Refuse to commit into a file that is no longer at the store's path (removed, or
        replaced): SQLite would write on into the unlinked file, and every move would be lost."""
        try:
            found = _identity(self.path)
        except OSError as error:
            raise StoreUnavailable(f"the SQLite file {self.path} is gone: {error.strerror}") from None
        if found != self._identity:
            raise StoreUnavailable(f"the SQLite file {self.path} was replaced by another file")

    def _close_queue(self, error: Exception) -> None:
        """Refuse new jobs, fail the ones still queued with ``error`` and settle stop()."""
        with self._lock:
            self._accepting = False
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not _STOP:
                _settle(item, False, error)
        stopped = self._stopped
        if stopped is not None:
            _call_in_loop(stopped.get_loop(), _resolve_stopped, stopped)


def _identity(path: Path) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_dev, stat.st_ino


def _write_ahead_logging(connection: sqlite3.Connection) -> str:
    """Switch to WAL and give the journal mode now. While another connection is about to write
    the file (a second process opening the same new store), SQLite refuses the switch with
    "database is locked" at once instead of waiting out busy_timeout: so try again until then."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            return str(connection.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
        time.sleep(WAL_RETRY_SECONDS)


def _settle(job: _Job, ok: bool, value: Any) -> None:
    _call_in_loop(job.loop, _set_outcome, job.future, ok, value)


def _call_in_loop(loop: asyncio.AbstractEventLoop, function: Callable[..., None], *args: Any) -> None:
    try:
        loop.call_soon_threadsafe(function, *args)
    except RuntimeError:  # the caller's event loop is closed: nobody is waiting any more
        pass


def _set_outcome(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():  # the caller was cancelled; the operation ran (and may be committed) all the same
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _resolve_stopped(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)

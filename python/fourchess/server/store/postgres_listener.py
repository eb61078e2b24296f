"""The PostgreSQL connection that LISTENs on the ``fourchess`` channel, kept alive.

A dropped connection (a restarted server, a cut network) is noticed by asyncpg's termination
callback or by a periodic ``SELECT 1``; the listener then connects again with growing pauses and
tells its subscriber to resync, since notifications sent meanwhile are lost for good.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fourchess.server.store.notification import CHANNEL, decode_notification

log = logging.getLogger("fourchess.server.store")

KEEPALIVE_SECONDS = 10.0  # how often an idle listening connection is checked
KEEPALIVE_TIMEOUT = 5.0
FIRST_RETRY_SECONDS = 0.05
LAST_RETRY_SECONDS = 5.0
RESYNC = {"kind": "resync", "origin": None}


class NotificationListener:
    """Calls ``deliver(notification)`` for each notification on the channel that ``origin`` did
    not send, over connections made by ``connect()``; ``where`` names the database in logs."""

    def __init__(
        self,
        connect: Callable[[], Awaitable[Any]],
        origin: str,
        deliver: Callable[[dict[str, Any]], None],
        where: str,
    ) -> None:
        self._connect = connect
        self._origin = origin
        self._deliver = deliver
        self._where = where
        self._connection: Any = None
        self._lost = asyncio.Event()
        self._supervisor: asyncio.Task[None] | None = None
        self.reconnections = 0

    async def start(self) -> None:
        """Connect and LISTEN (failing loudly if the database cannot be reached now), then keep
        the connection alive in a background task."""
        await self._listen()
        self._supervisor = asyncio.get_running_loop().create_task(
            self._supervise(), name=f"fourchess LISTEN {self._where}"
        )

    async def stop(self) -> None:
        """Stop listening and close the connection."""
        supervisor, self._supervisor = self._supervisor, None
        if supervisor is not None:
            supervisor.cancel()
            try:
                await supervisor
            except asyncio.CancelledError:
                pass
        await self._drop()

    @property
    def backend_pid(self) -> int | None:
        """The server process id of the listening connection (tests terminate it), or None."""
        connection = self._connection
        return None if connection is None or connection.is_closed() else connection.get_server_pid()

    async def _listen(self) -> None:
        connection = await self._connect()
        try:
            self._lost.clear()
            connection.add_termination_listener(self._on_termination)
            await connection.add_listener(CHANNEL, self._on_notification)
        except BaseException:
            await _close_quietly(connection)
            raise
        self._connection = connection

    async def _supervise(self) -> None:
        while True:
            await self._wait_until_lost()
            log.warning("the %s LISTEN connection to %s was lost; connecting again", CHANNEL, self._where)
            await self._drop()
            await self._reconnect()
            self.reconnections += 1
            self._deliver(dict(RESYNC))

    async def _wait_until_lost(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._lost.wait(), KEEPALIVE_SECONDS)
                return
            except asyncio.TimeoutError:
                pass
            try:
                await asyncio.wait_for(self._connection.execute("SELECT 1"), KEEPALIVE_TIMEOUT)
            except Exception as error:  # whatever went wrong, the connection is of no more use
                log.warning("the %s LISTEN connection to %s does not answer: %s", CHANNEL, self._where, error)
                return

    async def _reconnect(self) -> None:
        pause = FIRST_RETRY_SECONDS
        while True:
            try:
                await self._listen()
                log.warning("listening on %s at %s again", CHANNEL, self._where)
                return
            except Exception as error:  # the database is still away: wait and try again
                log.warning("cannot LISTEN on %s at %s (%s); next try in %.2f s", CHANNEL, self._where, error, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, LAST_RETRY_SECONDS)

    async def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.remove_termination_listener(self._on_termination)
            await _close_quietly(connection)

    def _on_termination(self, connection: Any) -> None:
        if connection is self._connection:
            self._lost.set()

    def _on_notification(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        notification = decode_notification(payload)
        if notification is not None and notification.get("origin") != self._origin:
            self._deliver(notification)


async def _close_quietly(connection: Any) -> None:
    try:
        await asyncio.wait_for(connection.close(), KEEPALIVE_TIMEOUT)
    except Exception:  # a connection that cannot even say goodbye is cut
        connection.terminate()

"""One client's WebSocket as a game room sees it: a seat (None for a spectator) and an outbox.

Messages go out through a bounded queue drained by the connection's own task, so one slow client
never holds up a broadcast; a client that falls too far behind is disconnected. A spectator gets
the game's state at most once per ``state_interval`` seconds, always the newest: a thousand
watchers of a fast game cost the server a bounded number of sends, and none of them misses the
position the game ends in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

OUTBOX_LIMIT = 256  # messages queued for one client before it is dropped as too slow

log = logging.getLogger("fourchess.server")


class Connection:
    """A client of one game. ``send_text`` is whatever writes one text frame (a Starlette
    WebSocket's send_text; tests may pass a list's append); ``close`` ends the socket."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[], Coroutine[Any, Any, None]] | None = None,
        state_interval: float = 0.0,
    ) -> None:
        self.seat: int | None = None  # the seat's number in its game, None for a spectator
        self._send_text = send_text
        self._close = close
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self._writer = asyncio.create_task(self._drain())
        self.closed = False
        self._state_interval = state_interval
        self._state_sent_at = -math.inf  # the loop's time of the last state sent to a spectator
        self._newest_state: str | None = None  # held back until the interval has passed
        self._state_timer: asyncio.TimerHandle | None = None

    def send_state(self, text: str) -> None:
        """Queue a state message: at once for a player; for a spectator, at most once per
        state_interval, a newer state replacing one still held back."""
        if self.seat is not None or self._state_interval <= 0:
            self.send(text)
            return
        loop = asyncio.get_running_loop()
        self._newest_state = text
        if self._state_timer is None:
            wait = self._state_sent_at + self._state_interval - loop.time()
            if wait <= 0:
                self._send_newest_state()
            else:
                self._state_timer = loop.call_later(wait, self._send_newest_state)

    def _send_newest_state(self) -> None:
        self._state_timer = None
        text, self._newest_state = self._newest_state, None
        if text is not None:
            self._state_sent_at = asyncio.get_running_loop().time()
            self.send(text)

    def send(self, text: str) -> None:
        """Queue a message; a client whose queue is full is closed instead."""
        if self.closed:
            return
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropping a client %d messages behind", OUTBOX_LIMIT)
            self.closed = True
            self._writer.cancel()
            if self._close is not None:
                asyncio.get_running_loop().create_task(self._close())

    async def flush(self) -> None:
        """Wait until everything queued so far has been written (a held-back state included)."""
        if self._state_timer is not None:
            self._state_timer.cancel()
            self._send_newest_state()
        while not self._outbox.empty() and not self._writer.done():
            await asyncio.sleep(0)

    async def finish(self) -> None:
        """Stop the writer (after the socket has gone)."""
        self.closed = True
        if self._state_timer is not None:
            self._state_timer.cancel()
            self._state_timer = None
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer

    async def _drain(self) -> None:
        while True:
            text = await self._outbox.get()
            if text is None:
                return
            try:
                await self._send_text(text)
            except Exception:  # the socket went away; the receive loop notices and detaches us
                self.closed = True
                return

"""Where connections come in: uvicorn's HTTP and WebSocket protocols with the server's timeouts
and connection caps (Limits) added.

uvicorn times out only idle keep-alive connections. A client that opens a connection and sends
its request head, or its body, a byte at a time would otherwise hold a file descriptor for as
long as it likes, and a thousand such clients lock everyone else out. Here every connection is
counted from the moment it is accepted, per client address and in all, and refused with a 503
before it costs more than the count when either cap is reached; and a request must arrive, head
and body, within its deadlines or the connection is answered 408 and closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from fourchess.server.limits import Limits

log = logging.getLogger("fourchess.server")


class Doorway:
    """The open connections, per client address and in all, against the limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self.by_client: Counter[str] = Counter()

    def admit(self, client: str) -> str | None:
        """Count a new connection from ``client``; or why it is refused (it is then not counted)."""
        if self.open >= self.limits.max_connections:
            return f"the server has {self.open} connections open, its limit"
        if self.by_client[client] >= self.limits.max_connections_per_client:
            return f"this address has {self.by_client[client]} connections open, its limit"
        self.enter(client)
        return None

    def enter(self, client: str) -> None:
        self.open += 1
        self.by_client[client] += 1

    def release(self, client: str) -> None:
        self.open -= 1
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]


def _answer(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP/1.1 response with a JSON error body, written as the connection closes."""
    body = json.dumps({"error": code, "message": message, "retryable": True}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def _client_of(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def guarded_protocols(limits: Limits) -> dict[str, Any]:
    """uvicorn's ``http`` and ``ws`` protocol classes for one server, sharing one Doorway."""
    doorway = Doorway(limits)

    class GuardedHttp(H11Protocol):
        """HTTP/1.1 with connection caps and header and body deadlines."""

        _client_key: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _waiting_for: str | None = None  # "head" or "body", while a deadline runs
        _handed_over = False  # upgraded to a WebSocket: the transport is the socket protocol's now

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            client = _client_of(transport)
            refusal = doorway.admit(client)
            if refusal is not None:
                log.warning("refused a connection from %s: %s", client, refusal)
                transport.write(_answer(503, "Service Unavailable", "busy", refusal))
                transport.close()
                self.transport = transport
                return
            self._client_key = client
            super().connection_made(transport)
            self._expect("head", limits.header_timeout)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_deadline()
            if self._client_key is None:  # refused at the door: nothing of uvicorn's was set up
                return
            doorway.release(self._client_key)
            self._client_key = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._client_key is None:
                return
            super().data_received(data)
            self._follow_request()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._follow_request()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            # the socket's own protocol takes the transport over, and with it the count
            self._stop_deadline()
            self._handed_over = True
            if self._client_key is not None:
                doorway.release(self._client_key)
                self._client_key = None
            super().handle_websocket_upgrade(event)

        def _follow_request(self) -> None:
            """Keep the deadline that fits where the client is: sending a head, a body, or nothing."""
            if self._handed_over or self.transport.is_closing():
                return
            state = self.conn.their_state
            if state is h11.IDLE:
                # bytes of a next head are buffered: it has header_timeout to complete (an idle
                # connection with nothing buffered is uvicorn's keep-alive timer's)
                if self.conn.trailing_data[0] and self._waiting_for != "head":
                    self._expect("head", limits.header_timeout)
                elif (
                    not self.conn.trailing_data[0]
                    and self._waiting_for == "head"
                    and self.timeout_keep_alive_task is not None
                ):
                    self._stop_deadline()
            elif state is h11.SEND_BODY:
                if self._waiting_for != "body":
                    self._expect("body", limits.body_timeout)
            else:
                self._stop_deadline()

        def _expect(self, part: str, seconds: float) -> None:
            self._stop_deadline()
            self._waiting_for = part
            self._deadline = self.loop.call_later(seconds, self._late, part, seconds)

        def _stop_deadline(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = None
            self._waiting_for = None

        def _late(self, part: str, seconds: float) -> None:
            self._deadline = None
            self._waiting_for = None
            if self.transport.is_closing():
                return
            if part == "head":  # no request of this head's has begun: the answer is ours to give
                self.transport.write(
                    _answer(408, "Request Timeout", "timeout", f"the request head did not arrive within {seconds:g} s")
                )
            elif self.cycle is not None:
                if not self.cycle.response_started:
                    self.transport.write(
                        _answer(
                            408, "Request Timeout", "timeout", f"the request body did not arrive within {seconds:g} s"
                        )
                    )
                self.cycle.disconnected = True  # whatever the app writes now goes nowhere
            self.transport.close()

    ws_base: Any = AutoWebSocketsProtocol

    class GuardedWebSocket(ws_base):  # type: ignore[misc]
        """The WebSocket protocol uvicorn would pick, counted at the door until it closes."""

        _client_key: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            # an upgraded connection, admitted at the door by the HTTP protocol that handed it over
            self._client_key = _client_of(transport)
            doorway.enter(self._client_key)
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._client_key is not None:
                doorway.release(self._client_key)
                self._client_key = None
            super().connection_lost(exc)

    return {"http": GuardedHttp, "ws": GuardedWebSocket, "doorway": doorway}

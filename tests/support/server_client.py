"""A small HTTP and WebSocket client of the game server for the tests."""

from __future__ import annotations

import contextlib
import json
import socket
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

RECEIVE_TIMEOUT = 20.0


class Api:
    """The HTTP API of one server."""

    def __init__(self, url: str) -> None:
        # TCP_NODELAY: httpx writes a request's head and body apart, and Nagle's algorithm would hold
        # the body until the server's delayed ACK (40 ms on Linux) came back
        transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
        self.http = httpx.Client(base_url=url, timeout=RECEIVE_TIMEOUT, transport=transport)

    def create(self, **settings: Any) -> dict[str, Any]:
        answer = self.http.post("/api/games", json=settings)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def state(self, game_id: str) -> dict[str, Any]:
        answer = self.http.get(f"/api/games/{game_id}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, path: str, body: Any) -> httpx.Response:
        return self.http.post(path, content=body if isinstance(body, (bytes, str)) else json.dumps(body))

    def move(self, game_id: str, token: str, move: str, ply: int | None = None) -> httpx.Response:
        body: dict[str, Any] = {"token": token, "move": move}
        if ply is not None:
            body["ply"] = ply
        return self.post(f"/api/games/{game_id}/moves", body)

    def leave(self, game_id: str, token: str, kind: str) -> httpx.Response:
        return self.post(f"/api/games/{game_id}/{kind}", {"token": token})

    def close(self) -> None:
        self.http.close()


class Socket:
    """One WebSocket client of a game: says hello, then reads messages by type."""

    def __init__(self, ws_url: str, game_id: str, token: str | None) -> None:
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(f"{ws_url}/ws/games/{game_id}", open_timeout=RECEIVE_TIMEOUT)
        )
        self.send({"type": "hello", "token": token})
        self.welcome = self.receive("welcome")
        self.state: dict[str, Any] = self.welcome["state"]

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def receive(self, kind: str | None = None) -> dict[str, Any]:
        """The next message (of ``kind``, skipping others); states seen on the way are kept."""
        while True:
            message = json.loads(self.ws.recv(timeout=RECEIVE_TIMEOUT))
            if message.get("type") == "state":
                self.state = message["state"]
            if kind is None or message.get("type") == kind:
                return message

    def next_not_state(self) -> dict[str, Any]:
        """The next message that is not a state (presence changes send states at any time)."""
        return self.receive_other("state")

    def receive_other(self, skipped: str) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message.get("type") != skipped:
                return message

    def state_at(self, ply: int) -> dict[str, Any]:
        """Read states until one at ``ply`` (or later) arrives."""
        while self.state["ply"] < ply:
            self.receive("state")
        return self.state

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

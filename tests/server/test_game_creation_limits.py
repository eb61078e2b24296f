"""Game creation is bounded, over a real server on loopback whose clock the test holds: each client
address and all of them together may make games at a set rate with a burst, and past it get a 429
naming the limit with Retry-After; nothing is made by a refused request."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fourchess.server.clock import FakeClock
from fourchess.server.limits import Limits
from support.server_processes import ThreadServer


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Iterator[ThreadServer]:
    limits = Limits(games_per_client_per_minute=6, game_burst_per_client=2, games_per_minute=12, game_burst=3)
    served = ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock, limits=limits).start()
    yield served
    served.stop()


def client_from(server: ThreadServer, address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (any 127.x.y.z is this machine)."""
    transport = httpx.HTTPTransport(local_address=address, socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
    return httpx.Client(base_url=server.url, transport=transport, timeout=20)


def stored_games(server: ThreadServer) -> int:
    return len(server.call(lambda: server.hub.store.unfinished_games()))


def test_one_address_makes_its_burst_then_waits_its_rate(server: ThreadServer) -> None:
    with client_from(server, "127.0.0.1") as client:
        assert [client.post("/api/games", json={}).status_code for _ in range(2)] == [201, 201]
        refused = client.post("/api/games", json={})
        assert refused.status_code == 429, refused.text
        body = refused.json()
        assert body["error"] == "too_many_games" and "6 games a minute" in body["message"]
        assert body["retry_after"] == pytest.approx(10, abs=0.1) and refused.headers["Retry-After"] == "10"
        assert stored_games(server) == 2
        server.advance(9)
        assert client.post("/api/games", json={}).status_code == 429
        server.advance(1)  # one game every ten seconds
        assert client.post("/api/games", json={}).status_code == 201


def test_all_addresses_together_are_bounded_too(server: ThreadServer) -> None:
    with client_from(server, "127.0.0.1") as first, client_from(server, "127.0.0.2") as second:
        assert [first.post("/api/games", json={}).status_code for _ in range(2)] == [201, 201]
        assert second.post("/api/games", json={}).status_code == 201
        refused = second.post("/api/games", json={})  # its own burst has room, the server's has not
        assert refused.status_code == 429 and "at most 12 games a minute" in refused.json()["message"], refused.text
        assert stored_games(server) == 3
        server.advance(5)
        assert second.post("/api/games", json={}).status_code == 201


def test_bad_settings_are_refused_before_they_count(server: ThreadServer) -> None:
    with client_from(server, "127.0.0.1") as client:
        for _ in range(5):
            assert client.post("/api/games", json={"mode": "chess"}).status_code == 400
        assert client.post("/api/games", json={}).status_code == 201

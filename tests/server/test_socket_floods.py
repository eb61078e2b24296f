"""Floods over the WebSocket, on a real server on loopback: a client sending faster than the
message rate is closed (1008) and its partner keeps reading; a game takes at most
max_sockets_per_game pages (1013 past that); spectators get the newest state at a bounded rate
while players get every one."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from fourchess.server.limits import Limits
from support.server_client import Api, Socket
from support.server_processes import ThreadServer

MOVES = ["h2-h3", "b7-c7", "h13-h12", "m10-l10", "e2-e3", "b8-c8", "e13-e12", "m9-l9"]  # two rounds


def serve(tmp_path: Path, limits: Limits) -> ThreadServer:
    return ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", limits=limits).start()


@pytest.fixture
def flood_server(tmp_path: Path) -> Iterator[ThreadServer]:
    served = serve(tmp_path, Limits(messages_per_second=5, message_burst=20))
    yield served
    served.stop()


def closed_code(socket: Socket) -> int | None:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.receive()
    return closed.value.rcvd.code if closed.value.rcvd is not None else None


def test_a_chat_flood_closes_the_flooder_and_the_partner_reads_on(flood_server: ThreadServer) -> None:
    api = Api(flood_server.url)
    game = api.create()
    red = Socket(flood_server.ws_url, game["id"], game["seats"]["RED"]["token"])
    yellow = Socket(flood_server.ws_url, game["id"], game["seats"]["YELLOW"]["token"])  # Red's partner
    for number in range(400):
        try:
            red.send({"type": "chat", "text": f"line {number}"})
        except ConnectionClosed:
            break
    error = red.receive_other("state")
    while error.get("type") == "chat":
        error = red.receive_other("state")
    assert error["type"] == "error" and error["error"] == "too_many_messages"
    assert closed_code(red) == 1008
    yellow.send({"type": "ping"})
    lines = 0
    while (message := yellow.next_not_state())["type"] != "pong":
        assert message["type"] == "chat"
        lines += 1
    assert 1 <= lines <= 21  # the burst (and what refilled meanwhile), never the flood
    assert api.move(game["id"], game["seats"]["RED"]["token"], "h2-h3", ply=0).status_code == 200
    assert yellow.state_at(1)["moves"] == ["h2-h3"]  # the partner is still served
    yellow.close()
    api.close()


def test_a_game_takes_a_bounded_number_of_pages(tmp_path: Path) -> None:
    server = serve(tmp_path, Limits(max_sockets_per_game=5))
    api = Api(server.url)
    try:
        game = api.create()
        watchers = [Socket(server.ws_url, game["id"], None) for _ in range(5)]
        with connect(f"{server.ws_url}/ws/games/{game['id']}") as extra:
            extra.send(json.dumps({"type": "hello", "token": None}))
            refusal = json.loads(extra.recv(timeout=5))
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=5)
        assert refusal["error"] == "busy"
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        watchers.pop().close()
        deadline = time.monotonic() + 5
        while True:  # the server notices the close a moment later
            try:
                watchers.append(Socket(server.ws_url, game["id"], None))
                break
            except (ConnectionClosed, KeyError, AssertionError):
                assert time.monotonic() < deadline
                time.sleep(0.05)
        for watcher in watchers:
            watcher.close()
    finally:
        api.close()
        server.stop()


def test_spectators_get_the_newest_state_at_a_bounded_rate(tmp_path: Path) -> None:
    interval = 1.0
    server = serve(tmp_path, Limits(spectator_interval=interval))
    api = Api(server.url)
    try:
        game = api.create()
        seats = game["seats"]
        red = Socket(server.ws_url, game["id"], seats["RED"]["token"])
        watcher = Socket(server.ws_url, game["id"], None)
        started = time.monotonic()
        for ply, move in enumerate(MOVES):
            seat = ["RED", "BLUE", "YELLOW", "GREEN"][ply % 4]
            assert api.move(game["id"], seats[seat]["token"], move, ply=ply).status_code == 200
        played_in = time.monotonic() - started
        red_plies = []
        while not red_plies or red_plies[-1] < len(MOVES):
            red_plies.append(red.receive("state")["state"]["ply"])
        watcher_plies = []
        while not watcher_plies or watcher_plies[-1] < len(MOVES):
            watcher_plies.append(watcher.receive("state")["state"]["ply"])
        assert played_in < interval  # else the test shows nothing
        assert set(range(1, len(MOVES) + 1)) <= set(red_plies)  # a player sees every step
        assert len(set(watcher_plies)) <= 3 and watcher_plies[-1] == len(MOVES)  # a watcher: the first and the newest
        red.close()
        watcher.close()
    finally:
        api.close()
        server.stop()

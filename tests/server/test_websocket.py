"""The WebSocket per game over a real server on loopback: the welcome, states pushed after every
stored move, errors to the sender only, spectators, and Teams' partner-only arrows and chat."""

from __future__ import annotations

import asyncio
import json
import logging
import socket

import pytest
from websockets.sync.client import connect

from fourchess import Seat
from support.server_client import Api, Socket
from support.server_processes import ProcessServer, ThreadServer


def test_the_welcome_names_the_seat(server: ThreadServer, api: Api) -> None:
    game = api.create()
    blue = Socket(server.ws_url, game["id"], game["seats"]["BLUE"]["token"])
    watcher = Socket(server.ws_url, game["id"], None)
    assert blue.welcome["seat"] == "BLUE" and watcher.welcome["seat"] is None
    assert blue.state["ply"] == 0 and blue.state["seats"]["BLUE"]["connected"]
    blue.close()
    watcher.close()


@pytest.mark.parametrize("served", ["server", "live_server"])
def test_states_go_out_uncompressed(request: pytest.FixtureRequest, served: str) -> None:
    # permessage-deflate would compress every state once per socket: the server declines it
    site: ThreadServer | ProcessServer = request.getfixturevalue(served)
    with connect(f"{site.ws_url}/ws/games/none", compression="deflate") as ws:
        assert ws.response is not None and "Sec-WebSocket-Extensions" not in ws.response.headers


def test_a_move_reaches_every_page_after_it_is_stored(server: ThreadServer, api: Api) -> None:
    game = api.create()
    seats = game["seats"]
    sockets = {seat: Socket(server.ws_url, game["id"], seats[seat]["token"]) for seat in seats}
    watcher = Socket(server.ws_url, game["id"], None)
    sockets["RED"].send({"type": "move", "move": "h2-h4", "ply": 0})
    for each in [*sockets.values(), watcher]:
        assert each.state_at(1)["moves"] == ["h2-h4"]
    assert api.state(game["id"])["moves"] == ["h2-h4"]  # stored: the HTTP side sees it too
    for each in [*sockets.values(), watcher]:
        each.close()


@pytest.mark.parametrize(
    ("seat", "message", "code"),
    [
        ("BLUE", {"type": "move", "move": "b7-c7", "ply": 0}, "not_your_turn"),
        ("RED", {"type": "move", "move": "h2-h4", "ply": 7}, "stale"),
        ("RED", {"type": "move", "move": "h2-h6", "ply": 0}, "illegal_move"),
        ("RED", {"type": "move"}, "bad_request"),
        ("RED", {"type": "castle"}, "bad_request"),
        ("RED", {"no": "type"}, "bad_request"),
        (None, {"type": "move", "move": "h2-h4"}, "bad_request"),  # a spectator
    ],
)
def test_a_bad_message_gets_an_error_and_changes_nothing(
    server: ThreadServer, api: Api, seat: str | None, message: dict, code: str
) -> None:
    game = api.create()
    token = None if seat is None else game["seats"][seat]["token"]
    client = Socket(server.ws_url, game["id"], token)
    client.send(message)
    error = client.receive("error")
    assert error["error"] == code and error["ply"] == 0
    client.send({"type": "ping"})
    assert client.receive("pong") == {"type": "pong"}  # the connection lives on
    assert api.state(game["id"])["moves"] == []
    client.close()


def test_not_json_and_too_large_messages(server: ThreadServer, api: Api) -> None:
    game = api.create()
    client = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    client.ws.send("{nope")
    assert client.receive("error")["error"] == "bad_request"
    client.ws.send(json.dumps({"type": "chat", "text": "x" * 5000}))
    assert client.receive("error")["error"] == "too_large"
    client.close()


def test_a_bad_hello_is_refused(server: ThreadServer, api: Api) -> None:
    from websockets.sync.client import connect

    game = api.create()
    for path, hello in (
        (game["id"], {"type": "hello", "token": "wrong"}),
        (game["id"], {"type": "move"}),
        ("nope", {"type": "hello", "token": None}),
    ):
        with connect(f"{server.ws_url}/ws/games/{path}") as ws:
            ws.send(json.dumps(hello))
            assert json.loads(ws.recv(timeout=10))["type"] == "error"


def test_teams_arrows_and_chat_reach_the_partner_only(server: ThreadServer, api: Api) -> None:
    game = api.create()
    seats = game["seats"]
    sockets = {seat: Socket(server.ws_url, game["id"], seats[seat]["token"]) for seat in seats}
    watcher = Socket(server.ws_url, game["id"], None)
    sockets["RED"].send({"type": "chat", "text": "<b>watch Blue's queen</b>"})
    sockets["RED"].send({"type": "arrow", "from": "h2", "to": "h4"})
    assert sockets["YELLOW"].receive("chat") == {"type": "chat", "text": "<b>watch Blue's queen</b>", "seat": "RED"}
    assert sockets["YELLOW"].receive("arrow") == {"type": "arrow", "from": "h2", "to": "h4", "seat": "RED"}
    # the others get nothing: a ping answered proves nothing was queued before it
    for other in (sockets["BLUE"], sockets["GREEN"], watcher, sockets["RED"]):
        other.send({"type": "ping"})
        assert other.next_not_state() == {"type": "pong"}
    for each in [*sockets.values(), watcher]:
        each.close()


def test_ffa_has_no_private_channel(server: ThreadServer, api: Api) -> None:
    game = api.create(mode="ffa")
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    for message in ({"type": "chat", "text": "hi"}, {"type": "arrow", "from": "h2", "to": "h4"}):
        red.send(message)
        assert red.receive("error")["error"] == "bad_request"
    red.close()


def test_a_socket_lost_while_its_move_is_stored_ends_quietly(server: ThreadServer, api: Api) -> None:
    # the writer finds the socket gone while the handler awaits the store: the handler then stops
    # reading instead of raising (uvicorn logged "Exception in ASGI application" for it)
    errors: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = errors.append  # type: ignore[method-assign]
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        game = api.create(grace_seconds=600)
        room = server.hub.rooms[game["id"]]
        red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
        server.call(room.lock.acquire)  # the move's handler will wait here, as if for the store
        red.send({"type": "move", "move": "h2-h4", "ply": 0})
        red.ws.socket.shutdown(socket.SHUT_RDWR)  # the client goes, abruptly
        red_conn = server.call(lambda: next(conn for conn in room.connections if conn.seat == Seat.RED))
        for _ in range(200):  # states go out (a seat comes and goes) until one fails to reach Red
            Socket(server.ws_url, game["id"], game["seats"]["BLUE"]["token"]).close()
            if server.call(lambda: red_conn.closed):
                break
        assert server.call(lambda: red_conn.closed)
        server.call(room.lock.release)

        async def detached() -> None:  # the handler stores the move, then lets the socket go
            while red_conn in room.connections:
                await asyncio.sleep(0.01)

        server.call(detached)
        assert api.state(game["id"])["moves"] == ["h2-h4"]  # taken and stored all the same
        red.close()
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert [record.getMessage() for record in errors] == []


def test_a_finished_game_leaves_memory_with_its_last_page(server: ThreadServer, api: Api) -> None:
    game = api.create(grace_seconds=600)
    seats = game["seats"]
    for seat, move in (("RED", "i2-i3"), ("BLUE", "b7-c7"), ("YELLOW", "h13-h12"), ("GREEN", "m7-l7")):
        assert api.move(game["id"], seats[seat]["token"], move).status_code == 200
    watcher = Socket(server.ws_url, game["id"], None)
    assert api.leave(game["id"], seats["RED"]["token"], "resign").status_code == 200
    assert watcher.state_at(5)["status"] == "finished"
    assert server.call(lambda: game["id"] in server.hub.rooms)  # watched: kept
    watcher.close()

    async def forgotten() -> None:  # the server hears the socket close, then lets the room go
        while game["id"] in server.hub.rooms:
            await asyncio.sleep(0.01)

    server.call(forgotten)
    state = api.state(game["id"])  # loaded again from the store, whole
    assert state["status"] == "finished" and state["moves"][-1] == "resign:R" and state["ply"] == 5
    rematch = api.post(f"/api/games/{game['id']}/rematch", {"token": seats["BLUE"]["token"]})
    assert rematch.status_code == 201 and api.state(game["id"])["rematch"] == rematch.json()["id"]

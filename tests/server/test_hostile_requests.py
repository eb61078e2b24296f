"""Input a hostile client sends, over a real server on loopback: every piece of it gets a 4xx JSON
answer (or a WebSocket error and close code) naming what was wrong, never a 500 or a traceback
in the log, and none of it changes a game."""

from __future__ import annotations

import logging

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from support.server_client import Api, Socket
from support.server_processes import ThreadServer

HUGE = "1" + "0" * 399  # a 400-digit number, as JSON text


@pytest.mark.parametrize("setting", ["grace_seconds", "cpu_movetime", "move_limit", "turn_seconds"])
@pytest.mark.parametrize("number", [HUGE, "-" + HUGE, "1e400", HUGE + ".5"])
def test_numbers_too_big_for_a_float_are_bad_settings(api: Api, setting: str, number: str) -> None:
    answer = api.post("/api/games", f'{{"{setting}": {number}}}')
    assert answer.status_code == 400 and answer.json()["error"] == "bad_settings", answer.text
    assert setting in answer.json()["message"] and len(answer.text) < 400


BAD_IDS = ["ab%00cd", "%00", "ab%2Fcd", "%C3%A9t%C3%A9", "x" * 33, "ab%20cd", "..", "a.b"]


@pytest.mark.parametrize("game_id", BAD_IDS)
@pytest.mark.parametrize(
    ("method", "tail"),
    [
        ("GET", ""),
        ("GET", "/pgn4"),
        ("GET", "/board.svg"),
        ("POST", "/moves"),
        ("POST", "/resign"),
        ("POST", "/rematch"),
    ],
)
def test_an_id_that_no_game_can_have_is_no_such_game(api: Api, game_id: str, method: str, tail: str) -> None:
    answer = api.http.request(method, f"/api/games/{game_id}{tail}", json={"token": "t", "move": "h2-h4"})
    expected = "not_found" if "%2F" in game_id or game_id == ".." else "no_such_game"  # another path altogether
    assert answer.status_code == 404 and answer.json()["error"] == expected, answer.text


@pytest.mark.parametrize("game_id", [game_id for game_id in BAD_IDS if "%2F" not in game_id and game_id != ".."])
def test_a_socket_for_an_id_no_game_can_have_is_refused(server: ThreadServer, game_id: str) -> None:
    with connect(f"{server.ws_url}/ws/games/{game_id}") as ws:
        ws.send('{"type": "hello", "token": null}')
        assert '"no_such_game"' in ws.recv(timeout=10)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


@pytest.mark.parametrize("when", ["before the hello", "after the hello"])
def test_a_binary_frame_closes_the_socket_with_1003_and_no_traceback(
    server: ThreadServer, api: Api, caplog: pytest.LogCaptureFixture, when: str
) -> None:
    game = api.create()
    caplog.set_level(logging.INFO)
    with connect(f"{server.ws_url}/ws/games/{game['id']}") as ws:
        if when == "after the hello":
            ws.send('{"type": "hello", "token": null}')
            ws.recv(timeout=10)
        ws.send(b"\x00")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    server.idle()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info], caplog.text


@pytest.mark.parametrize(
    "message",
    [
        {"type": "chat", "text": "hi\x00there"},
        {"type": "chat", "text": "abc\u202edcba"},
        {"type": "chat", "text": "\u2066isolated\u2069"},
        {"type": "chat", "text": "bell\x07"},
        {"type": "chat", "text": "   "},
        {"type": "chat", "text": "x" * 201},
        {"type": "chat", "text": 7},
        {"type": "arrow", "from": "<s", "to": "h4"},
        {"type": "arrow", "from": "a1", "to": "h4"},  # a removed corner
        {"type": "arrow", "from": "h2", "to": "o5"},
        {"type": "arrow", "from": "h2"},
        {"type": "arrow", "from": ["h2"], "to": "h4"},
    ],
)
def test_chat_and_arrows_are_checked_before_they_reach_the_partner(
    server: ThreadServer, api: Api, message: dict
) -> None:
    game = api.create()
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    yellow = Socket(server.ws_url, game["id"], game["seats"]["YELLOW"]["token"])
    red.send(message)
    error = red.next_not_state()
    assert error["type"] == "error" and error["error"] == "bad_request", error
    red.send({"type": "chat", "text": "a fine line"})  # the next good one is the first the partner gets
    assert yellow.next_not_state() == {"type": "chat", "text": "a fine line", "seat": "RED"}
    red.close()
    yellow.close()


def test_a_lone_surrogate_in_chat_is_refused(server: ThreadServer, api: Api) -> None:
    game = api.create()
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    red.ws.send('{"type": "chat", "text": "a\\ud800b"}')  # valid JSON text, not valid Unicode
    error = red.next_not_state()
    assert error["type"] == "error" and error["error"] == "bad_request", error
    red.close()


def test_an_arrow_is_relayed_with_the_square_names_the_core_gives(server: ThreadServer, api: Api) -> None:
    game = api.create()
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    yellow = Socket(server.ws_url, game["id"], game["seats"]["YELLOW"]["token"])
    red.send({"type": "arrow", "from": "h2", "to": "h4"})
    assert yellow.next_not_state() == {"type": "arrow", "from": "h2", "to": "h4", "seat": "RED"}
    red.close()
    yellow.close()

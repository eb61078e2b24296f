"""Games nobody attends cost nothing, over a real server on loopback whose clock the test holds:
they pause (no CPU move, no timeout, out of memory) once nobody has had a page open or acted for
``unattended_seconds``, and go on when someone comes back; reads keep no game in memory; a
restart resumes only the games played lately; and the games held are bounded."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourchess.server.clock import FakeClock
from fourchess.server.limits import Limits
from support.server_client import Api, Socket
from support.server_processes import ThreadServer
from support.stockfish import require_stockfish

UNATTENDED = 120.0
CPU = {"player": "cpu"}
FAST_CPU = 0.01


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Iterator[ThreadServer]:
    served = ThreadServer(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        clock=clock,
        limits=Limits(unattended_seconds=UNATTENDED, max_rooms=3),
    ).start()
    yield served
    served.stop()


def held(server: ThreadServer) -> set[str]:
    return set(server.call(lambda: list(server.hub.rooms)))


def test_a_game_nobody_opens_pauses_and_goes_on_when_watched(server: ThreadServer, api: Api) -> None:
    game = api.create(
        grace_seconds=600, move_limit=8, cpu_movetime=FAST_CPU, seats={"BLUE": CPU, "YELLOW": CPU, "GREEN": CPU}
    )
    server.advance(UNATTENDED + 1)  # Red never came, and nobody watches: paused before Red's grace ran out
    assert game["id"] not in held(server) and server.clock.pending() == []
    server.advance(3600)  # an hour on: the CPU has not taken Red's seat
    assert api.state(game["id"])["ply"] == 0 and game["id"] not in held(server)
    watcher = Socket(server.ws_url, game["id"], None)  # someone watches: the game goes on
    server.advance(601)  # Red's grace period counts from the game's return to memory
    state = watcher.state_at(8)
    assert state["status"] == "finished" and state["ply"] == 8
    watcher.close()


def test_a_paused_game_times_nobody_out_and_its_turn_starts_afresh(tmp_path: Path, clock: FakeClock) -> None:
    served = ThreadServer(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock, limits=Limits(unattended_seconds=20)
    ).start()
    api = Api(served.url)
    game = api.create(turn_seconds=30, grace_seconds=600)
    served.advance(21)  # nobody came: paused before Red's 30 s ran out
    assert game["id"] not in held(served)
    served.advance(3600)
    red = Socket(served.ws_url, game["id"], game["seats"]["RED"]["token"])  # Red comes back an hour later
    assert red.state["status"] == "playing" and red.state["clock"]["remaining"] == 30
    served.advance(29)
    red.send({"type": "move", "move": "h2-h3", "ply": 0})
    assert red.state_at(1)["moves"] == ["h2-h3"]
    red.close()
    api.close()
    served.stop()


def test_reading_games_keeps_none_in_memory(server: ThreadServer, api: Api) -> None:
    finished = []
    for _ in range(3):
        game = api.create(move_limit=4, grace_seconds=0, cpu_movetime=FAST_CPU)
        server.idle()
        finished.append(game["id"])
    server.advance(UNATTENDED + 1)
    for game_id in finished:
        assert api.state(game_id)["status"] == "finished"
        assert api.http.get(f"/api/games/{game_id}/pgn4").status_code == 200
        assert api.http.get(f"/api/games/{game_id}/board.svg").status_code == 200
    assert held(server) == set()


@pytest.mark.parametrize(
    "settings",
    [
        {"game": "fourchess", "seats": dict.fromkeys(("RED", "BLUE", "YELLOW", "GREEN"), CPU)},
        {"game": "martian", "players": 4, "seats": dict.fromkeys(("RED", "BLUE", "YELLOW", "GREEN"), CPU)},
        {"game": "chess", "seats": dict.fromkeys(("WHITE", "BLACK"), CPU)},
    ],
    ids=["fourchess", "martian", "chess"],
)
def test_a_flood_of_cpu_games_is_bounded_until_some_pause(server: ThreadServer, api: Api, settings: dict) -> None:
    if settings["game"] == "chess":
        require_stockfish()
    for _ in range(3):
        api.create(**settings, cpu_movetime=FAST_CPU)  # the CPU plays them while they are new
    refused = api.http.post("/api/games", json=settings)
    assert refused.status_code == 503 and refused.json()["error"] == "busy", refused.text
    server.advance(UNATTENDED + 1)  # nobody came to those three: they pause and leave memory
    assert held(server) == set()
    assert api.http.post("/api/games", json=settings).status_code == 201


def test_a_restart_resumes_only_the_games_played_lately(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "games.sqlite3"
    served = ThreadServer(f"sqlite:///{path}", clock=clock, limits=Limits(unattended_seconds=UNATTENDED)).start()
    api = Api(served.url)
    old = [api.create(grace_seconds=600, cpu_movetime=FAST_CPU, seats={"BLUE": CPU})["id"] for _ in range(5)]
    api.close()
    served.stop()
    with sqlite3.connect(path) as db:  # five games left a day ago, two played a minute ago
        db.execute("UPDATE games SET created_at = created_at - 86400")
        recent = old[:2]
        db.executemany(
            "UPDATE games SET created_at = ? WHERE id = ?", [(clock.now() - 60, game_id) for game_id in recent]
        )
    restarted = ThreadServer(f"sqlite:///{path}", clock=clock, limits=Limits(unattended_seconds=UNATTENDED)).start()
    try:
        restarted.call(lambda: _resumed(restarted))
        assert held(restarted) == set(recent)
    finally:
        restarted.stop()


async def _resumed(server: ThreadServer) -> None:
    while not server.hub.resumed:
        await asyncio.sleep(0.01)

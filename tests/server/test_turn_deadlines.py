"""The turn timer bounds the CPU as it bounds a player, over a real server on loopback whose clock
the test holds: a seat whose search is still waiting or thinking times out on time, a move that
arrives after its deadline is refused and the seat timed out, and a game people play gets its CPU
move before games nobody plays."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourchess.server.clock import FakeClock
from support.gated_cpu import GatedCpu
from support.server_client import Api, Socket
from support.server_processes import ThreadServer

WAIT = 20.0  # seconds a test waits for the server before it fails


@pytest.fixture
def gated(tmp_path: Path, clock: FakeClock) -> Iterator[tuple[ThreadServer, GatedCpu]]:
    made: list[GatedCpu] = []

    def cpu() -> GatedCpu:
        made.append(GatedCpu(workers=1))
        return made[0]

    served = ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock, cpu=cpu).start()
    yield served, made[0]
    made[0].gate.set()
    served.stop()


def pages(server: ThreadServer, game: dict, *seats: str) -> list[Socket]:
    return [Socket(server.ws_url, game["id"], game["seats"][seat]["token"]) for seat in seats]


def test_a_seat_times_out_while_its_search_waits_for_the_cpu(gated: tuple[ThreadServer, GatedCpu]) -> None:
    server, cpu = gated
    api = Api(server.url)
    game = api.create(turn_seconds=30, grace_seconds=0, cpu_movetime=5)
    others = pages(server, game, "BLUE", "YELLOW", "GREEN")  # Red never came: the CPU plays it at once
    assert cpu.started.wait(WAIT)  # Red's search is at the gate
    assert cpu.movetimes == [5.0]  # the whole think time fits in the turn
    server.call(lambda: server.clock.advance(31))
    state = others[0].state
    while state["status"] == "playing":
        state = others[0].receive("state")["state"]
    assert state["status"] == "aborted" and state["abort"] == {"seat": "RED", "kind": "timeout"}  # Teams, first move
    cpu.gate.set()  # the search ends; its move must not be stored
    server.idle()
    assert api.state(game["id"])["moves"] == []
    for page in others:
        page.close()
    api.close()


def test_the_search_gets_what_is_left_of_the_turn(gated: tuple[ThreadServer, GatedCpu]) -> None:
    server, cpu = gated
    api = Api(server.url)
    watched = api.create(grace_seconds=600, cpu_movetime=0.01, seats={"RED": {"player": "cpu"}})  # takes the one worker
    assert cpu.started.wait(WAIT)
    timed = api.create(
        mode="ffa", turn_seconds=30, cpu_movetime=10, grace_seconds=600, seats={"RED": {"player": "cpu"}}
    )
    server.call(lambda: server.clock.jump(25))  # the timed game's search waits while its turn runs on
    cpu.gate.set()
    server.idle()
    assert cpu.movetimes[0] == 0.01
    assert cpu.movetimes[1] == pytest.approx(5 * 0.9)  # 5 s were left; a tenth stays for the move to arrive
    assert api.state(timed["id"])["ply"] == 1 and api.state(watched["id"])["ply"] == 1
    api.close()


def test_a_move_after_its_deadline_times_the_seat_out(server: ThreadServer, api: Api) -> None:
    game = api.create(mode="ffa", turn_seconds=30, grace_seconds=600)
    seats = game["seats"]
    watcher = Socket(server.ws_url, game["id"], None)
    assert api.move(game["id"], seats["RED"]["token"], "h2-h3").status_code == 200
    server.call(lambda: server.clock.jump(31))  # Blue's deadline has passed, its timer not yet run
    late = api.move(game["id"], seats["BLUE"]["token"], "b7-c7")
    assert late.status_code == 409 and late.json()["error"] == "timed_out", late.text
    state = api.state(game["id"])
    assert state["abort"] == {"seat": "BLUE", "kind": "timeout"} and state["moves"] == [
        "h2-h3"
    ]  # FFA, before three moves each
    watcher.close()


def test_a_played_game_gets_the_cpu_before_games_nobody_plays(tmp_path: Path) -> None:
    served = ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", cpu_workers=1).start()  # the real clock
    api = Api(served.url)
    cpu = {"player": "cpu"}
    try:
        idle_games = [
            api.create(cpu_movetime=0.05, seats={"RED": cpu, "BLUE": cpu, "YELLOW": cpu, "GREEN": cpu})["id"]
            for _ in range(12)
        ]
        game = api.create(cpu_movetime=0.05, grace_seconds=600, seats={"BLUE": cpu})
        red, yellow, green = pages(served, game, "RED", "YELLOW", "GREEN")

        def stored_elsewhere() -> int:
            return served.call(lambda: sum(served.hub.rooms[g].game.ply for g in idle_games if g in served.hub.rooms))

        deadline = time.monotonic() + WAIT
        while (
            served.call(lambda: min(served.hub.rooms[g].game.ply for g in idle_games)) < 2
        ):  # every idle game is under way
            assert time.monotonic() < deadline
            time.sleep(0.01)
        before = stored_elsewhere()
        red.send({"type": "move", "move": "h2-h3", "ply": 0})
        assert red.state_at(2)["moves"][1]  # Blue's CPU answered
        after = stored_elsewhere()
        # first come, first served would have run every queued search of the idle games first
        assert after - before <= 2, (before, after)
        for page in (red, yellow, green):
            page.close()
    finally:
        api.close()
        served.stop()

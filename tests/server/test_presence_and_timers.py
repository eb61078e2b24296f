"""Away, back and the clock, over a real server on loopback whose clock the test holds (no test
sleeps): the CPU takes a seat only after the grace period and gives it back when its page is
reopened, CPU seats and walking kings move by themselves, and turn timers time seats out."""

from __future__ import annotations

from fourchess import Board
from support.server_client import Api, Socket
from support.server_processes import ThreadServer

FAST_CPU = 0.01  # seconds per CPU move


def open_pages(server: ThreadServer, game: dict, *seats: str) -> list[Socket]:
    """Pages open for these seats (so the CPU leaves them alone)."""
    return [Socket(server.ws_url, game["id"], game["seats"][seat]["token"]) for seat in seats]


def close_all(pages: list[Socket]) -> None:
    for page in pages:
        page.close()


def test_the_cpu_moves_for_a_seat_only_after_the_grace_period(server: ThreadServer, api: Api) -> None:
    game = api.create(grace_seconds=60, cpu_movetime=FAST_CPU)
    others = open_pages(server, game, "BLUE", "YELLOW", "GREEN")
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    red.close()
    server.idle()
    server.advance(59)
    state = api.state(game["id"])
    assert state["ply"] == 0 and state["seats"]["RED"] == {
        "name": "Red",
        "player": "human",
        "connected": False,
        "cpu_playing": False,
    }
    server.advance(2)
    state = api.state(game["id"])
    assert state["ply"] == 1 and state["turn"] == "BLUE" and state["seats"]["RED"]["cpu_playing"]
    assert state["moves"][0] in [str(move) for move in Board().legal_moves]
    server.advance(600)  # Blue's page is open: Blue's turn waits for Blue
    assert api.state(game["id"])["ply"] == 1
    close_all(others)


def test_reopening_the_link_takes_the_seat_back(server: ThreadServer, api: Api) -> None:
    game = api.create(grace_seconds=60, cpu_movetime=FAST_CPU)
    seats = game["seats"]
    others = open_pages(server, game, "BLUE", "YELLOW", "GREEN")
    server.advance(61)  # nobody ever opened Red's page: the grace period ran from the game's creation
    assert api.state(game["id"])["ply"] == 1
    red = Socket(server.ws_url, game["id"], seats["RED"]["token"])  # Red comes back
    assert red.state["seats"]["RED"]["cpu_playing"] is False
    for other in others:  # the CPU's first move for Red was its own choice: play what is legal
        now = api.state(game["id"])
        other.send({"type": "move", "move": now["turn_moves"][0], "ply": now["ply"]})
        other.state_at(now["ply"] + 1)
    server.advance(3600)  # Red's turn, Red's page open: the CPU stays out of it
    state = api.state(game["id"])
    assert state["ply"] == 4 and state["turn"] == "RED"
    move = state["turn_moves"][0]
    red.send({"type": "move", "move": move, "ply": 4})
    assert red.state_at(5)["moves"][-1] == move
    red.close()
    close_all(others)


def test_a_seat_that_leaves_gets_its_grace_from_when_it_left(server: ThreadServer, api: Api) -> None:
    game = api.create(grace_seconds=60, cpu_movetime=FAST_CPU)
    others = open_pages(server, game, "BLUE", "YELLOW", "GREEN")
    red = Socket(server.ws_url, game["id"], game["seats"]["RED"]["token"])
    server.advance(100)  # connected all along: nothing happens
    assert api.state(game["id"])["ply"] == 0
    red.close()
    server.idle()
    server.advance(59)
    assert api.state(game["id"])["ply"] == 0
    server.advance(2)
    assert api.state(game["id"])["ply"] == 1
    close_all(others)


def test_cpu_seats_and_walking_kings_move_by_themselves(server: ThreadServer, api: Api) -> None:
    game = api.create(
        mode="ffa",
        cpu_movetime=FAST_CPU,
        grace_seconds=600,
        seats={"BLUE": {"player": "cpu"}, "GREEN": {"player": "cpu"}},
    )
    seats = game["seats"]
    assert api.move(game["id"], seats["RED"]["token"], "h2-h3").status_code == 200
    server.idle()
    state = api.state(game["id"])
    assert state["ply"] == 2 and state["turn"] == "YELLOW"  # Blue's CPU has answered
    assert api.move(game["id"], seats["YELLOW"]["token"], "h13-h12").status_code == 200
    server.idle()
    assert api.state(game["id"])["turn"] == "RED"


def test_a_game_of_cpu_seats_plays_itself_to_the_end(server: ThreadServer, api: Api) -> None:
    cpu = {"player": "cpu"}
    game = api.create(
        move_limit=12, cpu_movetime=FAST_CPU, seats={"RED": cpu, "BLUE": cpu, "YELLOW": cpu, "GREEN": cpu}
    )
    assert game["seats"]["RED"] == {"cpu": True}
    server.idle()
    state = api.state(game["id"])
    assert state["status"] == "finished" and state["ply"] == 12 and state["outcome"]["termination"] == "MOVE_LIMIT"


def test_a_timeout_on_the_first_move_aborts_a_teams_game(server: ThreadServer, api: Api) -> None:
    game = api.create(turn_seconds=30, grace_seconds=600)
    watcher = Socket(server.ws_url, game["id"], None)
    server.advance(29)
    assert api.state(game["id"])["status"] == "playing"
    server.advance(2)
    state = watcher.state_at(0)
    while state["status"] == "playing":
        state = watcher.receive("state")["state"]
    assert state["status"] == "aborted" and state["abort"] == {"seat": "RED", "kind": "timeout"}
    assert state["moves"] == [] and state["outcome"] is None
    watcher.close()


def test_the_turn_clock_restarts_with_every_move(server: ThreadServer, api: Api) -> None:
    game = api.create(mode="ffa", turn_seconds=30, grace_seconds=600)
    seats = game["seats"]
    server.advance(20)
    api.move(game["id"], seats["RED"]["token"], "h2-h3")
    server.advance(20)  # 40 s since the game began, 20 s into Blue's turn
    state = api.state(game["id"])
    assert state["status"] == "playing" and state["clock"]["remaining"] == 10
    server.advance(11)
    state = api.state(game["id"])
    assert state["status"] == "aborted" and state["abort"] == {
        "seat": "BLUE",
        "kind": "timeout",
    }  # FFA: before three moves each


def test_a_cpu_played_seat_moves_within_its_turn(server: ThreadServer, api: Api) -> None:
    game = api.create(turn_seconds=30, grace_seconds=0, cpu_movetime=FAST_CPU, move_limit=8)
    server.idle()  # grace 0: every seat nobody has opened is played by the CPU at once
    state = api.state(game["id"])
    assert state["status"] == "finished" and state["ply"] == 8 and not any(":" in text for text in state["moves"])

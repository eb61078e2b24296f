"""Several ``fourchess serve`` processes on one PostgreSQL: a move posted to one is pushed to the
WebSockets another holds, and when two race for one turn, exactly one wins."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.server_client import Api, Socket
from support.server_processes import ProcessServer


@pytest.fixture
def two_servers(fresh_postgres_url: str, tmp_path: Path) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    first = ProcessServer(fresh_postgres_url, tmp_path / "first.log").start()
    second = ProcessServer(fresh_postgres_url, tmp_path / "second.log").start()
    yield first, second
    first.stop()
    second.stop()


def test_a_move_on_one_process_reaches_sockets_on_the_other(two_servers: tuple[ProcessServer, ProcessServer]) -> None:
    first, second = two_servers
    api_first, api_second = Api(first.url), Api(second.url)
    game = api_first.create(grace_seconds=600)
    red = Socket(first.ws_url, game["id"], game["seats"]["RED"]["token"])
    with (
        Socket(second.ws_url, game["id"], None) as watcher,
        Socket(second.ws_url, game["id"], game["seats"]["BLUE"]["token"]) as blue,
        red,
    ):
        assert api_first.move(game["id"], game["seats"]["RED"]["token"], "h2-h4").status_code == 200
        assert watcher.state_at(1)["moves"] == ["h2-h4"]
        blue.send({"type": "move", "move": "b7-c7", "ply": 1})  # Blue answers through the second process
        assert blue.state_at(2)["moves"] == ["h2-h4", "b7-c7"]
        assert red.state_at(2)["moves"] == ["h2-h4", "b7-c7"]  # pushed to the first process's socket
        assert api_first.state(game["id"])["moves"] == ["h2-h4", "b7-c7"]
    api_first.close()
    api_second.close()


def test_racing_moves_for_one_turn_one_wins(two_servers: tuple[ProcessServer, ProcessServer]) -> None:
    first, second = two_servers
    apis = [Api(first.url), Api(second.url)]
    game = apis[0].create(grace_seconds=600)
    game_id, red = game["id"], game["seats"]["RED"]["token"]
    apis[1].state(game_id)  # the second process has the game loaded
    wins = 0
    for _ in range(10):
        state = apis[0].state(game_id)
        token = game["seats"][state["turn"]]["token"]
        moves = state["turn_moves"][:2]
        answers: list[object] = [None, None]
        barrier = threading.Barrier(2)

        def post(i: int, token: str, move: str, ply: int, answers: list[object], barrier: threading.Barrier) -> None:
            barrier.wait()
            answers[i] = apis[i].move(game_id, token, move, ply=ply)

        threads = [
            threading.Thread(target=post, args=(i, token, moves[i], state["ply"], answers, barrier)) for i in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        codes = sorted(answer.status_code for answer in answers)  # type: ignore[attr-defined]
        assert codes == [200, 409], [answer.text for answer in answers]  # type: ignore[attr-defined]
        winner = next(i for i in range(2) if answers[i].status_code == 200)  # type: ignore[attr-defined]
        for api in apis:  # both processes agree on the one stored move
            after = api.state(game_id)
            assert after["ply"] == state["ply"] + 1 and after["moves"][-1] == answers[winner].json()["move"]  # type: ignore[attr-defined]
        wins += 1
    assert wins == 10 and red
    for api in apis:
        api.close()

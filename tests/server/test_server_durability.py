"""Durability of the real server: ``fourchess serve`` killed with SIGKILL in mid-game keeps every
move it acknowledged, and the game goes on after a restart (each game, on SQLite and PostgreSQL)."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import httpx
import pytest

from support.server_client import Api
from support.server_processes import ProcessServer


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return request.getfixturevalue("fresh_postgres_url")


@pytest.mark.parametrize(
    "settings",
    [{"game": "fourchess", "mode": "ffa"}, {"game": "martian", "players": 4}, {"game": "chess"}],
    ids=["fourchess", "martian", "chess"],
)
def test_a_killed_server_keeps_every_acknowledged_move(db_url: str, settings: dict, tmp_path: Path) -> None:
    served = ProcessServer(db_url, tmp_path / "serve.log").start()
    api = Api(served.url)
    game = api.create(**settings, grace_seconds=600)
    game_id, seats = game["id"], game["seats"]
    acknowledged: list[str] = []
    failures: list[BaseException] = []
    started = threading.Event()

    def keep_moving() -> None:  # random legal moves, as fast as the server answers, until it dies
        rng = random.Random(5)
        try:
            state = api.state(game_id)
            while state["status"] == "playing":
                move = rng.choice(state["turn_moves"])
                answer = api.move(game_id, seats[state["turn"]]["token"], move, ply=state["ply"])
                assert answer.status_code == 200, answer.text
                acknowledged.append(answer.json()["move"])
                state = answer.json()["state"]
                if len(acknowledged) == 20:
                    started.set()
        except (httpx.TransportError, httpx.HTTPError):
            pass  # the kill
        except BaseException as error:  # a wrong answer: the test fails below
            failures.append(error)
        finally:
            started.set()

    mover = threading.Thread(target=keep_moving)
    mover.start()
    assert started.wait(60)
    served.kill()  # mid-stream: a move may be in flight, unacknowledged
    mover.join(60)
    api.close()
    assert not failures, failures
    assert len(acknowledged) >= 20

    restarted = ProcessServer(db_url, tmp_path / "serve.log").start()
    api = Api(restarted.url)
    state = api.state(game_id)
    stored = state["moves"]
    assert stored[: len(acknowledged)] == acknowledged  # nothing acknowledged was lost
    assert len(stored) <= len(acknowledged) + 1  # at most the one in flight, which was legal and stored
    if state["status"] == "playing":  # and the game goes on
        answer = api.move(game_id, seats[state["turn"]]["token"], state["turn_moves"][0], ply=state["ply"])
        assert answer.status_code == 200 and api.state(game_id)["ply"] == state["ply"] + 1
    api.close()
    restarted.stop()

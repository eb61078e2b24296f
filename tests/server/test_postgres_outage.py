"""PostgreSQL going away and coming back under load: ``fourchess serve`` over its own PostgreSQL
server, games played as fast as the server answers, the database crashed (an immediate stop:
recovery runs at the next start) or shut down, and started again. Every move the server acknowledged is
stored at its ply, every refusal meanwhile is a retryable JSON 503, every game still replays, and
play goes on once the database is back."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fourchess.server.games_check import broken_games
from fourchess.server.store import open_store
from support.postgres import PostgresCluster
from support.server_processes import ProcessServer

GAMES = 6
BEFORE, OUTAGE, AFTER = 1.5, 2.0, 3.0  # seconds of play before the crash, down, and after


@pytest.fixture
def own_cluster(postgres_cluster: PostgresCluster) -> Iterator[PostgresCluster]:
    """A PostgreSQL server of this test's own (the session's must stay up for the others)."""
    cluster = PostgresCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


class Player:
    """Plays one game's every seat with random legal moves until told to stop."""

    def __init__(self, url: str, game: dict, seed: int) -> None:
        self.url, self.game, self.rng = url, game, random.Random(seed)
        self.acknowledged: dict[int, str] = {}  # ply -> move
        self.waited = 0  # answers that said: the store is away, try again
        self.acknowledged_after: dict[int, str] = {}
        self.failures: list[str] = []
        self.thread = threading.Thread(target=self.play)

    def play(self) -> None:
        with httpx.Client(base_url=self.url, timeout=30) as http:
            while not stopping.is_set():
                try:
                    answer = http.get(f"/api/games/{self.game['id']}")
                    if self._store_away(answer):
                        continue
                    state = answer.json()
                    if state["status"] != "playing":
                        return
                    move = self.rng.choice(state["turn_moves"])
                    token = self.game["seats"][state["turn"]]["token"]
                    answer = http.post(
                        f"/api/games/{self.game['id']}/moves", json={"token": token, "move": move, "ply": state["ply"]}
                    )
                    if self._store_away(answer):
                        continue
                    if answer.status_code != 200:
                        self.failures.append(f"{answer.status_code} {answer.text[:300]}")
                        return
                    self.acknowledged[state["ply"]] = answer.json()["move"]
                    if back.is_set():
                        self.acknowledged_after[state["ply"]] = answer.json()["move"]
                except httpx.HTTPError as error:
                    self.failures.append(f"the server did not answer: {error!r}")
                    return

    def _store_away(self, answer: httpx.Response) -> bool:
        if answer.status_code < 500:
            if answer.status_code != 200:
                self.failures.append(f"{answer.status_code} {answer.text[:300]}")
                stopping.set()
            return False
        body = answer.json()  # a server fault would be a plain 500 page, or retryable false
        if answer.status_code != 503 or body.get("error") != "store_unavailable" or body.get("retryable") is not True:
            self.failures.append(f"{answer.status_code} {answer.text[:300]}")
            stopping.set()
            return True
        self.waited += 1
        time.sleep(0.05)
        return True


stopping = threading.Event()
back = threading.Event()


async def stored_games(url: str, ids: list[str]) -> tuple[dict[str, list[str]], list]:
    store = open_store(url, origin="check")
    await store.open()
    try:
        moves = {}
        for game_id in ids:
            record = await store.load_game(game_id)
            assert record is not None
            moves[game_id] = [step.text for step in record.steps]
        return moves, await broken_games(store)
    finally:
        await store.close()


@pytest.mark.parametrize("stop", ["immediate", "fast"])  # a crash; a shutdown that cuts the connections
def test_postgres_going_away_under_load_loses_and_corrupts_nothing(
    own_cluster: PostgresCluster, tmp_path: Path, stop: str
) -> None:
    stopping.clear()
    back.clear()
    url = own_cluster.create_database()
    served = ProcessServer(url, tmp_path / "serve.log").start()
    try:
        games = [
            httpx.post(served.url + "/api/games", json={"mode": "ffa", "grace_seconds": 600}).json()
            for _ in range(GAMES)
        ]
        players = [Player(served.url, game, seed) for seed, game in enumerate(games)]
        for player in players:
            player.thread.start()
        time.sleep(BEFORE)
        own_cluster.halt(stop)
        time.sleep(OUTAGE)
        assert httpx.get(served.url + "/healthz").status_code == 503
        own_cluster.resume()
        back.set()
        time.sleep(AFTER)
        stopping.set()
        for player in players:
            player.thread.join(60)
        assert httpx.get(served.url + "/healthz").status_code == 200
    finally:
        stopping.set()
        served.stop()
    for player in players:
        assert not player.failures, player.failures
    assert sum(player.waited for player in players) > 0  # the outage was met
    assert sum(len(player.acknowledged_after) for player in players) > 0  # and play went on after it
    moves, broken = asyncio.run(stored_games(url, [game["id"] for game in games]))
    assert broken == []
    for player in players:
        stored = moves[player.game["id"]]
        for ply, move in player.acknowledged.items():
            assert ply < len(stored) and stored[ply] == move, (
                f"ply {ply}: acknowledged {move}, stored {stored[ply : ply + 1]}"
            )

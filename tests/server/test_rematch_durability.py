"""A rematch is stored whole or not at all: ``fourchess serve`` killed with SIGKILL while it makes
rematches never leaves a stored rematch game that its old game does not name (SQLite and
PostgreSQL)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import httpx
import pytest

from fourchess.server.store import open_store
from support.server_client import Api
from support.server_processes import ProcessServer

ROUNDS = 3  # kills, each while GAMES rematches are being made at once
GAMES = 30


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return request.getfixturevalue("fresh_postgres_url")


async def stored_links(db_url: str) -> dict[str, str | None]:
    """Every stored game's id and the rematch it names."""
    store = open_store(db_url, origin="check")
    await store.open()
    try:
        links = {}
        for game_id in await store.game_ids():
            record = await store.load_game(game_id)
            assert record is not None
            links[game_id] = record.rematch
        return links
    finally:
        await store.close()


def finished_games(served: ProcessServer, count: int) -> list[tuple[str, str]]:
    """``count`` games over at once (Red's team resigned): (id, Red's token) each."""
    api = Api(served.url)
    games = []
    for _ in range(count):
        game = api.create(mode="teams")
        red = game["seats"]["RED"]["token"]
        assert api.leave(game["id"], red, "resign").status_code == 200
        games.append((game["id"], red))
    api.close()
    return games


def test_a_rematch_killed_in_the_making_is_stored_whole_or_not_at_all(db_url: str, tmp_path: Path) -> None:
    limits = ("--limit", "games_per_client_per_minute=1000", "--limit", "game_burst_per_client=1000")
    served = ProcessServer(db_url, tmp_path / "serve.log", options=limits)
    originals: set[str] = set()
    acknowledged: dict[str, str] = {}  # old game -> the rematch the server answered with
    for _ in range(ROUNDS):
        served.start()
        games = finished_games(served, GAMES)
        originals.update(game_id for game_id, _ in games)
        answered = threading.Semaphore(0)

        def ask(game_id: str, red: str, answered: threading.Semaphore) -> None:
            try:
                answer = httpx.post(f"{served.url}/api/games/{game_id}/rematch", json={"token": red}, timeout=10)
            except httpx.HTTPError:
                return  # the kill
            if answer.status_code == 201:
                acknowledged[game_id] = answer.json()["id"]
            answered.release()

        askers = [threading.Thread(target=ask, args=(*game, answered)) for game in games]
        for asker in askers:
            asker.start()
        for _ in range(GAMES // 3):  # a third answered: the rest are on their way through the server
            assert answered.acquire(timeout=15)
        served.kill()
        for asker in askers:
            asker.join(15)
    links = asyncio.run(stored_links(db_url))
    named = {rematch for rematch in links.values() if rematch is not None}
    unnamed = set(links) - originals - named
    assert not unnamed, f"stored rematches no game names: {sorted(unnamed)}"
    assert named <= set(links), "a game names a rematch that is not stored"
    assert all(links[old] == new for old, new in acknowledged.items()), "an answered rematch was lost"
    assert len(acknowledged) < len(originals)  # the kills did come mid-way
    served.start()  # and the server starts over what the kills left
    assert httpx.get(served.url + "/healthz").json()["ok"]
    served.stop()

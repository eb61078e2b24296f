"""Helpers of the store tests: the ``store_url`` fixture (each test once per backend), opened
stores, and small records to store."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fourchess.server.store import open_store
from fourchess.server.store.base import ABORTED, FINISHED, FinishRecord, GameRecord, StepRecord, Store

BACKENDS = ("sqlite", "postgres")


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """A url of an empty store: a SQLite file in tmp_path, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "store.sqlite3")
    return request.getfixturevalue("fresh_postgres_url")


def sqlite_url(path: Path) -> str:
    """The sqlite:///absolute/path url of the file at ``path``."""
    return "sqlite:///" + str(path.absolute()).lstrip("/")


@contextlib.asynccontextmanager
async def opened(url: str, origin: str = "test-origin") -> AsyncIterator[Store]:
    """The store at ``url``, open for the block and closed after it."""
    store = open_store(url, origin=origin)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def game(game_id: str = "g1", created_at: float = 1_700_000_000.25) -> GameRecord:
    """A new game with settings of every JSON kind (key order on purpose not sorted)."""
    settings = {
        "rules": {"mode": "teams", "setup": "modern", "move_limit": None, "dead_king_walking": True},
        "turn_time_limit": 30.5,
        "humans": ["RED", "GREEN"],
        "name": "Jeu à quatre ♞",
        "big": 2**62,
        "small": 0.1,
    }
    return GameRecord(
        id=game_id, settings=settings, token_hashes={"RED": "ab" * 32, "GREEN": "cd" * 32}, created_at=created_at
    )


def step(ply: int, text: str = "", seat: str = "RED", by: str = "human") -> StepRecord:
    """The step of ``ply`` (its text names the ply unless given)."""
    return StepRecord(ply=ply, text=text or f"move-{ply}", seat=seat, at=1_700_000_000.5 + ply / 7, by=by)


def finished(at: float = 1_700_000_100.75) -> FinishRecord:
    """A scored ending."""
    result = {
        "termination": "CHECKMATE",
        "winner": ["BLUE", "GREEN"],
        "ranking": [["BLUE", "GREEN"], ["RED", "YELLOW"]],
        "points": {"RED": 0, "BLUE": 20, "YELLOW": 1, "GREEN": 0},
    }
    return FinishRecord(status=FINISHED, result=result, pgn4='[Variant "Teams"]\n\n1. h2-h3 .. 1-0\n', at=at)


def aborted(seat: str = "RED", at: float = 1_700_000_050.5) -> FinishRecord:
    """An abort by a resignation on the first move."""
    return FinishRecord(status=ABORTED, result={"seat": seat, "kind": "resign"}, pgn4='[Variant "Teams"]\n\n', at=at)


def asynchronous(test):
    """Run the coroutine function ``test`` with asyncio.run (no pytest plugin needed); pytest
    still sees its parameters, so fixtures reach it."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run

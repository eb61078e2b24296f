"""CPU seats on a shared store (PostgreSQL): the process that moves for them holds the game's drive
lease, renewing it only once half of it is gone, and reads the seats' presence for a CPU seat's
move only when the last reading is older than PRESENCE_REFRESH (a fake clock, no sleeping)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from fourchess.server.clock import FakeClock
from fourchess.server.driver import LEASE_RENEWAL, PRESENCE_REFRESH
from support.server_client import Api
from support.server_processes import ThreadServer

CPU = {"player": "cpu"}


@pytest.fixture
def shared_server(fresh_postgres_url: str, clock: FakeClock) -> Iterator[ThreadServer]:
    served = ThreadServer(fresh_postgres_url, clock=clock).start()
    yield served
    served.stop()


def counted(calls: Counter[str], name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    async def call(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return await method(*args, **kwargs)

    return call


def test_cpu_moves_renew_the_lease_and_read_presence_only_when_due(shared_server: ThreadServer) -> None:
    store = shared_server.hub.store
    calls: Counter[str] = Counter()
    store.claim_drive = counted(calls, "claim_drive", store.claim_drive)
    store.presence = counted(calls, "presence", store.presence)
    api = Api(shared_server.url)
    game = api.create(grace_seconds=600, cpu_movetime=0.001, seats={"BLUE": CPU, "YELLOW": CPU, "GREEN": CPU})
    red = game["seats"]["RED"]["token"]
    # Knight moves: no reply of the CPU can pin them (a pawn move can be: with Green's m6 pawn
    # gone, i2 stands between Green's queen and Red's king).
    for move in ("e1-f3", "j1-k3"):
        state = api.state(game["id"])
        assert api.move(game["id"], red, move, ply=state["ply"]).status_code == 200
        shared_server.idle()  # Blue, Yellow and Green answer at once (the fake clock stands still)
    assert api.state(game["id"])["ply"] == 8
    assert calls == {"claim_drive": 1, "presence": 1}  # six CPU moves, one claim, one reading
    shared_server.advance(max(LEASE_RENEWAL, PRESENCE_REFRESH) + 0.5)
    assert api.move(game["id"], red, "f3-g5", ply=8).status_code == 200
    shared_server.idle()
    assert api.state(game["id"])["ply"] == 12
    assert calls == {"claim_drive": 2, "presence": 2}  # renewed once half the lease had gone
    api.close()

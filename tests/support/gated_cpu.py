"""A CPU player for the tests whose searches wait at a gate until the test opens it: the real
search, held back, so a test can see what the server does while a search is under way."""

from __future__ import annotations

import threading

from fourchess.server.cpu import CpuPlayers
from fourchess.server.games import CpuEngine

GATE_TIMEOUT = 30.0


class GatedCpu(CpuPlayers):
    """CpuPlayers whose searches start only once ``gate`` is set; ``movetimes`` records the time
    each search was given, ``started`` is set when one is waiting at the gate."""

    def __init__(self, workers: int = 1) -> None:
        super().__init__(workers)
        self.gate = threading.Event()
        self.started = threading.Event()
        self.movetimes: list[float] = []

    def _think(self, engine: CpuEngine, position: object, movetime: float, skill: int | None) -> str:
        self.movetimes.append(movetime)
        self.started.set()
        if not self.gate.wait(GATE_TIMEOUT):
            raise TimeoutError("the test never opened the gate")
        return super()._think(engine, position, movetime, skill)

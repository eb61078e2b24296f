"""The server's CPU player: a legal move from its worker threads, which think at a lower
scheduling priority than the event loop that answers the players (Linux)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading

import pytest

from fourchess import Board, Move
from fourchess.server.cpu import SEARCH_NICENESS, CpuPlayers


def test_the_cpu_player_chooses_a_legal_move() -> None:
    players = CpuPlayers(workers=1)
    try:
        board = Board()
        move = asyncio.run(players.choose(board.copy(), 0.001))
        assert move in board.legal_moves
    finally:
        players.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="niceness is per thread on Linux only")
def test_the_searches_run_at_a_lower_priority() -> None:
    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    class Telling(CpuPlayers):  # notes the niceness of the thread its search runs on
        def _choose(self, board: Board, movetime: float) -> Move:
            self.worker = niceness()
            return super()._choose(board, movetime)

    players = Telling(workers=1)
    try:
        asyncio.run(players.choose(Board(), 0.001))
    finally:
        players.close()
    assert players.worker == min(19, niceness() + SEARCH_NICENESS)

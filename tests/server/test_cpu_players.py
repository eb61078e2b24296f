"""The server's CPU players: a legal move of each game from its worker threads (four-player chess
and Martian Chess by fourchess's searches, chess by the real Stockfish), which think at a lower
scheduling priority than the event loop that answers the players (Linux)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading

import pytest

from fourchess import Board
from fourchess.server.cpu import SEARCH_NICENESS, CpuPlayers
from fourchess.server.games import GAMES, CpuEngine
from fourchess.server.settings import GameConfig
from support.stockfish import require_stockfish


@pytest.mark.parametrize(
    "settings",
    [{"game": "fourchess"}, {"game": "martian"}, {"game": "martian", "players": 4}, {"game": "chess", "cpu_skill": 3}],
    ids=["fourchess", "martian", "martian-4", "chess"],
)
def test_each_games_cpu_player_chooses_a_legal_move(settings: dict) -> None:
    if settings["game"] == "chess":
        require_stockfish()
    config = GameConfig.from_dict(settings)
    play = config.kind.start(config.rules)
    players = CpuPlayers(workers=1)
    try:
        for _ in range(2):  # the second move reuses the worker's engine
            move = asyncio.run(players.choose(config.kind, play.for_cpu(), 0.02, skill=config.cpu_skill))
            assert move in [choice.text for choice in play.choices()]
            play.move(play.turn(), move)  # type: ignore[arg-type]
    finally:
        players.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="niceness is per thread on Linux only")
def test_the_searches_run_at_a_lower_priority() -> None:
    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    class Telling(CpuPlayers):  # notes the niceness of the thread its search runs on
        def _think(self, engine: CpuEngine, position: object, movetime: float, skill: int | None) -> str:
            self.worker = niceness()
            return super()._think(engine, position, movetime, skill)

    players = Telling(workers=1)
    try:
        asyncio.run(players.choose(GAMES["fourchess"], Board(), 0.001))
    finally:
        players.close()
    assert players.worker == min(19, niceness() + SEARCH_NICENESS)

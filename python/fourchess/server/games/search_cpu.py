"""The CPU player of the games fourchess searches itself (four-player chess, Martian Chess): the
game's SearchPlayer, made on the worker's first move and kept, so its transposition table carries
over from move to move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fourchess.server.games.base import CpuEngine

ENGINE_HASH_MB = 16  # per worker thread; the server's CPU moves are short searches


class SearchCpu(CpuEngine):
    """``make(movetime, hash_mb)`` makes the game's SearchPlayer; ``board_type`` is the board it
    searches."""

    def __init__(self, make: Callable[..., Any], board_type: type) -> None:
        self.make = make
        self.board_type = board_type
        self.player: Any = None

    def choose(self, position: object, seconds: float, skill: int | None) -> str:
        if not isinstance(position, self.board_type):
            raise TypeError(f"this CPU searches a {self.board_type.__name__}, got {type(position).__name__}")
        if self.player is None:
            self.player = self.make(movetime=seconds, hash_mb=ENGINE_HASH_MB)
        self.player.movetime = seconds
        return str(self.player.choose_move(position))

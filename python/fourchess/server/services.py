"""What a game room uses of the process it lives in, handed to it as one small object.

A room needs the store, the clock, the CPU players, this process's id (its name in a shared
game's drive lease), a way to run work in the background, and how long a game goes on by itself
once nobody attends it. The Hub makes one RoomServices and gives it to every room it loads, so a
room holds these and nothing else of the process: it never reaches back into the Hub.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fourchess.server.clock import Clock
from fourchess.server.cpu import CpuPlayers
from fourchess.server.store.base import Store


@dataclass(frozen=True)
class RoomServices:
    """The process's parts a room uses. ``spawn`` runs an awaitable in the background, logging a
    failure (the room does not wait for it); ``unattended_seconds`` is Limits.unattended_seconds."""

    store: Store
    clock: Clock
    cpu: CpuPlayers
    origin: str
    spawn: Callable[[Awaitable[Any]], None]
    unattended_seconds: float

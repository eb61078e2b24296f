"""``fourchess serve --check-games``: replay every stored game and list those whose steps do not
replay, the games a running server sets aside (an operator's tool: the server never refuses to
start because of them)."""

from __future__ import annotations

from dataclasses import dataclass

from fourchess.server.game import LiveGame
from fourchess.server.store.base import Store


@dataclass(frozen=True)
class BrokenGame:
    """A stored game that does not replay: its id, how many steps it has, and why."""

    id: str
    steps: int
    reason: str


async def broken_games(store: Store) -> list[BrokenGame]:
    """Every game of the (open) store whose stored steps do not replay on a board."""
    broken = []
    for game_id in await store.game_ids():
        record = await store.load_game(game_id)
        if record is None:  # removed meanwhile
            continue
        try:
            LiveGame(record)
        except Exception as error:
            broken.append(BrokenGame(game_id, len(record.steps), f"{type(error).__name__}: {str(error)[:300]}"))
    return broken

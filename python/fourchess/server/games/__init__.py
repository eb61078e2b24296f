"""The games the site offers, one adapter each (games/base.py): four-player chess, Martian Chess
and standard chess. The settings name a game by its GameKind's ``name``; a game stored before the
site had more than one game has no name and is four-player chess."""

from __future__ import annotations

from typing import Any

from fourchess.server.games.base import Choice, CpuEngine, GameKind, LeaveRefused, MoveRefused, Play, Step
from fourchess.server.games.four_player import FourPlayerChess
from fourchess.server.games.martian import MartianChess
from fourchess.server.games.standard_chess import StandardChess

FOUR_PLAYER = FourPlayerChess()
GAMES: dict[str, GameKind] = {kind.name: kind for kind in (FOUR_PLAYER, MartianChess(), StandardChess())}


def kind_of(rules: Any) -> GameKind:
    """The game whose rules object ``rules`` is; TypeError for anything else."""
    for kind in GAMES.values():
        if isinstance(rules, kind.rules_type):
            return kind
    raise TypeError(f"rules must be one game's rules ({', '.join(GAMES)}), got {type(rules).__name__}")


__all__ = [
    "Choice",
    "CpuEngine",
    "GAMES",
    "FOUR_PLAYER",
    "GameKind",
    "LeaveRefused",
    "MoveRefused",
    "Play",
    "Step",
    "kind_of",
]

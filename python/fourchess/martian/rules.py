"""The options of a Martian Chess game (docs/martian.md §4)."""

from __future__ import annotations

from dataclasses import dataclass

from fourchess._quote import quoted

MAX_MOVE_LIMIT = 1_000_000


@dataclass(frozen=True)
class MartianRules:
    """``move_limit``: the game ends when the moves made by all players together reach it (None: no
    limit). ``teams``: four players only, diagonal partners (seats 0 and 2, 1 and 3) add their
    scores."""

    move_limit: int | None = None
    teams: bool = False

    def __post_init__(self) -> None:
        limit = self.move_limit
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, int):
                raise TypeError(f"move_limit must be an int or None, got {type(limit).__name__}")
            if not 1 <= limit <= MAX_MOVE_LIMIT:
                raise ValueError(f"move_limit must be 1..{MAX_MOVE_LIMIT} or None, got {quoted(limit)}")
        if not isinstance(self.teams, bool):
            raise TypeError(f"teams must be a bool, got {type(self.teams).__name__}")

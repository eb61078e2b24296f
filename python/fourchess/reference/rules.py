"""Rules: the options a game is played under (docs/rules.md §7-8), as a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from .quoting import shown
from .seats import FFA, TEAMS
from .start import START_FEN4


@dataclass(frozen=True)
class Rules:
    mode: str = TEAMS
    setup: str = "modern"
    dead_king_walking: bool = True  # chess.com default; the product's house rules turn it off
    move_limit: int | None = None  # total moves by all seats since the root; None = no limit
    # FFA: two active seats 21+ points apart end the game at once (docs/rules.md §7); off, the leader
    # must claim the win, as on chess.com (docs/rules.md §7, decision 11).
    points_lead_ends_game: bool = True
    # FFA: a stuck walking king not in check is stalemated on its own turn, as on chess.com
    # (docs/rules.md §11, decision 12), instead of right after the move (docs/rules.md fine point 3).
    walking_kings_stalemated_on_their_turn: bool = False

    def __post_init__(self) -> None:
        # A mode name in any case ("FFA" is how PGN4 writes it); kept lower-case.
        if not isinstance(self.mode, str) or self.mode.lower() not in (TEAMS, FFA):
            raise ValueError(f"mode must be 'teams' or 'ffa', got {shown(self.mode)}")
        object.__setattr__(self, "mode", self.mode.lower())
        if self.setup not in START_FEN4:
            raise ValueError(f"setup must be 'modern' or 'classic', got {shown(self.setup)}")
        for name in ("dead_king_walking", "points_lead_ends_game", "walking_kings_stalemated_on_their_turn"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {shown(getattr(self, name))}")
        limit = self.move_limit
        # bool is an int subclass, but move_limit=True is surely a mistake.
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0):
            raise ValueError(f"move_limit must be None or an int > 0, got {shown(limit)}")

    @classmethod
    def house(cls) -> Rules:
        """The product's own rules: FFA without walking kings."""
        return cls(mode=FFA, dead_king_walking=False)

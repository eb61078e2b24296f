"""The rule options a game is played under. What a game server adds around them (a turn timer,
seat rotation, its own house rules) is the server's: fourchess.server.settings."""

from __future__ import annotations

from dataclasses import dataclass

from fourchess import _core
from fourchess._quote import quoted

_MODES = ("teams", "ffa")
# Each setup's start position: where Board() and the stateless calls start without a FEN4.
START_FEN4 = {"modern": _core.MODERN_START_FEN4, "classic": _core.CLASSIC_START_FEN4}
_SETUPS = tuple(START_FEN4)


def canonical_mode(mode: object) -> str:
    """``"teams"`` or ``"ffa"`` for a mode name in any case (``"FFA"`` is how PGN4 writes it);
    ValueError for anything else."""
    if isinstance(mode, str) and mode.lower() in _MODES:
        return mode.lower()
    raise ValueError(f"mode must be 'teams' or 'ffa', got {quoted(mode)}")


@dataclass(frozen=True)
class Rules:
    """Rule options of a game (docs/rules.md §7-§8).

    ``mode``: ``"teams"`` or ``"ffa"``. ``setup``: the start position, ``"modern"`` (chess.com's
    4PC) or ``"classic"`` (4PCo).

    ``dead_king_walking``: in FFA a seat that resigns or times out keeps its king walking (the
    chess.com rule, on by default). ``move_limit``: total moves by all seats after which the game
    ends (``None``: no limit). ``points_lead_ends_game``: in FFA two seats left 21 or more points
    apart end the game at once (docs/rules.md §7); off, the leader must ``claim_win``, as on chess.com
    (boards read from chess.com PGN4 records play that way). ``walking_kings_stalemated_on_their_turn``:
    a walking king left without a legal move (not in check) is stalemated only when its own turn
    comes, as on chess.com, instead of right after the move (docs/rules.md fine point 3;
    docs/rules.md §11, decision 12).

    >>> Rules(mode="FFA", dead_king_walking=False)  # doctest: +NORMALIZE_WHITESPACE
    Rules(mode='ffa', setup='modern', dead_king_walking=False, move_limit=None, points_lead_ends_game=True,
          walking_kings_stalemated_on_their_turn=False)
    """

    mode: str = "teams"
    setup: str = "modern"
    dead_king_walking: bool = True
    move_limit: int | None = None
    points_lead_ends_game: bool = True
    walking_kings_stalemated_on_their_turn: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", canonical_mode(self.mode))  # "FFA", as PGN4 writes it, is "ffa"
        if self.setup not in _SETUPS:
            raise ValueError(f"setup must be 'modern' or 'classic', got {quoted(self.setup)}")
        for name in ("dead_king_walking", "points_lead_ends_game", "walking_kings_stalemated_on_their_turn"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {quoted(getattr(self, name))}")
        limit = self.move_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1_000_000):
            raise ValueError(f"move_limit must be None or an int in 1..1000000, got {quoted(limit)}")


def resolve_rules(mode: object = None, setup: object = None, rules: object = None) -> Rules:
    """The Rules a call means by its ``mode``, ``setup`` and ``rules`` arguments (each may be
    None): ``rules`` when given, and then ``mode`` and ``setup`` only if they agree with it (a
    silent choice of one would be a guess); otherwise the plain rules of that mode and setup
    (default Teams, modern). TypeError for a wrong type, ValueError naming the bad value."""
    if mode is not None and not isinstance(mode, str):
        raise TypeError(f"mode must be a str ('teams' or 'ffa'), got {type(mode).__name__}")
    if rules is None:
        mode = "teams" if mode is None else canonical_mode(mode)
        setup = "modern" if setup is None else setup
        plain = _PLAIN_RULES.get((mode, setup))  # type: ignore[arg-type]
        return plain if plain is not None else Rules(mode=mode, setup=setup)  # type: ignore[arg-type]  # names the bad value
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a fourchess.Rules, got {type(rules).__name__}")
    if mode is not None and canonical_mode(mode) != rules.mode:
        raise ValueError(f"mode={quoted(mode)} disagrees with rules (mode={rules.mode!r}): give one of them")
    if setup is not None and setup != rules.setup:
        raise ValueError(f"setup={quoted(setup)} disagrees with rules (setup={rules.setup!r}): give one of them")
    return rules


# Boards are made often (servers, search): reuse the four plain rule values instead of building
# and validating a new one each time.
_PLAIN_RULES = {(mode, setup): Rules(mode=mode, setup=setup) for mode in _MODES for setup in _SETUPS}

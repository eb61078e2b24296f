"""A game's settings as the server takes them: which game, its rules and what this site adds
around them (GameSettings: turn timer and what its timeout does, highlights, first-seat rotation),
plus who sits where, the grace period and the CPU's think time and strength. The library knows
only the rules (fourchess.Rules, fourchess.martian.MartianRules); the rest, and the site's own
house rules, are the site's and live here.

Read from a request's JSON with every field checked (BadSettings names the field), and written back
as plain data for the database and the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fourchess import Rules
from fourchess._quote import quoted
from fourchess.server.errors import BadRequest, BadSettings
from fourchess.server.games import FOUR_PLAYER, GAMES, GameKind, kind_of
from fourchess.server.text import shown_text

MAX_NAME_LENGTH = 40
HUMAN, CPU = "human", "cpu"
MIN_CPU_MOVETIME = 0.001  # a millisecond: the least the search honours (it reads the clock every 1024 nodes)
TURN_TIME_LIMITS = (None, 30, 60)  # seconds per turn the site offers (docs/rules.md §8)
LOSE, CPU_MOVES = "lose", "cpu"  # what a turn's timeout does: the seat loses on time, or the CPU moves for it
ON_TIMEOUT = (LOSE, CPU_MOVES)
MAX_CPU_SKILL = 20  # the chess CPU's Skill Level (Stockfish's scale, 0..20)
HOUSE_RULES = Rules(mode="ffa", dead_king_walking=False)  # the product's own house rules: FFA without walking kings


@dataclass(frozen=True)
class GameSettings:
    """What the site adds around a game's rules (the product's rule card, docs/rules.md §8).

    ``rules``: the game's rules object: a :class:`~fourchess.Rules` for four-player chess, a
    MartianVariant or a ChessVariant (fourchess.server.games). ``rotate_first_seat``: each new
    game starts with the next seat. ``turn_time_limit``: seconds per turn, ``None``, 30 or 60.
    ``show_legal_moves``: the page marks the legal moves. ``on_timeout``: when a turn's time runs
    out, "lose" (the seat times out) or "cpu" (the CPU moves for the seat, which plays on).
    """

    rules: Any = Rules()
    rotate_first_seat: bool = True
    turn_time_limit: int | None = None  # seconds: None, 30 or 60
    show_legal_moves: bool = True
    on_timeout: str = LOSE

    def __post_init__(self) -> None:
        kind_of(self.rules)  # TypeError unless it is one game's rules
        if self.turn_time_limit not in TURN_TIME_LIMITS:
            raise ValueError(f"turn_time_limit must be None, 30 or 60 seconds, got {quoted(self.turn_time_limit)}")
        for name in ("rotate_first_seat", "show_legal_moves"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {quoted(getattr(self, name))}")
        if self.on_timeout not in ON_TIMEOUT:
            raise ValueError(f"on_timeout must be 'lose' or 'cpu', got {quoted(self.on_timeout)}")

    @property
    def kind(self) -> GameKind:
        """The game these settings are for."""
        return kind_of(self.rules)


@dataclass(frozen=True)
class SeatConfig:
    """Who plays a seat: ``player`` "human" or "cpu", and the name the page shows."""

    player: str
    name: str


@dataclass(frozen=True)
class GameConfig:
    """Everything a game is created with. ``game``: its GameSettings; ``seats``: one
    SeatConfig per seat in seat order; ``grace_seconds``: how long a human seat may be away before
    the CPU moves for it; ``cpu_movetime``: the CPU player's seconds per move; ``cpu_skill``: the
    chess CPU's Skill Level (0..20; None for the other games, whose CPU always plays its best)."""

    game: GameSettings
    seats: tuple[SeatConfig, ...]
    grace_seconds: float = 60.0
    cpu_movetime: float = 0.5
    cpu_skill: int | None = None

    @property
    def rules(self) -> Any:
        """The game's rules object."""
        return self.game.rules

    @property
    def kind(self) -> GameKind:
        """The game."""
        return self.game.kind

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The game's seats in turn order, as the JSON names them."""
        return self.kind.seat_names(self.rules)

    def seat_named(self, name: object) -> int | None:
        """The seat a name from outside the server stands for ("RED", exactly as ``seat_names``
        writes it), or None for anything else."""
        names = self.seat_names
        return names.index(name) if isinstance(name, str) and name in names else None

    def human_seats(self) -> list[int]:
        """The seats humans play, in seat order."""
        return [seat for seat, config in enumerate(self.seats) if config.player == HUMAN]

    def cpu_seat(self, seat: int) -> bool:
        """Does the CPU play ``seat`` (whoever is connected)?"""
        return self.seats[seat].player == CPU

    def rotated(self) -> GameConfig:
        """The rematch's config when the first seat rotates: the player who sat one seat after the
        first now sits first and moves first, and every other player moves on the same way."""
        seats = self.seats[1:] + self.seats[:1]
        return GameConfig(self.game, seats, self.grace_seconds, self.cpu_movetime, self.cpu_skill)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the fields of docs/server.md's settings table."""
        kind = self.kind
        data: dict[str, Any] = {
            "game": kind.name,
            **kind.rules_data(self.rules),
            "turn_seconds": self.game.turn_time_limit,
            "on_timeout": self.game.on_timeout,
            "show_legal_moves": self.game.show_legal_moves,
            "rotate_first_seat": self.game.rotate_first_seat,
            "grace_seconds": self.grace_seconds,
            "cpu_movetime": self.cpu_movetime,
            "seats": {
                name: {"player": seat.player, "name": seat.name}
                for name, seat in zip(self.seat_names, self.seats, strict=True)
            },
        }
        if self.cpu_skill is not None:
            data["cpu_skill"] = self.cpu_skill
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        """The config a request (or the database) gives; BadRequest for a wrong shape or type,
        BadSettings naming the field for a value out of range. Missing fields take their defaults;
        without "game" the game is four-player chess (as every game stored before there were more)."""
        if not isinstance(data, dict):
            raise BadRequest(f"the settings must be a JSON object, got {type(data).__name__}")
        name = data.get("game", FOUR_PLAYER.name)
        if not isinstance(name, str) or name not in GAMES:
            raise BadSettings(f"game must be one of {', '.join(GAMES)}, got {quoted(name)}")
        kind = GAMES[name]
        fields = _FIELDS | kind.rule_fields() | ({"cpu_skill"} if kind.name == "chess" else set())
        unknown = sorted(set(data) - fields)
        if unknown:
            raise BadSettings(
                f"unknown setting {quoted(unknown[0])} for {kind.title}; the settings are {', '.join(sorted(fields))}"
            )
        rules = kind.rules_from(data)
        turn = data.get("turn_seconds")
        if isinstance(turn, bool) or turn not in TURN_TIME_LIMITS:
            raise BadSettings(f"turn_seconds must be null, 30 or 60, got {quoted(turn)}")
        flags = {name: data.get(name, True) for name in ("show_legal_moves", "rotate_first_seat")}
        for flag, value in flags.items():
            if not isinstance(value, bool):
                raise BadSettings(f"{flag} must be true or false, got {quoted(value)}")
        on_timeout = data.get("on_timeout", LOSE)
        if on_timeout not in ON_TIMEOUT:
            raise BadSettings(f"on_timeout must be 'lose' or 'cpu', got {quoted(on_timeout)}")
        game = GameSettings(rules, flags["rotate_first_seat"], turn, flags["show_legal_moves"], on_timeout)
        grace = _number(data, "grace_seconds", 60.0, 0.0, 600.0)
        movetime = _number(data, "cpu_movetime", 0.5, MIN_CPU_MOVETIME, 10.0)
        skill = None
        if kind.name == "chess":
            skill = data.get("cpu_skill", MAX_CPU_SKILL)
            if isinstance(skill, bool) or not isinstance(skill, int) or not 0 <= skill <= MAX_CPU_SKILL:
                raise BadSettings(f"cpu_skill must be an integer 0..{MAX_CPU_SKILL}, got {quoted(skill)}")
        seats = _seats(data.get("seats", {}), kind, kind.seat_names(rules))
        return cls(game, seats, grace, movetime, skill)


_FIELDS = frozenset(
    (
        "game",
        "turn_seconds",
        "on_timeout",
        "show_legal_moves",
        "rotate_first_seat",
        "grace_seconds",
        "cpu_movetime",
        "seats",
    )
)


def _number(data: dict[str, Any], name: str, default: float, low: float, high: float) -> float:
    value = data.get(name, default)
    # an int is compared exactly (a 400-digit one would overflow math.isfinite); NaN fails the range
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise BadSettings(f"{name} must be a number {low:g}..{high:g}, got {quoted(value)}")
    return float(value)


def _seats(data: object, kind: GameKind, names: tuple[str, ...]) -> tuple[SeatConfig, ...]:
    if not isinstance(data, dict):
        raise BadSettings(f"seats must be an object keyed by seat name, got {type(data).__name__}")
    unknown = sorted(str(key) for key in data if key not in names)
    if unknown:
        raise BadSettings(f"seats: {quoted(unknown[0])} is not a seat; the seats are {', '.join(names)}")
    seats = []
    for name in names:
        entry = data.get(name, {})
        if not isinstance(entry, dict) or set(entry) - {"player", "name"}:
            raise BadSettings(f"seats.{name} must be an object with 'player' and 'name', got {quoted(entry)}")
        player = entry.get("player", HUMAN)
        if player not in (HUMAN, CPU):
            raise BadSettings(f"seats.{name}.player must be 'human' or 'cpu', got {quoted(player)}")
        title = kind.seat_title(name)
        shown = entry.get("name", title if player == HUMAN else f"CPU {title}")
        seats.append(SeatConfig(player, shown_text(shown, f"seats.{name}.name", MAX_NAME_LENGTH, BadSettings)))
    return tuple(seats)

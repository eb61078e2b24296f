"""A game's settings as the server takes them: the rules and what this site adds around them
(GameSettings: turn timer, highlights, first-seat rotation), plus who sits where, the grace period
and the CPU's think time. The library knows only the rules (fourchess.Rules); the rest, and the
site's own house rules, are the site's and live here.

Read from a request's JSON with every field checked (BadSettings names the field), and written back
as plain data for the database and the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fourchess import Rules, Seat
from fourchess._quote import quoted
from fourchess.server.errors import BadRequest, BadSettings
from fourchess.server.text import shown_text

SEAT_NAMES = tuple(seat.name for seat in Seat)  # RED, BLUE, YELLOW, GREEN: the seats' names in JSON, URLs and the store
MAX_NAME_LENGTH = 40
HUMAN, CPU = "human", "cpu"
MIN_CPU_MOVETIME = 0.001  # a millisecond: the least the search honours (it reads the clock every 1024 nodes)
TURN_TIME_LIMITS = (None, 30, 60)  # seconds per turn the site offers (docs/rules.md §8)
HOUSE_RULES = Rules(mode="ffa", dead_king_walking=False)  # the product's own house rules: FFA without walking kings


def seat_named(name: object) -> Seat | None:
    """The Seat a name from outside the server stands for (JSON, a URL, the store's columns: "RED",
    exactly as SEAT_NAMES writes it), or None for anything else. Inside, the server uses Seat; out,
    a seat is written as its ``.name``."""
    return Seat[name] if isinstance(name, str) and name in SEAT_NAMES else None


@dataclass(frozen=True)
class GameSettings:
    """What the site adds around the rules (the product's rule card, docs/rules.md §8).

    ``rules``: the :class:`~fourchess.Rules`. ``rotate_first_seat``: each new game starts with the
    next seat. ``turn_time_limit``: seconds per turn, ``None``, 30 or 60. ``show_legal_moves``: the
    page marks the legal moves.
    """

    rules: Rules = Rules()
    rotate_first_seat: bool = True
    turn_time_limit: int | None = None  # seconds: None, 30 or 60
    show_legal_moves: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a Rules, got {type(self.rules).__name__}")
        if self.turn_time_limit not in TURN_TIME_LIMITS:
            raise ValueError(f"turn_time_limit must be None, 30 or 60 seconds, got {quoted(self.turn_time_limit)}")
        for name in ("rotate_first_seat", "show_legal_moves"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be a bool, got {quoted(getattr(self, name))}")


@dataclass(frozen=True)
class SeatConfig:
    """Who plays a seat: ``player`` "human" or "cpu", and the name the page shows."""

    player: str
    name: str


@dataclass(frozen=True)
class GameConfig:
    """Everything a game is created with. ``game``: its GameSettings; ``seats``: one
    SeatConfig per seat in seat order; ``grace_seconds``: how long a human seat may be away before
    the CPU moves for it; ``cpu_movetime``: the CPU player's seconds per move."""

    game: GameSettings
    seats: tuple[SeatConfig, SeatConfig, SeatConfig, SeatConfig]
    grace_seconds: float = 60.0
    cpu_movetime: float = 0.5

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.game.rules

    def human_seats(self) -> list[Seat]:
        """The seats humans play, in seat order."""
        return [seat for seat in Seat if self.seats[seat].player == HUMAN]

    def cpu_seat(self, seat: Seat) -> bool:
        """Does the CPU play ``seat`` (whoever is connected)?"""
        return self.seats[seat].player == CPU

    def rotated(self) -> GameConfig:
        """The rematch's config when the first seat rotates: the player who sat one seat after Red
        now sits at Red and moves first, and every other player moves on the same way."""
        seats = self.seats[1:] + self.seats[:1]
        return GameConfig(self.game, seats, self.grace_seconds, self.cpu_movetime)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the fields of docs/server.md's settings table."""
        rules = self.rules
        return {
            "mode": rules.mode,
            "turn_seconds": self.game.turn_time_limit,
            "move_limit": rules.move_limit,
            "show_legal_moves": self.game.show_legal_moves,
            "dead_king_walking": rules.dead_king_walking,
            "rotate_first_seat": self.game.rotate_first_seat,
            "grace_seconds": self.grace_seconds,
            "cpu_movetime": self.cpu_movetime,
            "seats": {
                name: {"player": seat.player, "name": seat.name}
                for name, seat in zip(SEAT_NAMES, self.seats, strict=True)
            },
        }

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        """The config a request (or the database) gives; BadRequest for a wrong shape or type,
        BadSettings naming the field for a value out of range. Missing fields take their defaults."""
        if not isinstance(data, dict):
            raise BadRequest(f"the settings must be a JSON object, got {type(data).__name__}")
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise BadSettings(f"unknown setting {quoted(unknown[0])}; the settings are {', '.join(sorted(_FIELDS))}")
        mode = data.get("mode", "teams")
        if not isinstance(mode, str) or mode.lower() not in ("teams", "ffa"):
            raise BadSettings(f"mode must be 'teams' or 'ffa', got {quoted(mode)}")
        turn = data.get("turn_seconds")
        if isinstance(turn, bool) or turn not in TURN_TIME_LIMITS:
            raise BadSettings(f"turn_seconds must be null, 30 or 60, got {quoted(turn)}")
        limit = data.get("move_limit")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000):
            raise BadSettings(f"move_limit must be null or an integer 1..10000, got {quoted(limit)}")
        flags = {name: data.get(name, True) for name in ("show_legal_moves", "dead_king_walking", "rotate_first_seat")}
        for name, value in flags.items():
            if not isinstance(value, bool):
                raise BadSettings(f"{name} must be true or false, got {quoted(value)}")
        rules = Rules(mode=mode.lower(), dead_king_walking=flags["dead_king_walking"], move_limit=limit)
        game = GameSettings(rules, flags["rotate_first_seat"], turn, flags["show_legal_moves"])
        grace = _number(data, "grace_seconds", 60.0, 0.0, 600.0)
        movetime = _number(data, "cpu_movetime", 0.5, MIN_CPU_MOVETIME, 10.0)
        return cls(game, _seats(data.get("seats", {})), grace, movetime)


_FIELDS = frozenset(
    (
        "mode",
        "turn_seconds",
        "move_limit",
        "show_legal_moves",
        "dead_king_walking",
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


def _seats(data: object) -> tuple[SeatConfig, SeatConfig, SeatConfig, SeatConfig]:
    if not isinstance(data, dict):
        raise BadSettings(f"seats must be an object keyed by seat name, got {type(data).__name__}")
    unknown = sorted(str(key) for key in data if key not in SEAT_NAMES)
    if unknown:
        raise BadSettings(f"seats: {quoted(unknown[0])} is not a seat; the seats are {', '.join(SEAT_NAMES)}")
    seats = []
    for name in SEAT_NAMES:
        entry = data.get(name, {})
        if not isinstance(entry, dict) or set(entry) - {"player", "name"}:
            raise BadSettings(f"seats.{name} must be an object with 'player' and 'name', got {quoted(entry)}")
        player = entry.get("player", HUMAN)
        if player not in (HUMAN, CPU):
            raise BadSettings(f"seats.{name}.player must be 'human' or 'cpu', got {quoted(player)}")
        title = Seat[name].title
        shown = entry.get("name", title if player == HUMAN else f"CPU {title}")
        seats.append(SeatConfig(player, shown_text(shown, f"seats.{name}.name", MAX_NAME_LENGTH, BadSettings)))
    return tuple(seats)  # type: ignore[return-value]

"""Player specs: one line of text naming a CPU player and its settings, for ``fourchess play``
and ``fourchess match``.

Grammar (``KIND`` alone, or ``KIND:OPTIONS``; options are ``key=value`` joined by commas)::

    random[:seed=N]                     uniform among the legal moves
    greedy[:seed=N]                     the 1-ply greedy player (fourchess.players.GreedyPlayer)
    search[:depth=N,nodes=N,movetime=S,threads=N,hash=MB,ffa=brs+|paranoid]
                                        the built-in engine (fourchess.players.SearchPlayer)
    martian-search[:depth=N,nodes=N,movetime=S,hash=MB]
                                        the Martian Chess CPU player
                                        (fourchess.martian.players.SearchPlayer)
    uci:COMMAND                         an external engine speaking the 4PC UCI dialect
    uci:depth=N,nodes=N,movetime=S,threads=N,hash=MB,cmd=COMMAND
                                        the same with limits and options; ``cmd=`` comes last and
                                        takes the rest of the text (commas included)

For Martian Chess (``game="martian"``) ``random`` and ``greedy`` are the Martian players and
``search`` is read as ``martian-search``; no external engine plays it.

``movetime`` is in seconds (``0.2``). COMMAND is split like a shell line (``uci:fourchess uci``,
``uci:cmd=/opt/4pchess/cli --threads 2``). A ``uci:`` text that does not start with ``key=`` is
all command. Bad text raises :class:`SpecError` (a ValueError) naming the part at fault.

>>> parse_spec("search:depth=4,threads=2")
PlayerSpec(kind='search', options=(('depth', 4), ('threads', 2)), command=())
>>> parse_spec("uci:movetime=0.5,cmd=fourchess uci").command
('fourchess', 'uci')
>>> split_specs("search:depth=3,hash=16,random,greedy:seed=1,search")
['search:depth=3,hash=16', 'random', 'greedy:seed=1', 'search']
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fourchess._quote import quoted
from fourchess.players import GreedyPlayer, Player, RandomPlayer

KINDS = ("random", "greedy", "search", "martian-search", "uci")
GAMES = ("chess", "martian")
FFA_SEARCHES = ("brs+", "paranoid")  # as fourchess.engine.search.FFA_SEARCHES, without importing it
_KEY = re.compile(r"([A-Za-z_]\w*)=")
_SPEC_START = re.compile(rf"({'|'.join(KINDS)})(:|$)")


class SpecError(ValueError):
    """A player spec that cannot be read: the message quotes the spec and names the bad part."""


def _int_in(low: int, high: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not re.fullmatch(r"[0-9]{1,9}", text) or not low <= int(text) <= high:
            raise ValueError(f"expected a whole number in {low}..{high}")
        return int(text)

    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 86_400):
        raise ValueError("expected seconds, a number above 0 (0.2 is 200 ms)")
    return value


def _ffa_search(text: str) -> str:
    if text.lower() not in FFA_SEARCHES:  # any case, as users type it
        raise ValueError(f"expected one of {', '.join(FFA_SEARCHES)}")
    return text.lower()


_SEED = {"seed": _int_in(0, 2**31 - 1)}
_LIMITS = {
    "depth": _int_in(1, 128),
    "nodes": _int_in(1, 999_999_999),
    "movetime": _seconds,
    "threads": _int_in(1, 256),
    "hash": _int_in(1, 65_536),
}
OPTIONS: dict[str, dict[str, Callable[[str], Any]]] = {
    "random": _SEED,
    "greedy": _SEED,
    "search": {**_LIMITS, "ffa": _ffa_search},
    "martian-search": {key: _LIMITS[key] for key in ("depth", "nodes", "movetime", "hash")},
    "uci": _LIMITS,
}


@dataclass(frozen=True)
class PlayerSpec:
    """A parsed spec: ``options`` are (key, value) pairs in the order written; ``command`` is the
    external engine's argv (``uci`` only). Picklable, so match workers can rebuild the player."""

    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    command: tuple[str, ...] = ()

    def get(self, key: str) -> Any:
        return dict(self.options).get(key)

    @property
    def names_a_limit(self) -> bool:
        """Does the spec say when to stop (depth, nodes or movetime)?"""
        return any(self.get(key) is not None for key in ("depth", "nodes", "movetime"))

    def movetime(self, default: float | None = None) -> float | None:
        """The seconds per move this player gets: its own ``movetime``, else ``default`` for a
        search or uci spec that names no limit at all."""
        own: float | None = self.get("movetime")
        if own is not None or self.kind not in ("search", "martian-search", "uci") or self.names_a_limit:
            return own
        return default

    def for_game(self, game: str) -> PlayerSpec:
        """The spec as ``game`` reads it: Martian Chess reads ``search`` as ``martian-search``;
        SpecError for a player that does not play the game."""
        if game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, got {quoted(game)}")
        if game == "chess" and self.kind == "martian-search":
            raise SpecError("martian-search plays Martian Chess (--game martian); four-player chess has search")
        if game == "chess" or self.kind in ("random", "greedy", "martian-search"):
            return self
        if self.kind == "uci":
            raise SpecError(f"no external engine plays Martian Chess: {quoted(' '.join(self.command))}")
        allowed = OPTIONS["martian-search"]
        for key, _ in self.options:
            if key not in allowed:
                raise SpecError(f"option {quoted(key)} is not the Martian CPU player's (expected {', '.join(allowed)})")
        return PlayerSpec("martian-search", self.options)

    def build(self, *, movetime: float | None = None, seed: int | None = None, game: str = "chess") -> Any:
        """A new player of ``game`` (a chess :class:`Player`, or a Martian player, see
        :mod:`fourchess.martian.players`); ``movetime`` (seconds) as in :meth:`movetime`; ``seed``
        for a random or greedy spec that names none."""
        spec = self.for_game(game)
        if game == "martian":
            return spec._martian_player(movetime, seed)
        if self.kind in ("random", "greedy"):
            own = self.get("seed")
            cls = RandomPlayer if self.kind == "random" else GreedyPlayer
            return cls(seed if own is None else own)
        if self.kind == "search":
            return _search_player(self, self.movetime(movetime))
        return _uci_player(self, self.movetime(movetime))

    def _martian_player(self, movetime: float | None, seed: int | None) -> Any:
        from fourchess.martian import players  # the Martian game is imported only when it is played

        if self.kind in ("random", "greedy"):
            own = self.get("seed")
            cls = players.RandomPlayer if self.kind == "random" else players.GreedyPlayer
            return cls(seed if own is None else own)
        return players.SearchPlayer(
            depth=self.get("depth"),
            nodes=self.get("nodes"),
            movetime=self.movetime(movetime),
            hash_mb=self.get("hash") or 16,
        )


def parse_spec(text: str) -> PlayerSpec:
    """Reads one spec (see the module docstring); :class:`SpecError` names what is wrong."""
    if not isinstance(text, str):
        raise TypeError(f"a player spec is a str, got {type(text).__name__}")
    kind, colon, rest = text.strip().partition(":")
    if kind not in KINDS:
        raise SpecError(
            f"player spec {quoted(text)}: unknown player {quoted(kind)} (expected one of {', '.join(KINDS)})"
        )
    if colon and not rest:
        raise SpecError(f"player spec {quoted(text)}: nothing after ':' (leave the ':' out for the defaults)")
    options: list[tuple[str, Any]] = []
    command: tuple[str, ...] = ()
    while rest:
        key = _KEY.match(rest)
        if kind == "uci" and (key is None or key[1] == "cmd"):
            command = _command(text, rest[key.end() :] if key else rest)
            break
        item, comma, rest = rest.partition(",")
        name, equals, value = item.partition("=")
        _check_option(text, kind, name, equals, value, options)
        options.append((name, _read(text, kind, name, value)))
        if comma and not rest:
            raise SpecError(f"player spec {quoted(text)}: a trailing ',' (expected another key=value)")
    if kind == "uci" and not command:
        raise SpecError(f"player spec {quoted(text)}: uci needs the engine's command (uci:COMMAND or ...,cmd=COMMAND)")
    return PlayerSpec(kind, tuple(options), command)


def player_from_spec(text: str, *, movetime: float | None = None, seed: int | None = None, game: str = "chess") -> Any:
    """The player a spec names: ``player_from_spec("search:depth=4")``. ``movetime`` (seconds) is
    the default for search/uci specs that name no limit; ``seed`` for unseeded random/greedy;
    ``game="martian"`` for a Martian Chess player."""
    return parse_spec(text).build(movetime=movetime, seed=seed, game=game)


def close_players(players: list[Player]) -> None:
    """Closes each player that has a ``close`` (an external engine's process), once."""
    for player in {id(player): player for player in players}.values():
        close = getattr(player, "close", None)
        if close is not None:
            close()


def split_specs(text: str) -> list[str]:
    """Splits a comma-joined list of specs: a comma followed by a player name starts the next
    spec; other commas belong to the options of the spec before."""
    parts = text.split(",")
    specs = [parts[0]]
    for part in parts[1:]:
        if _SPEC_START.match(part.strip()):
            specs.append(part)
        else:
            specs[-1] += "," + part
    return [spec.strip() for spec in specs]


def _check_option(text: str, kind: str, name: str, equals: str, value: str, options: list[tuple[str, Any]]) -> None:
    if not equals:
        raise SpecError(f"player spec {quoted(text)}: {quoted(name)} is not key=value")
    allowed = OPTIONS[kind]
    if name not in allowed:
        expected = ", ".join(allowed) + (", cmd" if kind == "uci" else "")
        raise SpecError(f"player spec {quoted(text)}: unknown option {quoted(name)} for {kind} (expected {expected})")
    if any(name == seen for seen, _ in options):
        raise SpecError(f"player spec {quoted(text)}: option {quoted(name)} given twice")


def _read(text: str, kind: str, name: str, value: str) -> Any:
    try:
        return OPTIONS[kind][name](value)
    except ValueError as error:
        raise SpecError(f"player spec {quoted(text)}: {name}={quoted(value)}: {error}") from None


def _command(text: str, line: str) -> tuple[str, ...]:
    try:
        argv = tuple(shlex.split(line))
    except ValueError as error:  # an unclosed quote
        raise SpecError(f"player spec {quoted(text)}: command {quoted(line)}: {error}") from None
    if not argv:
        raise SpecError(f"player spec {quoted(text)}: the uci command is empty")
    return argv


def _search_player(spec: PlayerSpec, movetime: float | None) -> Player:
    from fourchess.players import SearchPlayer  # the engine is imported only when it is used

    return SearchPlayer(
        depth=spec.get("depth"),
        nodes=spec.get("nodes"),
        movetime=movetime,
        threads=spec.get("threads") or 1,
        hash_mb=spec.get("hash") or 64,
        ffa_search=spec.get("ffa") or "paranoid",
    )


def _uci_player(spec: PlayerSpec, movetime: float | None) -> Player:
    if movetime is None and not spec.names_a_limit:
        raise SpecError(
            f"player spec for {quoted(' '.join(spec.command))}: an external engine needs a "
            "depth, nodes or movetime (or a default --movetime)"
        )
    from fourchess.engine.client import UciEngine

    options = {
        name: spec.get(key) for key, name in (("threads", "Threads"), ("hash", "Hash")) if spec.get(key) is not None
    }
    return UciEngine(
        list(spec.command), options=options, depth=spec.get("depth"), nodes=spec.get("nodes"), movetime=movetime
    )

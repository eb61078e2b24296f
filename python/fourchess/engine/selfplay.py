"""Self-play: the built-in search playing four-player chess against itself, every position kept
with the search's score, the move played and the game's result, for evaluation tuning and
learning (``fourchess selfplay``; the file is :mod:`fourchess.engine.selfplay_file`'s).

Each game starts with a random opening: a number of uniformly random legal plies (``opening_plies``,
4 to 8 by default) drawn from the game's own seed, ``seed * 1_000_003 + number``, so a game's
opening depends on nothing else; an opening that ends the game is drawn again. From there one
:class:`~fourchess.engine.Engine` plays every seat. Walking kings (docs/rules.md §7) move at
random, from the same seed. The rules' move limit (``max_plies``, counted from the start) ends a
game that goes on too long: Teams a draw, FFA ranked by points.

A :class:`SelfPlayer` keeps its engine, and the engine's transposition table, for every game it
plays: the table is allocated once, and what it holds from earlier games stays for the positions
games share. That makes a game's moves depend on the games its player played before. With
``clear_hash`` the table is emptied before each game instead, and a run with a depth or node
limit writes the same positions however its games are shared out (locally or over Ray, by any
number of actors).

``DEFAULT_NODES`` is the search's limit when none is given: quick, and the same on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from fourchess._checked import checked_count
from fourchess._core import Move
from fourchess._quote import quoted
from fourchess.board import Board
from fourchess.engine.search import Engine, SearchResult, checked_limits, max_hash_mb
from fourchess.engine.selfplay_file import COLUMN_NAMES
from fourchess.outcome import Outcome
from fourchess.rules import Rules, canonical_mode

DEFAULT_NODES = 5_000
DEFAULT_OPENING_PLIES = (4, 8)
DEFAULT_MAX_PLIES = 800
DEFAULT_HASH_MB = 16
MAX_OPENING_PLIES = 200
OPENING_DRAWS = 100  # openings drawn before a game that keeps ending in its opening is played as it stands
GAME_SEED_STRIDE = 1_000_003  # as a match seeds its games: runs with nearby seeds share no game


class SelfPlayError(ValueError):
    """Self-play settings that cannot be played: the message names the setting and its value."""


@dataclass(frozen=True)
class SelfPlayConfig:
    """What a self-play run plays: ``games`` games of ``mode`` (``"teams"`` or ``"ffa"``), each
    from ``opening_plies`` (low, high) random plies, then searched to ``depth``, ``nodes`` and/or
    ``movetime`` (seconds; with none of them, :data:`DEFAULT_NODES` nodes), ended by the move
    limit ``max_plies`` at the latest. ``seed`` seeds every game (module docstring); the engine has
    ``hash_mb`` MB of table, emptied before each game when ``clear_hash``."""

    games: int = 1
    mode: str = "teams"
    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None
    max_plies: int = DEFAULT_MAX_PLIES
    opening_plies: tuple[int, int] = DEFAULT_OPENING_PLIES
    seed: int = 0
    hash_mb: int = DEFAULT_HASH_MB
    clear_hash: bool = False
    rules: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", canonical_mode(self.mode))
        if self.depth is None and self.nodes is None and self.movetime is None:
            object.__setattr__(self, "nodes", DEFAULT_NODES)
        try:  # the engine's own checks, made now rather than in every worker
            checked_limits(self.depth, self.nodes, self.movetime, None, None)
            checked_count(self.hash_mb, "hash_mb", 1, max_hash_mb())
        except (TypeError, ValueError) as error:
            raise SelfPlayError(str(error)) from None
        _whole(self.games, "games", 1)
        _whole(self.max_plies, "max_plies", 1)
        _whole(self.seed, "seed", 0)
        if not isinstance(self.opening_plies, (tuple, list)) or len(self.opening_plies) != 2:
            raise SelfPlayError(f"opening_plies must be a pair (low, high), got {quoted(self.opening_plies)}")
        low, high = self.opening_plies
        _whole(low, "opening_plies", 0)
        _whole(high, "opening_plies", 0)
        object.__setattr__(self, "opening_plies", (low, high))
        if not low <= high <= MAX_OPENING_PLIES:
            within = f"0..{MAX_OPENING_PLIES}"
            raise SelfPlayError(
                f"opening_plies must be a range low..high within {within}, got {quoted(self.opening_plies)}"
            )
        if high >= self.max_plies:
            raise SelfPlayError(
                f"max_plies ({self.max_plies}) must leave room for searched moves after the opening "
                f"(up to {high} random plies)"
            )
        object.__setattr__(self, "rules", Rules(mode=self.mode, move_limit=self.max_plies))

    def limits(self) -> dict[str, Any]:
        """The search limits, as keyword arguments of :meth:`Engine.search`."""
        return {"depth": self.depth, "nodes": self.nodes, "movetime": self.movetime}

    def game_seed(self, number: int) -> int:
        """The seed of game ``number``'s opening and walking kings."""
        return self.seed * GAME_SEED_STRIDE + number

    def settings(self) -> dict[str, Any]:
        """The settings as plain data, for the file's metadata."""
        data = asdict(self)
        data.pop("rules")
        data["opening_plies"] = list(self.opening_plies)
        return data


def _whole(value: object, name: str, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SelfPlayError(f"{name} must be a whole number >= {low}, got {quoted(value)}")


@dataclass(frozen=True)
class SelfPlayGame:
    """One finished game: its ``number``, its ``termination`` (a name such as ``"checkmate"``) and
    ``columns``, the file's rows of its positions by column name (see
    :data:`fourchess.engine.selfplay_file.COLUMNS`), in the order they were played."""

    number: int
    termination: str
    columns: dict[str, list[Any]]

    @property
    def positions(self) -> int:
        """The game's rows: one per move played."""
        return len(self.columns["ply"])


class _Played(NamedTuple):
    fen4: str  # the position before the move
    seat: int
    move: Move
    search: SearchResult | None  # None: a random move (the opening, a walking king)


class SelfPlayer:
    """Plays the games of a self-play run, one at a time, with one engine kept between them."""

    def __init__(self, config: SelfPlayConfig) -> None:
        self.config = config
        self.engine = Engine(hash_mb=config.hash_mb)

    def play(self, number: int) -> SelfPlayGame:
        """Plays game ``number`` (from 1) to its end and returns its rows."""
        if self.config.clear_hash:
            self.engine.new_game()
        rng = random.Random(self.config.game_seed(number))
        board, played = self._opening(rng)
        limits = self.config.limits()
        while not board.is_game_over():
            before = (board.fen4(), int(board.turn))
            search: SearchResult | None = None
            move = board.random_walking_king_move(rng)
            if move is None:
                search = self.engine.search(board, **limits)
                assert search.best is not None  # a game still going has a legal move
                move = search.best
            board.push(move)
            played.append(_Played(*before, move, search))
        return _game(number, board, played)

    def _opening(self, rng: random.Random) -> tuple[Board, list[_Played]]:
        low, high = self.config.opening_plies
        for _ in range(OPENING_DRAWS):
            board = Board(rules=self.config.rules)
            played = []
            for _ in range(rng.randint(low, high)):
                move = rng.choice(list(board.legal_moves))
                played.append(_Played(board.fen4(), int(board.turn), move, None))
                board.push(move)
                if board.is_game_over():
                    break
            if not board.is_game_over():
                break
        return board, played


def play_games(config: SelfPlayConfig, numbers: Iterable[int] | None = None) -> Generator[SelfPlayGame, None, None]:
    """The run's games (``numbers``: all of them, 1 to ``config.games``) played one after another
    by one :class:`SelfPlayer` in this process, each yielded as it ends."""
    player = SelfPlayer(config)
    for number in numbers if numbers is not None else range(1, config.games + 1):
        yield player.play(number)


def seat_results(outcome: Outcome, ffa: bool) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Each seat's result and place in a finished game (``ffa``: an FFA game's), in seat order.

    Result: Teams 1 for the winning team, 0 for the other, 1/2 each in a draw; FFA the share of its
    three rivals the seat finished above on points, a tie counting half (1 first alone, 0 last
    alone). Place: 1 + the seats ranked strictly above it (Teams: the winners 1, the losers 3,
    everyone 1 in a draw)."""
    places = [0, 0, 0, 0]
    above = 0
    for tied in outcome.ranking:
        for seat in tied:
            places[seat] = 1 + above
        above += len(tied)
    points = outcome.points
    if ffa:
        results = tuple(
            sum(_beats(points[seat], points[rival]) for rival in range(4) if rival != seat) / 3 for seat in range(4)
        )
    else:
        winners = outcome.winner
        results = tuple(0.5 if winners is None else float(seat in winners) for seat in range(4))
    return results, tuple(places)


def _beats(mine: int, theirs: int) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _game(number: int, board: Board, played: list[_Played]) -> SelfPlayGame:
    outcome = board.outcome()
    assert outcome is not None  # played to its end
    results, places = seat_results(outcome, board.is_ffa)
    termination = outcome.termination.name.lower()
    columns: dict[str, list[Any]] = {name: [] for name in COLUMN_NAMES}
    for ply, (fen4, seat, move, search) in enumerate(played):
        score = None if search is None else search.score
        row = {
            "game": number,
            "ply": ply,
            "mode": board.mode,
            "fen4": fen4,
            "seat": seat,
            "move": move.uci(),
            "searched": search is not None,
            "score_cp": None if score is None else score.cp,
            "score_mate": None if score is None else score.mate,
            "depth": None if search is None else search.depth,
            "nodes": None if search is None else search.nodes,
            "result": results[seat],
            "points": outcome.points[seat],
            "place": places[seat],
            "termination": termination,
            "plies": len(played),
        }
        for name in COLUMN_NAMES:
            columns[name].append(row[name])
    return SelfPlayGame(number, termination, columns)

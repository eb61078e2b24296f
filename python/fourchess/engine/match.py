"""Matches between two players (A and B): many games, adjudicated by the library.

Seating. Teams: on each opening A plays Red+Yellow, then Blue+Green. FFA: A takes one seat and
B the other three, and A moves through Red, Blue, Yellow, Green on each opening (four games), so
A is measured against a field of B. Games cycle through the openings in that order.

Adjudication (every move): the library checks each move; a player whose move is illegal (or not
a Move), who raises (an engine crash, time-out or protocol error), or who takes longer than
``2 * movetime + 1 s`` when it has a movetime, forfeits: its seat resigns (times out, for time)
on the board and the game stops there. A ply cap (``max_plies``, the rules' move limit counted
from the opening) ends a game: Teams a draw, FFA ranked by points. Walking kings (docs/rules.md §7)
move at random, as for any CPU seat.

Scores for A. Teams: 1 win, 1/2 draw, 0 loss. FFA: the seats are ranked by points, except that
a forfeiting player's seats rank below all the other player's; A's game score is the share of
the three B seats it finished ahead of (a tie counts 1/2): 1 for first alone, 0 for last. That
is A-beat-B counted over the three pairings of the game; :mod:`fourchess.engine.elo` turns the
mean into an Elo difference. Places: 1 + the number of seats ranked strictly above.

Martian Chess (``game="martian"``, docs/martian.md) is matched the same way: two players sit A B,
then B A; four players sit as FFA above, or as Teams with the teams option (``mode="teams"``). Seats
rank by the game's places; a forfeiting player's seats rank last and the others by score (their
team's, with the teams option). The ply cap is the game's move limit.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import random
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from fourchess import Board, Move, Rules, Seat, pgn4
from fourchess._quote import quoted
from fourchess.engine.specs import GAMES, PlayerSpec, close_players, parse_spec
from fourchess.engine.sprt import Sprt
from fourchess.engine.stop_signals import unwind_on_signals
from fourchess.pgn4.errors import shortened
from fourchess.rules import canonical_mode

DUEL_SEATINGS = ("AB", "BA")  # two-player Martian Chess
TEAMS_SEATINGS = ("ABAB", "BABA")
FFA_SEATINGS = ("ABBB", "BABB", "BBAB", "BBBA")
FORFEIT_FACTOR, FORFEIT_GRACE = 2.0, 1.0  # a move over 2 * movetime + 1 s loses
DEFAULT_MAX_PLIES = 800
SPRT_MAX_GAMES = 20_000  # an SPRT match's cap when no --games is given


class MatchError(RuntimeError):
    """A match that cannot go on: a player could not even be built (a missing engine program)."""


@dataclass(frozen=True)
class MatchConfig:
    """What a match plays: ``movetime`` (seconds) is the default for search/uci specs that name
    no limit; ``openings`` are FEN4 texts (Martian position texts), None for the start position.

    ``game`` is ``"chess"`` or ``"martian"``; ``players`` is Martian Chess's count (2 or 4, default
    2). ``mode``: chess ``"teams"`` (default) or ``"ffa"``; four-player Martian Chess ``"ffa"``
    (default) or ``"teams"`` (the teams option); two-player Martian Chess is ``"duel"``."""

    spec_a: str
    spec_b: str
    mode: str | None = None
    games: int | None = None  # default: every opening once in every seating
    openings: tuple[str | None, ...] = (None,)
    max_plies: int = DEFAULT_MAX_PLIES
    movetime: float | None = None
    seed: int = 0
    sprt: Sprt | None = None  # stop as soon as the test decides (``games`` is then the cap)
    game: str = "chess"
    players: int | None = None

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, got {quoted(self.game)}")
        object.__setattr__(self, "mode", self._mode())
        for text in (self.spec_a, self.spec_b):  # SpecError now, not in every worker
            spec = parse_spec(text).for_game(self.game)
            if spec.kind == "uci" and spec.movetime(self.movetime) is None and not spec.names_a_limit:
                raise ValueError(
                    f"player {quoted(text)}: an external engine needs a depth, nodes or movetime "
                    "(or a default --movetime)"
                )
        if self.games is not None and self.games < 1:
            raise ValueError(f"games must be at least 1, got {quoted(self.games)}")
        if self.max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, got {quoted(self.max_plies)}")
        if not self.openings:
            raise ValueError("a match needs at least one opening")

    def _mode(self) -> str:
        if self.game == "chess":
            if self.players not in (None, 4):
                raise ValueError(f"four-player chess has four players, got players={quoted(self.players)}")
            object.__setattr__(self, "players", 4)
            return canonical_mode("teams" if self.mode is None else self.mode)  # any case, as users type it
        if self.players is None:
            object.__setattr__(self, "players", 2)
        if isinstance(self.players, bool) or self.players not in (2, 4):
            raise ValueError(f"Martian Chess has 2 or 4 players, got players={quoted(self.players)}")
        if self.players == 2:
            if self.mode not in (None, "duel"):
                raise ValueError(f"two-player Martian Chess has no mode, got {quoted(self.mode)}")
            return "duel"
        return canonical_mode("ffa" if self.mode is None else self.mode)

    @property
    def seatings(self) -> tuple[str, ...]:
        if self.mode == "duel":
            return DUEL_SEATINGS
        return FFA_SEATINGS if self.mode == "ffa" else TEAMS_SEATINGS

    @property
    def total_games(self) -> int:
        if self.games is not None:
            return self.games
        return SPRT_MAX_GAMES if self.sprt is not None else len(self.seatings) * len(self.openings)

    @property
    def sample_grid(self) -> int:
        """The steps between 0 and 1 an opening's mean score can take (see :mod:`.sprt`): a
        game scores in halves (Teams, two players) or sixths (FFA), averaged over the opening's
        seatings."""
        return len(self.seatings) * (2 if self.mode == "teams" else 6)

    def opening_samples(self, records: Sequence[GameRecord]) -> list[float]:
        """A's mean score per opening whose games (one per seating) have all been played: games
        ``k*len(seatings)+1 ..`` share an opening (see :func:`schedule`)."""
        per = len(self.seatings)
        groups: dict[int, list[float]] = {}
        for record in records:
            groups.setdefault((record.number - 1) // per, []).append(record.score_a)
        return [sum(scores) / per for _, scores in sorted(groups.items()) if len(scores) == per]

    def sprt_decision(self, records: Sequence[GameRecord]) -> str | None:
        """ "H1", "H0" or None (no test, or not decided yet)."""
        if self.sprt is None:
            return None
        return self.sprt.decision(self.opening_samples(records), self.sample_grid)

    def names(self) -> dict[str, str]:
        """The players' names for the PGN4 tags: their specs, marked when the two are equal."""
        if self.spec_a.strip() == self.spec_b.strip():
            return {"A": f"{self.spec_a.strip()} (A)", "B": f"{self.spec_b.strip()} (B)"}
        return {"A": self.spec_a.strip(), "B": self.spec_b.strip()}


@dataclass(frozen=True)
class GameTask:
    """One game of a match to play: its ``number``, its ``opening`` FEN4 (``None``: the start),
    who sits where (``seating``) and the match's ``config``."""

    number: int  # 1-based
    opening: str | None
    seating: str  # "ABAB": who sits in Red, Blue, Yellow, Green (Martian: seats 0, 1, ...)
    config: MatchConfig


@dataclass(frozen=True)
class Forfeit:
    """A game lost by a player's fault: the ``seat`` and ``player`` ("A" or "B"), the ``kind`` of
    step it was recorded as, and the ``reason``."""

    seat: int
    player: str  # "A" or "B"
    kind: str  # "timeout" (too slow) or "resign" (illegal move, not a move, an error)
    reason: str


@dataclass(frozen=True)
class GameRecord:
    """One finished game, from A's side: ``score_a`` in [0, 1]; ``points`` (Martian: scores) and
    ``places`` per seat (1 = first); ``text``: the game's record (PGN4, or the Martian record)."""

    number: int
    seating: str
    ending: str
    forfeit: Forfeit | None
    points: tuple[int, ...]
    places: tuple[int, ...]
    score_a: float
    plies: int
    text: str


def schedule(config: MatchConfig) -> list[GameTask]:
    """The games in order: each opening in every seating, cycling until ``games`` are reached."""
    cycle = [(opening, seating) for opening in config.openings for seating in config.seatings]
    return [GameTask(number + 1, *cycle[number % len(cycle)], config) for number in range(config.total_games)]


def read_openings(path: str, mode: str | None, game: str = "chess", players: int | None = None) -> tuple[str, ...]:
    """FEN4 openings (Martian position texts), one a line; ``#`` starts a comment; each must be a
    game still going on."""
    config = MatchConfig("random", "random", mode=mode, game=game, players=players)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    openings = []
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            board = new_board(config, text)
        except ValueError as error:
            raise ValueError(f"{path} line {number}: {shortened(str(error))}") from None
        if board.is_game_over():
            text_name = "FEN4" if game == "chess" else "position text"
            raise ValueError(f"{path} line {number}: the game in this {text_name} is already over")
        openings.append(text)
    if not openings:
        text_name = "FEN4" if game == "chess" else "position text"
        raise ValueError(f"{path} holds no {text_name} opening (one a line, '#' comments)")
    return tuple(openings)


def play_adjudicated(
    board: Any,
    players: Sequence[Any],
    movetimes: Sequence[float | None],
    rng: random.Random,
    seating: str = "ABAB",
) -> Forfeit | None:
    """Plays ``board`` to its end, ``players[seat]`` choosing for each seat, and judges every move
    (module docstring); ``board`` is a chess or a Martian board. Returns the forfeit that stopped
    the game, if one did."""
    move_type = Move if isinstance(board, Board) else _martian().Move
    while not board.is_game_over():
        seat = int(board.turn)
        walking = board.random_walking_king_move(rng) if isinstance(board, Board) else None
        if walking is not None:
            board.push(walking)
            continue
        start = time.perf_counter()
        try:
            move = players[seat].choose_move(board.copy())  # a copy: a player cannot change the game
        except Exception as error:  # an engine's crash, time-out or bad answer; a player's bug
            return _forfeit(board, seat, seating, "resign", f"{type(error).__name__}: {shortened(str(error))}")
        elapsed = time.perf_counter() - start
        movetime = movetimes[seat]
        if movetime is not None and elapsed > FORFEIT_FACTOR * movetime + FORFEIT_GRACE:
            return _forfeit(board, seat, seating, "timeout", f"{elapsed:.2f} s for a {movetime:g} s move")
        if not isinstance(move, move_type):
            return _forfeit(board, seat, seating, "resign", f"not a move: {quoted(repr(move))}")
        if not board.is_legal(move):
            return _forfeit(board, seat, seating, "resign", f"illegal move {quoted(str(move))}")
        board.push(move)
    return None


def _forfeit(board: Any, seat: int, seating: str, kind: str, reason: str) -> Forfeit:
    if isinstance(board, Board):  # Martian Chess has no resignation: its game just stops
        (board.timeout if kind == "timeout" else board.resign)(seat)
    return Forfeit(seat, seating[seat], kind, reason)


def _martian() -> Any:
    import fourchess.martian  # imported only when a Martian match is played

    return fourchess.martian


def new_board(config: MatchConfig, opening: str | None) -> Any:
    """A board for one game of the match: the opening (``None``: the start) under its rules."""
    if config.game == "martian":
        martian = _martian()
        rules = martian.MartianRules(move_limit=config.max_plies, teams=config.mode == "teams")
        return martian.Board(opening, players=config.players, rules=rules)
    return Board(opening, rules=Rules(mode=str(config.mode), move_limit=config.max_plies))


def run_game(task: GameTask, players: dict[str, Any] | None = None) -> GameRecord:
    """Plays one game of the match. ``players`` (by "A"/"B") are built from the specs when not
    given; the ones built here are closed at the end (an external engine's process)."""
    config = task.config
    specs: dict[str, PlayerSpec] = {"A": parse_spec(config.spec_a), "B": parse_spec(config.spec_b)}
    built: dict[str, Any] = {}
    try:
        if players is None:
            players = built
            for side, spec in specs.items():
                built[side] = _build(side, spec, config, seed=config.seed * 1_000_003 + task.number * 2 + (side == "B"))
        board = new_board(config, task.opening)
        movetimes = [specs[side].movetime(config.movetime) for side in task.seating]
        rng = random.Random(config.seed * 1_000_003 + task.number)
        forfeit = play_adjudicated(board, [players[side] for side in task.seating], movetimes, rng, task.seating)
    finally:
        close_players(list(built.values()))
    return _record(task, board, forfeit)


def _build(side: str, spec: PlayerSpec, config: MatchConfig, seed: int) -> Any:
    try:
        return spec.build(movetime=config.movetime, seed=seed, game=config.game)
    except Exception as error:
        text = config.spec_a if side == "A" else config.spec_b
        raise MatchError(
            f"player {side} ({quoted(text)}) could not be started: {type(error).__name__}: {shortened(str(error))}"
        ) from error


def _record(task: GameTask, board: Any, forfeit: Forfeit | None) -> GameRecord:
    seating = task.seating
    chess = isinstance(board, Board)
    keys = (_rank_keys if chess else _martian_rank_keys)(str(task.config.mode), seating, board, forfeit)
    places = tuple(1 + sum(other > key for other in keys) for key in keys)
    if not chess and forfeit is None:
        places = tuple(board.outcome().places)  # the game's own (a losing team shares second)
    seats = range(len(seating))
    pairs = [
        (keys[a] > keys[b]) + 0.5 * (keys[a] == keys[b])
        for a in seats
        if seating[a] == "A"
        for b in seats
        if seating[b] == "B"
    ]
    if forfeit is not None:
        who = Seat(forfeit.seat).title if chess else f"seat {forfeit.seat}"
        ending = f"{who} ({forfeit.player}) forfeits: {forfeit.reason}"
    else:
        ending = board.outcome().termination.name.lower().replace("_", " ")
    if chess:
        points, plies, text = board.points, board.moves_played, _pgn4_text(task, board, forfeit)
    else:
        points, plies, text = tuple(board.scores), len(board.move_stack), _martian().write_record(board)
    return GameRecord(task.number, seating, ending, forfeit, points, places, sum(pairs) / len(pairs), plies, text)


def _rank_keys(mode: str, seating: str, board: Board, forfeit: Forfeit | None) -> list[tuple[bool, int]]:
    """A key per seat, higher ranks higher: first not having forfeited, then (FFA) points or
    (Teams) being on the winning team."""
    points = board.points
    if mode == "ffa":
        return [(forfeit is None or seating[seat] != forfeit.player, points[seat]) for seat in range(4)]
    if forfeit is not None:
        return [(seating[seat] != forfeit.player, 0) for seat in range(4)]
    winners = board.winners()  # empty for a draw: every seat ranks the same
    return [(not winners or seat in winners, 0) for seat in range(4)]


def _martian_rank_keys(mode: str, seating: str, board: Any, forfeit: Forfeit | None) -> list[tuple[bool, int]]:
    """A key per seat, higher ranks higher: the game's places; after a forfeit, first not having
    forfeited, then the score (the team's, with the teams option)."""
    if forfeit is None:
        return [(True, -place) for place in board.outcome().places]
    scores = board.scores
    if mode == "teams":
        scores = [scores[seat] + scores[(seat + 2) % 4] for seat in range(4)]
    return [(seating[seat] != forfeit.player, scores[seat]) for seat in range(len(seating))]


def _pgn4_text(task: GameTask, board: Board, forfeit: Forfeit | None) -> str:
    names = task.config.names()
    game = pgn4.game_from_board(board, tuple(names[side] for side in task.seating))  # type: ignore[arg-type]
    headers = {"Event": "fourchess match", "Round": str(task.number), **game.headers}
    if forfeit is not None:  # worded so that pgn4.expected_terminations reads the board's ending
        how = "forfeit on time" if forfeit.kind == "timeout" else "resigns by forfeit"
        headers["Termination"] = f"{Seat(forfeit.seat).title} {how}: {forfeit.reason}"
    game.headers.clear()
    game.headers.update(headers)
    return pgn4.write_game(game)


GameSource = Callable[[Sequence[GameTask]], Generator[GameRecord, None, None]]
"""Where a match's games are played: given the tasks in game order, it yields each game's record
as the game finishes (in any order); closing it stops the games still under way. The local one is
:func:`local_games`; :mod:`fourchess.dist.match` plays them on a Ray cluster."""


def run_match(
    config: MatchConfig,
    *,
    concurrency: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    source: GameSource | None = None,
) -> list[GameRecord]:
    """Plays every game of the match from ``source`` (default: :func:`local_games`, ``concurrency``
    at a time); ``on_game`` sees each record as it finishes. An SPRT match stops once the test
    decides: the source is closed, and games still under way then are not counted. Returns the
    records in game order."""
    if source is None:
        source = local_games(concurrency)
    elif concurrency != 1:
        raise ValueError(f"concurrency is the local runner's, not a game source's: got {quoted(concurrency)}")
    records: list[GameRecord] = []
    with contextlib.closing(source(schedule(config))) as finished:
        for record in finished:
            records.append(record)
            if on_game is not None:
                on_game(record)
            if config.sprt_decision(records) is not None:
                break
    return sorted(records, key=lambda record: record.number)


def local_games(concurrency: int = 1) -> GameSource:
    """Games played on this machine: in this process, or ``concurrency`` at a time in worker
    processes (each builds its players from the specs). Closing the source lets the games under
    way finish and starts no other."""
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {quoted(concurrency)}")
    return functools.partial(_finished_games, concurrency=concurrency)


def _finished_games(tasks: Sequence[GameTask], concurrency: int) -> Generator[GameRecord, None, None]:
    if concurrency == 1:
        yield from map(run_game, tasks)
        return
    # spawn: a fresh interpreter per worker, never a fork of a process whose engine runs threads
    context = multiprocessing.get_context("spawn")
    others = set(multiprocessing.active_children())
    # A worker told to stop closes its engines as it unwinds (see stop_signals).
    with ProcessPoolExecutor(
        max_workers=min(concurrency, len(tasks)), mp_context=context, initializer=unwind_on_signals
    ) as pool:
        futures = [pool.submit(run_game, task) for task in tasks]
        workers = set(multiprocessing.active_children()) - others
        try:
            for future in as_completed(futures):
                yield future.result()
        except KeyboardInterrupt:  # Ctrl-C or a stop signal: the workers stop their games too
            for worker in workers:
                worker.terminate()
            raise
        finally:
            for future in futures:
                future.cancel()

"""Matches whose games are Ray tasks: ``fourchess match … --ray``.

Each game is one task that calls :func:`fourchess.engine.match.run_game`, so a game played on the
cluster is the game the local runner plays (its players are built from the specs with the same
seeds). :func:`fourchess.engine.match.run_match` stays the one loop that collects the records,
shows them and applies the SPRT; this module only supplies the games, as they finish.

A bounded number of games is in flight (twice the cluster's CPUs unless told), not the whole
schedule: an SPRT match may cap at 20,000 games and decide after a few hundred. When the match
stops (the test decided, an error, Ctrl-C), the games still in flight are cancelled: each unwinds
through the ``finally`` that closes its engines. A game whose worker dies (a node lost, a process
killed) is retried by Ray up to :data:`GAME_RETRIES` times; a game is deterministic given its
seeds, so a retry plays the same game.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Sequence
from typing import Any

from fourchess._quote import quoted
from fourchess.dist.cluster import connect, ray_module
from fourchess.engine.match import GameRecord, GameSource, GameTask, MatchConfig, MatchError, run_game, run_match
from fourchess.engine.specs import parse_spec
from fourchess.pgn4.errors import shortened

GAME_RETRIES = 3  # Ray's default for tasks, written out: a retry is safe because a game is deterministic
CANCEL_GRACE = 10.0  # seconds a stopped match waits for its cancelled games to close their engines
IN_FLIGHT_PER_CPU = 2  # enough queued that a CPU never waits for the driver between two games
POLL_SECONDS = 0.02  # between two looks for a finished game: nothing beside a game's seconds
TASK_NAME = "fourchess match"  # how Ray shows a game: its dashboard, `ray list tasks`, the worker's title


def run_match_on_ray(
    config: MatchConfig,
    *,
    address: str | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    in_flight: int | None = None,
) -> list[GameRecord]:
    """Plays the match on the Ray cluster at ``address`` (see :func:`fourchess.dist.connect`), as
    :func:`fourchess.engine.match.run_match` plays it locally: ``on_game`` sees each record as
    its game finishes, an SPRT match stops once the test decides. Returns the records in game
    order."""
    connect(address)
    return run_match(config, on_game=on_game, source=ray_games(in_flight=in_flight))


def ray_games(*, in_flight: int | None = None) -> GameSource:
    """A game source on the cluster this process has joined: ``in_flight`` games submitted at
    once (default: twice the cluster's CPUs)."""
    if in_flight is not None and in_flight < 1:
        raise ValueError(f"in_flight must be at least 1, got {quoted(in_flight)}")

    def source(tasks: Sequence[GameTask]) -> Generator[GameRecord, None, None]:
        return _finished_games(tasks, in_flight)

    return source


def game_cpus(config: MatchConfig, largest_node: float) -> float:
    """The CPUs one game holds: the most threads either player searches with (one side moves at
    a time), at least 1, and never more than the ``largest_node`` has (or the game would wait
    for a node that does not exist)."""
    threads = [parse_spec(text).get("threads") for text in (config.spec_a, config.spec_b)]
    wanted = max([1, *(int(count) for count in threads if count is not None)])
    return min(wanted, max(1.0, largest_node))


def _play(config: MatchConfig, number: int, opening: str | None, seating: str) -> GameRecord:
    """One game, in a Ray worker; the config comes once per match through the object store."""
    return run_game(GameTask(number, opening, seating, config))


def _finished_games(tasks: Sequence[GameTask], in_flight: int | None) -> Generator[GameRecord, None, None]:
    ray = ray_module()
    if not tasks:
        return
    if in_flight is None:
        in_flight = IN_FLIGHT_PER_CPU * max(1, int(ray.cluster_resources().get("CPU", 1)))
    configs: dict[int, Any] = {}  # id of a MatchConfig -> its ObjectRef, put once
    largest_node = max((node["Resources"].get("CPU", 0.0) for node in ray.nodes() if node["Alive"]), default=1.0)
    cpus = game_cpus(tasks[0].config, largest_node)
    play = ray.remote(num_cpus=cpus, max_retries=GAME_RETRIES, name=TASK_NAME)(_play)
    numbers: dict[Any, int] = {}  # ObjectRef -> game number, for the errors
    upcoming = iter(tasks)
    try:
        while True:
            for task in upcoming:
                if id(task.config) not in configs:
                    configs[id(task.config)] = ray.put(task.config)
                reference = play.remote(configs[id(task.config)], task.number, task.opening, task.seating)
                numbers[reference] = task.number
                if len(numbers) >= in_flight:
                    break
            if not numbers:
                return
            (reference,) = _finished(ray, list(numbers), count=1)
            yield _result(ray, reference, numbers.pop(reference))
    finally:
        for reference in numbers:  # games still queued or under way: their engines close as they unwind
            ray.cancel(reference)
        if numbers:  # and the cluster is free again when the match returns
            _finished(ray, list(numbers), count=len(numbers), seconds=CANCEL_GRACE)


def _finished(ray: Any, references: list[Any], *, count: int, seconds: float = math.inf) -> list[Any]:
    """The first ``count`` of ``references`` to finish (those finished after ``seconds``, if
    fewer). Polled, not waited for in Ray: a signal that comes while Ray blocks reaches Python as
    Ray's bare KeyboardInterrupt, not the :class:`~fourchess.engine.stop_signals.Stopped` that
    says which signal it was (and so the command's exit status)."""
    deadline = time.monotonic() + seconds
    while True:
        ready: list[Any] = ray.wait(references, num_returns=count, timeout=0)[0]
        if len(ready) == count or time.monotonic() >= deadline:
            return ready
        time.sleep(POLL_SECONDS)


def _result(ray: Any, reference: Any, number: int) -> GameRecord:
    """A finished game's record. The game's own errors (a player that cannot start, a bad
    opening) are raised as the local runner raises them; any other failure (a worker dead after
    every retry, a node without fourchess) as a :class:`MatchError` naming the game."""
    try:
        record: GameRecord = ray.get(reference)
        return record
    except ray.exceptions.RayTaskError as error:
        if isinstance(error.cause, (MatchError, ValueError)):
            raise error.cause from None
        reason = f"{type(error.cause).__name__}: {shortened(str(error.cause))}"
        raise MatchError(f"game {number} failed on the cluster: {reason}") from error
    except ray.exceptions.RayError as error:
        reason = f"{type(error).__name__}: {shortened(str(error))}"
        raise MatchError(f"game {number} could not be played on the cluster: {reason}") from error

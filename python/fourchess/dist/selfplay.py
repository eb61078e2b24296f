"""Self-play on a Ray cluster: actors that each keep one engine, and its table, for every game
they play (:class:`fourchess.engine.selfplay.SelfPlayer`), one actor per cluster CPU by default.

Games are handed out one at a time: an actor that finishes a game gets the next one, so a slow
game never holds up the others, and the driver receives each game's rows as it ends (in the
order the games end, not by number). A game's opening depends only on the run's seed and the
game's number, never on the actor that plays it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from fourchess._quote import quoted
from fourchess.dist.cluster import connect, task_result
from fourchess.engine.selfplay import SelfPlayConfig, SelfPlayer, SelfPlayGame


class SelfPlayActor:
    """The body of one Ray actor: a :class:`SelfPlayer` that lives as long as the actor."""

    def __init__(self, config: SelfPlayConfig) -> None:
        self.player = SelfPlayer(config)

    def play(self, number: int) -> SelfPlayGame:
        """Plays game ``number`` with the actor's engine."""
        return self.player.play(number)


def actor_count(ray: Any, wanted: int | None, games: int) -> int:
    """The actors to start: ``wanted``, else one per CPU of the cluster; never more than the games."""
    if wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 1):
        raise ValueError(f"actors must be a whole number >= 1, got {quoted(wanted)}")
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, min(wanted if wanted is not None else cpus, games))


def play_games_on_ray(
    config: SelfPlayConfig, *, actors: int | None = None, address: str | None = None
) -> Generator[SelfPlayGame, None, None]:
    """Plays the run's games on the cluster at ``address`` (see :func:`fourchess.dist.connect`)
    with ``actors`` actors (default: one per cluster CPU), yielding each game as it ends. Closing
    the iterator early ends the actors; the games they were playing are dropped."""
    ray = connect(address)
    count = actor_count(ray, actors, config.games)
    cpus = ray.cluster_resources().get("CPU", 1)
    # More actors than CPUs share them: an actor asking for a whole CPU would wait forever.
    remote = ray.remote(num_cpus=min(1.0, cpus / count))(SelfPlayActor)
    pool = [remote.remote(config) for _ in range(count)]
    numbers = iter(range(1, config.games + 1))
    playing: dict[Any, Any] = {}  # a game's result reference -> the actor playing it

    def hand_out(actor: Any) -> None:
        number = next(numbers, None)
        if number is not None:
            playing[actor.play.remote(number)] = actor

    try:
        for actor in pool:
            hand_out(actor)
        while playing:
            [finished], _ = ray.wait(list(playing), num_returns=1)
            actor = playing.pop(finished)
            game: SelfPlayGame = task_result(ray, finished, "a self-play game")
            hand_out(actor)  # before the driver writes this game: the actor never waits on it
            yield game
    finally:
        for actor in pool:
            ray.kill(actor)

"""Self-play throughput, in positions per second per core: the same run played in this process
and by actors on a local Ray cluster of its own.

    python bench/selfplay_throughput.py                       # Teams, 5000 nodes a move, 8 games
    python bench/selfplay_throughput.py --mode ffa --games 16 --cpus 2

Both play the games ``fourchess selfplay`` plays with these settings (same seed, same openings,
the table kept between games) and count the positions written per second of wall time, the
Parquet writing included. Locally that is one core; on Ray it is divided by the cluster's CPUs,
and the time includes starting the actors (in workers already started, not the cluster's
start), so a short run understates it: measure with a few dozen games.
The positions need not be equal: each actor's table differs from the single player's.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from fourchess._bench import load_warning
from fourchess.engine.selfplay import DEFAULT_NODES, SelfPlayConfig, SelfPlayGame, play_games
from fourchess.engine.selfplay_file import write_games

OBJECT_STORE_BYTES = 100 * 1024 * 1024  # rows of games, not arrays


def timed_run(config: SelfPlayConfig, games: Iterator[SelfPlayGame], path: Path) -> tuple[int, float]:
    """Writes ``games`` to ``path``: the positions written and the seconds it took."""
    start = time.perf_counter()
    writer = write_games(str(path), config, games)
    return writer.positions, time.perf_counter() - start


def warm_up(ray: ModuleType, cpus: int) -> None:
    """Starts one worker process per CPU with the engine imported, as a long-running cluster has
    them: the actors then start in those workers instead of new ones."""

    def load_engine() -> int:
        import fourchess.engine.selfplay  # noqa: F401  (the import is the work)

        return os.getpid()

    remote = ray.remote(num_cpus=1)(load_engine)
    ray.get([remote.remote() for _ in range(cpus)])


def report(label: str, positions: int, seconds: float, cores: int) -> None:
    per_core = positions / seconds / cores
    print(f"{label:<24} {positions:>7,} positions in {seconds:6.1f} s: {per_core:>7,.0f} positions/s per core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["teams", "ffa"], default="teams")
    parser.add_argument("--games", type=int, default=8, help="games in each run (default 8)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help=f"nodes a move (default {DEFAULT_NODES})")
    parser.add_argument("--cpus", type=int, default=2, help="the local Ray cluster's CPUs, one actor each (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    warning = load_warning(os.getloadavg()[0], os.cpu_count() or 1)
    if warning:
        print(f"selfplay_throughput: {warning}", file=sys.stderr, flush=True)

    import ray

    from fourchess.dist.selfplay import play_games_on_ray

    config = SelfPlayConfig(games=args.games, mode=args.mode, nodes=args.nodes, seed=args.seed)
    print(f"self-play, {config.mode}, {config.nodes:,} nodes a move, {config.games} games, seed {config.seed}")
    with tempfile.TemporaryDirectory() as directory:
        report("local (1 core)", *timed_run(config, play_games(config), Path(directory) / "local.parquet"), 1)
        ray.init(
            address="local",
            num_cpus=args.cpus,
            object_store_memory=OBJECT_STORE_BYTES,
            include_dashboard=False,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
        try:
            warm_up(ray, args.cpus)
            on_ray = timed_run(config, play_games_on_ray(config), Path(directory) / "ray.parquet")
        finally:
            ray.shutdown()
        report(f"Ray ({args.cpus} actors)", *on_ray, args.cpus)


if __name__ == "__main__":
    main()

"""Match throughput in games per hour: one match played locally in worker processes
(``--concurrency``) and on a local Ray cluster of as many CPUs (``--ray``), in one run:

    python bench/match_throughput.py [--games 200] [--cpus 2] [--mode teams|ffa]

Both play the same games from the same random openings (each a few random plies from the
start, every opening from every seating), and the run checks that their records are equal. The
Ray cluster's start is timed apart from its match: a cluster is started once and serves many
matches. Take the figures on a quiet machine; a load warning is printed when it is not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from fourchess import _bench
from fourchess.engine.match import GameRecord, MatchConfig, run_match
from ladder import random_openings

OBJECT_STORE_BYTES = 100 * 1024 * 1024  # records only, no arrays: Ray's default would take a third of the memory


def per_hour(games: int, seconds: float) -> str:
    return f"{games} games in {seconds:.1f} s: {3600 * games / seconds:,.0f} games/hour"


def local_run(config: MatchConfig, cpus: int) -> tuple[list[GameRecord], float]:
    start = time.perf_counter()
    records = run_match(config, concurrency=cpus)
    return records, time.perf_counter() - start


def ray_run(config: MatchConfig, cpus: int) -> tuple[list[GameRecord], float, float]:
    """The match on a new local cluster of ``cpus`` CPUs; also the seconds the cluster took to start."""
    from fourchess.dist.cluster import ray_module
    from fourchess.dist.match import run_match_on_ray

    ray = ray_module()
    start = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=cpus,
        object_store_memory=OBJECT_STORE_BYTES,
        include_dashboard=False,
        logging_level="WARNING",
        log_to_driver=False,
    )
    started = time.perf_counter()
    try:
        records = run_match_on_ray(config)
        return records, time.perf_counter() - started, started - start
    finally:
        ray.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--games", type=int, default=200, help="games in the match (default 200: about a minute on two cores)"
    )
    parser.add_argument("--cpus", type=int, default=2, help="worker processes, and the Ray cluster's CPUs (default 2)")
    parser.add_argument("--mode", choices=["teams", "ffa"], default="teams")
    parser.add_argument("--a", default="search:depth=3", help="player A's spec (default search:depth=3)")
    parser.add_argument("--b", default="search:depth=2", help="player B's spec (default search:depth=2)")
    parser.add_argument("--max-plies", type=int, default=200, help="the ply cap of every game (default 200)")
    args = parser.parse_args()
    warning = _bench.load_warning(os.getloadavg()[0], os.cpu_count() or 1)
    if warning:
        print(f"match_throughput: {warning}", file=sys.stderr, flush=True)
    per_opening = 2 if args.mode == "teams" else 4
    openings = tuple(random_openings(args.mode, -(-args.games // per_opening), seed=2024))
    config = MatchConfig(args.a, args.b, mode=args.mode, games=args.games, openings=openings, max_plies=args.max_plies)
    print(f"match: {args.a} vs {args.b}, {args.mode}, {args.games} games, {args.max_plies}-ply cap, {args.cpus} CPUs")
    local, local_seconds = local_run(config, args.cpus)
    print(f"local, {args.cpus} worker processes: {per_hour(len(local), local_seconds)}", flush=True)
    on_ray, ray_seconds, ray_start = ray_run(config, args.cpus)
    print(
        f"ray, a local cluster of {args.cpus} CPUs (started in {ray_start:.1f} s): {per_hour(len(on_ray), ray_seconds)}"
    )
    if on_ray != local:
        print("match_throughput: the two runs' records differ", file=sys.stderr)
        return 1
    print(f"ray / local: {local_seconds / ray_seconds:.2f} (the same {len(local)} games, record for record)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The strength ladder, run with ``fourchess match``: each rung a match in both modes,
printed with its Elo interval. About ten minutes on two cores with the defaults.

    python bench/ladder.py [--scale 0.5] [--only teams|ffa] [--keep DIR]

Rungs: search vs random, search vs the 1-ply greedy player, depth N+1 vs N, 2 threads vs 1 (at a
fixed time per move: more threads only help when time is the limit). Each match starts from
openings made of a few random plies from the start (seeded), every opening played from every
seating, so a fixed-depth engine does not replay one game over and over.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from fourchess import Board

OPENING_PLIES = 4
MAX_PLIES = 400
# mode -> (label, A, B, games, concurrency); concurrency 1 where A searches with 2 threads (2 cores)
RUNGS = {
    "teams": [
        ("search vs random", "search:depth=3", "random", 40, 2),
        ("search vs greedy", "search:depth=3", "greedy", 40, 2),
        ("depth 4 vs depth 3", "search:depth=4", "search:depth=3", 40, 2),
        ("2 threads vs 1", "search:movetime=0.05,threads=2", "search:movetime=0.05,threads=1", 24, 1),
    ],
    # FFA by nodes against the weak players: a fixed depth can cost seconds in their wild positions
    "ffa": [
        ("search vs random", "search:nodes=50000", "random", 16, 2),
        ("search vs greedy", "search:nodes=50000", "greedy", 16, 2),
        ("depth 3 vs depth 2", "search:depth=3", "search:depth=2", 24, 2),
        ("2 threads vs 1", "search:movetime=0.02,threads=2", "search:movetime=0.02,threads=1", 24, 1),
    ],
}


def random_openings(mode: str, count: int, seed: int) -> list[str]:
    """``count`` distinct positions ``OPENING_PLIES`` random legal moves from the mode's start."""
    rng = random.Random(seed)
    openings: list[str] = []
    while len(openings) < count:
        board = Board(mode=mode)
        for _ in range(OPENING_PLIES):
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over() and board.fen4() not in openings:
            openings.append(board.fen4())
    return openings


def run_rung(mode: str, label: str, a: str, b: str, games: int, concurrency: int, folder: str) -> list[str]:
    per_opening = 2 if mode == "teams" else 4
    openings = os.path.join(folder, f"openings-{mode}.txt")
    with open(openings, "w", encoding="utf-8") as handle:
        handle.write(f"# {OPENING_PLIES} random plies from the {mode} start\n")
        handle.write("\n".join(random_openings(mode, -(-games // per_opening), seed=2024)) + "\n")
    pgn4 = os.path.join(folder, f"{mode}-{label.replace(' ', '-')}.pgn4")
    command = [
        sys.executable,
        "-m",
        "fourchess",
        "match",
        a,
        b,
        "--mode",
        mode,
        "--games",
        str(games),
        "--openings",
        openings,
        "--max-plies",
        str(MAX_PLIES),
        "--concurrency",
        str(concurrency),
        "--pgn4",
        pgn4,
        "--quiet",
    ]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        return [f"{mode:5} {label}: fourchess match failed ({done.returncode}): {done.stderr.strip()[:300]}"]
    lines = done.stdout.splitlines()
    results = [line for line in lines if line.startswith(("A:", "B:", "A finished", "Elo ", "forfeits"))]
    return [f"{mode:5} {label}: {a} vs {b}, {games} games, {seconds:.0f} s"] + [f"      {line}" for line in results]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every rung's games (default 1)")
    parser.add_argument("--only", choices=["teams", "ffa"], help="one mode only")
    parser.add_argument("--keep", metavar="DIR", help="keep the openings and PGN4 files in DIR")
    args = parser.parse_args()
    modes = [args.only] if args.only else ["teams", "ffa"]
    folder = args.keep or tempfile.mkdtemp(prefix="fourchess-ladder-")
    os.makedirs(folder, exist_ok=True)
    start = time.perf_counter()
    for mode in modes:
        for label, a, b, games, concurrency in RUNGS[mode]:
            count = max(2, round(games * args.scale))
            print("\n".join(run_rung(mode, label, a, b, count, concurrency, folder)), flush=True)
    print(f"ladder: {time.perf_counter() - start:.0f} s; files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The ``fourchess selfplay`` command: games of the CPU player against itself written to a Parquet
file, in this process or (``--ray``) by actors on a Ray cluster.

It sits above both :mod:`fourchess.engine` (which never imports Ray) and :mod:`fourchess.dist`,
and imports neither pyarrow nor Ray until a run needs them.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import time
from collections.abc import Generator

from fourchess._progress import Progress
from fourchess._quote import quoted
from fourchess.engine.commands import milliseconds_argument
from fourchess.engine.selfplay import (
    DEFAULT_HASH_MB,
    DEFAULT_MAX_PLIES,
    DEFAULT_NODES,
    DEFAULT_OPENING_PLIES,
    SelfPlayConfig,
    SelfPlayError,
    SelfPlayGame,
)

DEFAULT_GAMES = 10


def add_selfplay_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``fourchess selfplay`` subcommand and its options."""
    low, high = DEFAULT_OPENING_PLIES
    selfplay = commands.add_parser(
        "selfplay",
        help="play the CPU player against itself and write every position to a Parquet file",
        description="Plays games of the built-in search against itself from random openings and writes one row "
        "per position (the FEN4, the move, the search's score, the game's result) to a Parquet file, each game "
        "as soon as it ends. Needs pyarrow (pip install 'fourchess[selfplay]'); --ray needs fourchess[ray].",
    )
    selfplay.add_argument("--output", required=True, metavar="FILE.parquet", help="the Parquet file to write")
    selfplay.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games to play (default {DEFAULT_GAMES})")
    selfplay.add_argument("--mode", choices=["teams", "ffa"], default="teams", type=str.lower)
    selfplay.add_argument("--depth", type=int, default=None, help="search depth per move")
    selfplay.add_argument(
        "--nodes",
        type=int,
        default=None,
        help=f"search nodes per move (default {DEFAULT_NODES} when no limit is given)",
    )
    selfplay.add_argument(
        "--movetime", type=milliseconds_argument, default=None, metavar="MS", help="milliseconds per move"
    )
    selfplay.add_argument(
        "--max-plies",
        type=int,
        default=DEFAULT_MAX_PLIES,
        help=f"the move limit that ends a game (Teams a draw, FFA by points; default {DEFAULT_MAX_PLIES})",
    )
    selfplay.add_argument(
        "--opening-plies",
        type=_ply_range,
        default=DEFAULT_OPENING_PLIES,
        metavar="LOW-HIGH",
        help=f"random plies that open each game, a number or a range (default {low}-{high})",
    )
    selfplay.add_argument("--seed", type=int, default=0, help="the run's seed: game N's opening comes from it and N")
    selfplay.add_argument(
        "--hash",
        type=int,
        default=DEFAULT_HASH_MB,
        metavar="MB",
        help=f"each engine's table (default {DEFAULT_HASH_MB})",
    )
    selfplay.add_argument(
        "--clear-hash",
        action="store_true",
        help="empty the table before each game: with --depth or --nodes the same file however the games are shared",
    )
    selfplay.add_argument("--ray", action="store_true", help="play on a Ray cluster, one actor per CPU")
    selfplay.add_argument("--address", default=None, help="--ray: the cluster's HOST:PORT or 'auto' (else RAY_ADDRESS)")
    selfplay.add_argument(
        "--actors", type=int, default=None, help="--ray: actors to start (default: the cluster's CPUs)"
    )
    selfplay.add_argument("--quiet", action="store_true", help="no progress line")
    selfplay.set_defaults(run=run_selfplay_command)


def _ply_range(text: str) -> tuple[int, int]:
    found = re.fullmatch(r"\s*([0-9]{1,4})\s*(?:-\s*([0-9]{1,4})\s*)?", text)
    if found is None:
        raise argparse.ArgumentTypeError(f"expected a number of plies or a range LOW-HIGH (4-8), got {quoted(text)}")
    low = int(found[1])
    return low, int(found[2]) if found[2] is not None else low


def run_selfplay_command(args: argparse.Namespace) -> int:
    """Runs ``fourchess selfplay``; the exit status (2 when an extra is missing)."""
    from fourchess.dist.cluster import RayMissing, ray_module
    from fourchess.engine.selfplay_file import PyarrowMissing, pyarrow_modules

    if not args.ray and (args.address is not None or args.actors is not None):
        raise ValueError("--address and --actors are for --ray")
    config = SelfPlayConfig(
        games=args.games,
        mode=args.mode,
        depth=args.depth,
        nodes=args.nodes,
        movetime=args.movetime,
        max_plies=args.max_plies,
        opening_plies=args.opening_plies,
        seed=args.seed,
        hash_mb=args.hash,
        clear_hash=args.clear_hash,
    )
    try:
        if args.ray:
            ray_module()  # its extra brings pyarrow too: name that one first
        pyarrow_modules()
    except (RayMissing, PyarrowMissing) as error:
        print(f"fourchess: error: {error}", file=sys.stderr)
        return 2
    return _write(args, config)


def _write(args: argparse.Namespace, config: SelfPlayConfig) -> int:
    from fourchess.engine.selfplay_file import SelfPlayWriter

    start = time.perf_counter()
    try:
        writer = SelfPlayWriter(args.output, config)
    except OSError as error:  # no such directory, no permission
        raise SelfPlayError(f"cannot write the output file {quoted(args.output)}: {error}") from None
    games = _games(args, config)
    progress = Progress(config.games, "game", enabled=not args.quiet)
    written = [0, 0]  # games, positions

    def on_game(game: SelfPlayGame, writer: SelfPlayWriter) -> None:
        written[:] = [writer.games, writer.positions]
        rate = writer.positions / max(time.perf_counter() - start, 1e-9)
        line = (
            f"[{writer.games}/{config.games}] {writer.positions:,} positions, {rate:,.0f} positions/s"
            f"  game {game.number}: {game.termination.replace('_', ' ')}, {game.positions} plies"
        )
        if progress.shown:
            progress.advance(line)
        elif not args.quiet:
            print(line, file=sys.stderr, flush=True)

    try:
        with writer, contextlib.closing(games):
            writer.write_all(games, on_game)
    except KeyboardInterrupt:  # Ctrl-C or a stop signal: the file is closed with the games done
        print(
            f"fourchess: selfplay stopped; {written[0]} games ({written[1]} positions) kept in {args.output}",
            file=sys.stderr,
        )
        raise
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    print(
        f"{written[0]} games, {written[1]:,} positions in {seconds:.1f} s "
        f"({written[1] / max(seconds, 1e-9):,.0f} positions/s) written to {args.output}"
    )
    return 0


def _games(args: argparse.Namespace, config: SelfPlayConfig) -> Generator[SelfPlayGame, None, None]:
    if args.ray:
        from fourchess.dist.selfplay import play_games_on_ray

        return play_games_on_ray(config, actors=args.actors, address=args.address)
    from fourchess.engine.selfplay import play_games

    return play_games(config)

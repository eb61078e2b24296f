"""The command-line side of CPU players: ``fourchess play --players`` and ``fourchess match``."""

from __future__ import annotations

import argparse
import sys

from fourchess._progress import Progress
from fourchess._quote import quoted
from fourchess.engine import specs
from fourchess.players import Player

SPEC_HELP = """player specs (movetime in seconds; --movetime is in milliseconds):
  random[:seed=N]      greedy[:seed=N]      (greedy: the best immediate capture/points, 1 ply)
  search[:depth=N,nodes=N,movetime=S,threads=N,hash=MB,ffa=brs+|paranoid]
  martian-search[:depth=N,nodes=N,movetime=S,hash=MB]
                       (Martian Chess's CPU player; with --game martian, search means this)
  uci:COMMAND  or  uci:depth=N,nodes=N,movetime=S,threads=N,hash=MB,cmd=COMMAND
                       (an external 4PC UCI engine; cmd= comes last and takes the rest)
--movetime is the time per move of every search/uci spec that names no depth, nodes or movetime."""


def add_play_options(play: argparse.ArgumentParser) -> None:
    """The ``fourchess play`` options for CPU players: ``--players`` and ``--movetime``."""
    play.add_argument(
        "--players",
        nargs="+",
        default=["random"],
        metavar="SPEC",
        help="one spec for every seat, or four in seat order R B Y G, given as separate "
        "words or joined by commas (search,random,search,search); default random. "
        "Martian Chess: a player count first (2 or 4) and/or one spec per seat",
    )
    play.add_argument(
        "--movetime",
        type=milliseconds_argument,
        default=None,
        metavar="MS",
        help="milliseconds per move for search/uci players that name no limit",
    )
    play.epilog = SPEC_HELP
    play.formatter_class = argparse.RawDescriptionHelpFormatter


def play_players(
    words: list[str], movetime: float | None, seed: int | None, game: str = "chess", seats: int = 4
) -> list[Player]:
    """The seats' players: random/greedy one per seat (seeded ``seed * 4 + seat``), one shared
    search/uci player per distinct spec (one engine, one table, one process)."""
    texts = [text for word in words for text in specs.split_specs(word)]
    if len(texts) == 1:
        texts *= seats
    if len(texts) != seats:
        order = "R B Y G" if game == "chess" else "seat 0 first"
        each = "four" if seats == 4 else "two"
        raise ValueError(f"--players needs one spec or {each} ({order}), got {len(texts)}: {', '.join(texts)[:200]}")
    parsed = [specs.parse_spec(text).for_game(game) for text in texts]
    shared: dict[specs.PlayerSpec, Player] = {}
    players: list[Player] = []
    for seat, spec in enumerate(parsed):
        if spec.kind in ("random", "greedy"):
            players.append(spec.build(seed=None if seed is None else seed * 4 + seat, game=game))
        else:
            if spec not in shared:
                shared[spec] = spec.build(movetime=movetime, game=game)
            players.append(shared[spec])
    return players


def martian_seat_count(words: list[str]) -> tuple[int | None, list[str]]:
    """``fourchess play --game martian --players``: the player count written first (2 or 4; None
    when it is not: four specs then mean four players, see :func:`martian_seats`) and the specs."""
    if words and words[0].strip().isdigit():
        if words[0].strip() not in ("2", "4"):
            raise ValueError(f"Martian Chess has 2 or 4 players, got {quoted(words[0])}")
        return int(words[0]), words[1:] or ["random"]
    return None, words


def martian_seats(words: list[str]) -> int:
    """The player count the specs imply: four specs, four players; otherwise two."""
    return 4 if len([text for word in words for text in specs.split_specs(word)]) == 4 else 2


def add_match_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``fourchess match`` subcommand and its options."""
    from fourchess.engine.match import DEFAULT_MAX_PLIES

    match = commands.add_parser(
        "match",
        help="play many games between two players and estimate their Elo difference",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Plays games between player A and player B from FEN4 openings, adjudicating every move, "
        "and prints the result with an Elo difference and its 95% interval.",
        epilog=SPEC_HELP
        + """

seating: Teams: A plays Red+Yellow, then Blue+Green, on each opening. FFA: A holds one seat and B
the other three, A taking Red, Blue, Yellow, Green in turn on each opening.
adjudication: an illegal move, a player's error (an engine crash or time-out) or a move over
2 * movetime + 1 s forfeits the game (the seat resigns or times out on the board); --max-plies
ends a game (Teams: a draw; FFA: ranked by points).
score: Teams 1/0.5/0 per game; FFA the share of the three B seats A finished ahead of (by points;
a forfeiting player ranks last). Elo = -400*log10(1/score - 1); its 95% interval comes from the
per-game score variance (score +- 1.96*sqrt(var/n)); a 0% or 100% score gives a one-sided bound.
cluster: with --ray each game is a Ray task (fourchess installed on every node); twice the
cluster's CPUs are in flight, the records come back as games finish, and a decided SPRT cancels
the games still under way.""",
    )
    match.add_argument("player_a", metavar="A", help="player A's spec")
    match.add_argument("player_b", metavar="B", help="player B's spec")
    match.add_argument(
        "--mode",
        choices=["teams", "ffa"],
        default=None,
        type=str.lower,
        help="chess: teams (default) or ffa; four-player Martian Chess: ffa (default) or teams (the teams option)",
    )
    match.add_argument(
        "--game", choices=["chess", "martian"], default="chess", help="four-player chess or Martian Chess"
    )
    match.add_argument("--players", type=int, choices=[2, 4], default=None, help="Martian Chess: 2 (default) or 4")
    match.add_argument(
        "--games", type=int, default=None, help="games to play (default: each opening once per seating: 2 Teams, 4 FFA)"
    )
    match.add_argument(
        "--openings",
        metavar="FILE",
        help="FEN4 (Martian: position text) openings, one a line, '#' comments (default: the start position)",
    )
    match.add_argument(
        "--movetime",
        type=milliseconds_argument,
        default=None,
        metavar="MS",
        help="milliseconds per move for search/uci players that name no limit",
    )
    match.add_argument(
        "--max-plies",
        type=int,
        default=DEFAULT_MAX_PLIES,
        help=f"end each game after this many moves from its opening (default {DEFAULT_MAX_PLIES})",
    )
    match.add_argument(
        "--concurrency",
        type=int,
        default=None,
        help="games played at once, in worker processes (default 1; not with --ray, where the cluster's CPUs decide)",
    )
    match.add_argument(
        "--ray",
        action="store_true",
        help="play the games as tasks on a Ray cluster (needs the ray extra: pip install 'fourchess[ray]')",
    )
    match.add_argument(
        "--address",
        metavar="ADDR",
        help="with --ray: the cluster's head, HOST:PORT or auto (default: RAY_ADDRESS, then the cluster "
        "last started on this machine, then a new local one)",
    )
    match.add_argument(
        "--pgn4",
        metavar="FILE",
        help="write every game as PGN4 (Martian Chess: its game record, games apart by a blank line), in game order",
    )
    match.add_argument("--seed", type=int, default=0, help="seed for the random/greedy players and walking kings")
    match.add_argument(
        "--sprt",
        metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
        type=_sprt,
        help="stop as soon as a sequential probability ratio test decides whether A is "
        "stronger than B by E1 (H1) or only by E0 (H0): logistic Elo, alpha and beta "
        "0.05 unless given, one sample per opening; --games is then the cap "
        "(default 20000, cycling the openings)",
    )
    match.add_argument("--quiet", action="store_true", help="no progress line")
    match.set_defaults(run=run_match_command)


def run_match_command(args: argparse.Namespace) -> int:
    """Runs ``fourchess match`` and prints its summary; the exit status (2 when a player cannot
    be built)."""
    from fourchess.engine.match import GameRecord, MatchConfig, MatchError, read_openings, run_match
    from fourchess.engine.match_summary import MatchSummary, describe

    if args.ray and args.concurrency is not None:
        raise ValueError("--concurrency is for local games: with --ray the cluster's CPUs decide how many run at once")
    if args.address is not None and not args.ray:
        raise ValueError("--address names a Ray cluster: it needs --ray")
    openings: tuple[str | None, ...] = (None,)
    if args.openings:
        openings = read_openings(args.openings, args.mode, args.game, args.players)
    config = MatchConfig(
        args.player_a,
        args.player_b,
        mode=args.mode,
        games=args.games,
        openings=openings,
        max_plies=args.max_plies,
        movetime=args.movetime,
        seed=args.seed,
        sprt=args.sprt,
        game=args.game,
        players=args.players,
    )
    if args.ray and not _joined_cluster(args.address):
        return 2
    total, done = config.total_games, []
    output = open(args.pgn4, "w", encoding="utf-8") if args.pgn4 else None
    progress = Progress(total, "game", enabled=not args.quiet)
    unwritten: dict[int, str] = {}

    def on_game(record: GameRecord) -> None:
        done.append(record)
        if output is not None:  # in game order, each as soon as the games before it are written
            unwritten[record.number] = record.text
            number = len(done) - len(unwritten) + 1  # games 1..number-1 are written
            while number in unwritten:
                output.write(unwritten.pop(number) + "\n")
                number += 1
            output.flush()
        if not args.quiet:
            line = f"{MatchSummary(config, done).progress_line(total)}  {describe(record, config.game)}"
            if progress.shown:  # a terminal: the bar carries the line
                progress.advance(line)
            else:
                print(line, file=sys.stderr, flush=True)

    try:
        if args.ray:
            from fourchess.dist.match import run_match_on_ray

            records = run_match_on_ray(config, address=args.address, on_game=on_game)
        else:
            records = run_match(config, concurrency=args.concurrency or 1, on_game=on_game)
    except MatchError as error:
        print(f"fourchess: error: {error}", file=sys.stderr)
        return 2
    finally:
        progress.close()
        if output is not None:
            output.close()
    print("\n".join(MatchSummary(config, records).report()))
    if args.pgn4:
        print(f"{len(records)} games written to {args.pgn4}")
    return 0


def _joined_cluster(address: str | None) -> bool:
    """Joins the Ray cluster for ``--ray`` before any output is opened; False (said on stderr)
    when Ray is not installed or the cluster cannot be joined."""
    from fourchess.dist.cluster import RayMissing, connect
    from fourchess.engine.stop_signals import handlers_kept
    from fourchess.pgn4.errors import shortened

    try:
        with handlers_kept():  # Ray's SIGTERM handler exits at once: a stop must cancel the games
            connect(address)
    except RayMissing as error:
        print(f"fourchess: error: {error}", file=sys.stderr)
        return False
    except ConnectionError as error:  # no head there, or one that wants a token (RAY_AUTH_MODE=token)
        causes = str(error.__cause__ or "").strip().splitlines()  # Ray's cause is a whole traceback
        last = f" ({shortened(causes[-1], 400)})" if causes else ""
        print(f"fourchess: error: {error}{last}", file=sys.stderr)
        return False
    return True


def _sprt(text: str) -> object:
    from fourchess.engine.sprt import SprtError, parse_sprt

    try:
        return parse_sprt(text)
    except SprtError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def milliseconds_argument(text: str) -> float:
    """An argparse type: milliseconds on the command line, seconds in the program."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected milliseconds, got {quoted(text)}") from None
    if not 0 < value <= 86_400_000:
        raise argparse.ArgumentTypeError(f"expected milliseconds above 0, got {quoted(text)}")
    return value / 1000

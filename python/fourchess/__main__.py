"""The fourchess command line: ``fourchess perft DEPTH``, ``fourchess play``, ``fourchess bench``,
``fourchess uci``, ``fourchess serve`` (also ``python -m fourchess``)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from fourchess._core import Seat
from fourchess._progress import Progress
from fourchess.board import Board
from fourchess.dist.cluster import ClusterTaskFailed, RayMissing
from fourchess.engine.commands import (
    add_match_command,
    add_play_options,
    martian_seat_count,
    martian_seats,
    play_players,
)
from fourchess.engine.specs import close_players
from fourchess.engine.stop_signals import Stopped, signals_unwind
from fourchess.play import play_game
from fourchess.rules import Rules
from fourchess.selfplay_command import add_selfplay_command
from fourchess.server.cli import add_serve_command


def _perft(args: argparse.Namespace) -> int:
    if args.game == "martian":
        return _martian_perft(args)
    if args.players not in (None, 4):
        raise ValueError("four-player chess has four players: --players 2 is for --game martian")
    board = Board(args.fen4, mode=args.mode, setup=args.setup)
    return _count(args, board)


def _martian_perft(args: argparse.Namespace) -> int:
    from fourchess import martian

    if args.fen4 is not None or args.mode != "teams" or args.setup != "modern":
        raise ValueError("--fen4, --mode and --setup are four-player chess's; Martian Chess takes --mfen and --players")
    board = martian.Board(args.mfen, players=args.players)
    return _count(args, board)


def _count(args: argparse.Namespace, board: Any) -> int:
    """Prints perft's count of a chess or Martian board (with --divide, the count under each root
    move first, each as it is counted, with its rate), time and rate. On a terminal a bar shows
    the root moves done while a long count runs."""
    if args.address is not None and not args.ray:
        raise ValueError("--address is the Ray cluster's: use it with --ray")
    if args.ray or args.checkpoint is not None or args.split is not None:
        return _split_count(args, board)
    start = time.perf_counter()
    with Progress(len(list(board.legal_moves)), "move") as progress:
        if args.divide or (progress.shown and args.depth >= 2):
            nodes = 0
            counted = start
            for move, count in board.divide_each(args.depth, threads=args.threads):
                now = time.perf_counter()
                if args.divide:
                    progress.print(f"{move} {count}  ({_rate(count, now - counted)} nodes/s)")
                counted = now
                nodes += count
                progress.advance(f"{nodes:,} nodes")
        else:
            nodes = board.perft(args.depth, threads=args.threads)
    seconds = time.perf_counter() - start
    print(f"nodes {nodes}")
    print(f"time {seconds:.3f} s")
    print(f"nodes/s {_rate(nodes, seconds)}")
    return 0


def _split_count(args: argparse.Namespace, board: Any) -> int:
    """:func:`_count` with the tree cut into subtrees (fourchess.perft_split), counted on a Ray
    cluster (--ray) or by --threads threads here, and kept in --checkpoint as they are counted.
    The same lines as _count; --divide's rate is the nodes counted under each root move in this
    run over the seconds their subtrees took their workers. The bar counts subtrees."""
    from fourchess.perft_checkpoint import Checkpoint
    from fourchess.perft_split import Counted, SplitPerft, thread_executor

    count = SplitPerft(board, args.depth, args.split)
    if args.ray:
        from fourchess.dist.perft import ray_executor

        execute = ray_executor(args.address, args.threads)
    else:
        execute = thread_executor(args.threads)
    saved = Checkpoint(args.checkpoint, count) if args.checkpoint is not None else None
    known = saved.known if saved is not None else {}
    if known:
        print(
            f"fourchess: resuming from {args.checkpoint}: {len(known)} of {len(count.subtrees)} subtrees counted "
            f"({sum(known.values()):,} nodes)",
            file=sys.stderr,
            flush=True,
        )
    counted_under: dict[str, tuple[float, int]] = {}  # by root move: worker seconds and nodes of this run
    start = time.perf_counter()
    counted_now = 0

    with Progress(len(count.subtrees), "subtree", done=len(known)) as progress:

        def on_counted(counted: Counted) -> None:
            nonlocal counted_now
            if saved is not None:
                saved.save(counted)
            if counted.subtree.path:
                root = counted.subtree.path[0]
                seconds, nodes = counted_under.get(root, (0.0, 0))
                counted_under[root] = (seconds + counted.seconds, nodes + counted.nodes)
            counted_now += counted.nodes
            done = sum(known.values()) + counted_now
            progress.advance(f"{done:,} nodes, {_rate(counted_now, time.perf_counter() - start)} nodes/s")

        try:
            for move, nodes in count.run(execute, known, on_counted):
                if args.divide:
                    spent, fresh = counted_under.get(move, (0.0, 0))
                    rate = f"{_rate(fresh, spent)} nodes/s" if fresh else "from the checkpoint"
                    progress.print(f"{move} {nodes}  ({rate})")
        except KeyboardInterrupt:
            if saved is None:
                raise
            progress.close()
            print(
                f"fourchess: interrupted; {len(count.counts)} of {len(count.subtrees)} subtrees are kept in "
                f"{args.checkpoint}, and the same command resumes from there",
                file=sys.stderr,
            )
            return 130
        finally:
            if saved is not None:
                saved.close()
    seconds = time.perf_counter() - start
    nodes = sum(count.counts.values())
    print(f"nodes {nodes}")
    print(f"time {seconds:.3f} s")
    print(f"nodes/s {_rate(counted_now, seconds)}")
    return 0


def _rate(nodes: int, seconds: float) -> str:
    return f"{nodes / seconds:,.0f}" if seconds > 0 else "inf"


def _bench(args: argparse.Namespace) -> int:
    from fourchess import _bench

    warning = _bench.load_warning(os.getloadavg()[0], os.cpu_count() or 1)
    if warning:
        print(f"fourchess: {warning}", file=sys.stderr, flush=True)
    _bench.print_rows(_bench.rows(args.depth))
    return 0


def _play(args: argparse.Namespace) -> int:
    if args.game == "martian":
        return _martian_play(args)
    if args.teams or args.mfen is not None or args.record is not None:
        raise ValueError("--teams, --mfen and --record are Martian Chess's (--game martian)")
    rules = Rules(mode=args.mode, setup=args.setup, dead_king_walking=not args.house, move_limit=args.move_limit)
    board = Board(rules=rules)
    players = play_players(args.players, args.movetime, args.seed)
    show = _round_printer(args.quiet, lambda current: f"{current.turn.title} to move, points {current.points}")

    try:
        walking_kings = random.Random(None if args.seed is None else args.seed * 4 + 4)
        outcome = play_game(board, players, on_round=show, rng=walking_kings)
    finally:
        close_players(players)
    winners = [seat.title for seat in Seat if outcome.winner is not None and seat in outcome.winner]
    together = board.mode == "teams"  # partners win together; FFA seats tied on points share first
    print(f"{outcome.termination.name.lower().replace('_', ' ')}: {_who_won(winners, together)}; {board.result()}")
    if args.pgn4:
        from fourchess import pgn4

        with open(args.pgn4, "w", encoding="utf-8") as handle:
            handle.write(pgn4.write_game(pgn4.game_from_board(board)))
        print(f"written to {args.pgn4}")
    return 0


def _martian_play(args: argparse.Namespace) -> int:
    from fourchess import martian
    from fourchess.martian.play import play_game as play_martian_game

    if args.mode != "teams" or args.setup != "modern" or args.house or args.pgn4 is not None:
        raise ValueError("--mode, --setup, --house and --pgn4 are four-player chess's; Martian Chess takes --teams")
    count, words = martian_seat_count(args.players)
    if count is None and args.mfen is None:
        count = martian_seats(words)
    rules = martian.MartianRules(move_limit=args.move_limit, teams=args.teams)
    board = martian.Board(args.mfen, players=count, rules=rules)  # refuses a count the text disagrees with
    players = play_players(words, args.movetime, args.seed, game="martian", seats=board.players)
    show = _round_printer(args.quiet, lambda current: f"seat {current.turn} to move, scores {list(current.scores)}")

    outcome = play_martian_game(board, players, on_round=show)
    places = ", ".join(f"seat {seat} {place}" for seat, place in enumerate(outcome.places))
    who = _who_won([f"seat {seat}" for seat in outcome.winners], rules.teams and len(outcome.winners) == 2)
    print(f"{outcome.termination.value.replace('_', ' ')}: {who}; scores {list(outcome.scores)}; places {places}")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            handle.write(martian.write_record(board))
        print(f"written to {args.record}")
    return 0


def _round_printer(quiet: bool, standing: Callable[[Any], str]) -> Callable[[Any], None]:
    """The on_round callback of a played game (either game): the last round's moves, then the
    round's number, its `standing` and the board; nothing when quiet."""
    rounds = shown = 0

    def show(current: Any) -> None:
        nonlocal rounds, shown
        rounds += 1
        moves, shown = current.move_stack[shown:], len(current.move_stack)
        if not quiet:
            if moves:
                print(f"moves: {' '.join(str(move) for move in moves)}")
            print(f"-- round {rounds}: {standing(current)}")
            print(current)

    return show


def _who_won(winners: list[str], together: bool) -> str:
    """ "Red and Yellow win", "seat 2 wins", "Red and Blue share first place", or "a draw"."""
    if not winners:
        return "a draw"
    names = " and ".join(winners) if len(winners) <= 2 else ", ".join(winners[:-1]) + " and " + winners[-1]
    if len(winners) == 1:
        return f"{names} wins"
    return f"{names} win" if together else f"{names} share first place"


def _uci(args: argparse.Namespace) -> int:
    from fourchess.engine.uci import main as uci_main

    return uci_main()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fourchess", description="Four-player chess tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    perft = commands.add_parser("perft", help="count the leaf nodes of the legal move tree")
    perft.add_argument("depth", type=int, help="plies to search (0-12)")
    perft.add_argument("--fen4", help="start from this FEN4 instead of the start position")
    perft.add_argument("--mode", choices=["teams", "ffa"], default="teams", type=str.lower)
    perft.add_argument("--setup", choices=["modern", "classic"], default="modern")
    perft.add_argument("--divide", action="store_true", help="print the count under each root move")
    perft.add_argument("--threads", type=int, default=1, help="worker threads splitting the root moves")
    perft.add_argument(
        "--game", choices=["chess", "martian"], default="chess", help="four-player chess or Martian Chess"
    )
    perft.add_argument("--players", type=int, choices=[2, 4], default=None, help="Martian Chess: 2 (default) or 4")
    perft.add_argument("--mfen", help="Martian Chess: start from this position text")
    perft.add_argument(
        "--ray",
        action="store_true",
        help="count on a Ray cluster (pip install 'fourchess[ray]'): subtrees as tasks; --threads is then each task's",
    )
    perft.add_argument(
        "--address",
        help="with --ray: the cluster's head (HOST:PORT, or auto); default: $RAY_ADDRESS, then Ray's choice",
    )
    perft.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="keep each counted subtree in FILE; the same command resumes from it after an interruption",
    )
    perft.add_argument(
        "--split",
        type=int,
        default=None,
        help="plies below the root where the tree is cut into subtrees "
        "(default: 1 to depth 3, 2 to depth 8, then depth - 6)",
    )
    perft.set_defaults(run=_perft)

    bench = commands.add_parser("bench", help="print the headline speed figures on this machine")
    bench.add_argument("--depth", type=int, default=6, help="perft depth for the nodes/s figures (default 6)")
    bench.set_defaults(run=_bench)

    play = commands.add_parser("play", help="play a whole game between CPU seats (random by default)")
    play.add_argument("--mode", choices=["teams", "ffa"], default="teams", type=str.lower)
    play.add_argument("--setup", choices=["modern", "classic"], default="modern")
    play.add_argument("--house", action="store_true", help="house rules: no walking kings")
    play.add_argument("--move-limit", type=int, default=None, help="end the game after this many moves")
    play.add_argument("--seed", type=int, default=None, help="seed for the players' choices")
    play.add_argument("--pgn4", metavar="FILE", help="write the game as PGN4")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument(
        "--game", choices=["chess", "martian"], default="chess", help="four-player chess or Martian Chess"
    )
    play.add_argument("--teams", action="store_true", help="Martian Chess, four players: the teams option")
    play.add_argument("--mfen", help="Martian Chess: start from this position text")
    play.add_argument("--record", metavar="FILE", help="Martian Chess: write the game record")
    add_play_options(play)
    play.set_defaults(run=_play)

    uci = commands.add_parser("uci", help="the search engine over stdin/stdout in the 4PC UCI dialect (docs/uci.md)")
    uci.set_defaults(run=_uci)

    add_match_command(commands)
    add_selfplay_command(commands)
    add_serve_command(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in ("match", "play", "selfplay"):  # close engine processes and files on the way out
            with signals_unwind():
                status: int = args.run(args)
                return status
        status = args.run(args)
        return status
    except (ValueError, RayMissing, ClusterTaskFailed) as error:  # bad input, no extra, a broken cluster: say what
        print(f"fourchess: error: {error}", file=sys.stderr)
        return 2
    except Stopped as stop:
        print(f"fourchess: stopped by signal {stop.signum}", file=sys.stderr)
        return 128 + stop.signum
    except BrokenPipeError:  # the reader left (`fourchess perft 6 --divide | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush cannot fail again
        return 141  # 128 + SIGPIPE, as a shell reports a command the pipe stopped


if __name__ == "__main__":
    sys.exit(main())

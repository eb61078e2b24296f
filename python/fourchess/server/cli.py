"""``fourchess serve``: the command that starts the site (needs the ``server`` extra)."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import secrets
import sys
from pathlib import Path
from typing import Any

CPU_WORKERS = 2  # threads searching for CPU seats; the machine this was built on has two cores


def add_serve_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``serve`` to the fourchess command line."""
    serve = commands.add_parser("serve", help="run the game server and web board (pip install 'fourchess[server]')")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db", default=None, help="sqlite:///path or postgresql://...; default: an SQLite file in --data-dir"
    )
    serve.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where the default SQLite file lives (default $FOURCHESS_DATA or ~/.local/share/fourchess)",
    )
    serve.add_argument(
        "--cpu-workers", type=int, default=CPU_WORKERS, help=f"threads searching for CPU seats (default {CPU_WORKERS})"
    )
    serve.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        type=_limit,
        metavar="NAME=VALUE",
        help="set one of the server's limits (docs/server.md, Limits); repeatable",
    )
    serve.add_argument(
        "--check-games",
        action="store_true",
        help="replay every stored game, list those that do not replay, and exit (1 when any)",
    )
    serve.set_defaults(run=_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1..65535, got {text[:40]!r}")
    return int(text)


def _limit(text: str) -> tuple[str, float]:
    from fourchess.server.limits import Limits

    name, _, value = text.partition("=")
    known = {field.name: field.type for field in dataclasses.fields(Limits)}
    if name not in known:
        raise argparse.ArgumentTypeError(f"unknown limit {name[:40]!r}; the limits are {', '.join(known)}")
    try:
        number = int(value) if known[name] == "int" else float(value)
        Limits(**{name: number})  # type: ignore[arg-type]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{name} must be a positive {'integer' if known[name] == 'int' else 'number'}, got {value[:40]!r}"
        ) from None
    return name, number


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from fourchess.server.app import create_app, server_options
        from fourchess.server.cpu import CpuPlayers
        from fourchess.server.hub import Hub
        from fourchess.server.limits import Limits
        from fourchess.server.log_limit import limit_repeats
        from fourchess.server.store import open_store
    except ImportError as error:
        print(f"fourchess serve needs the server extra (pip install 'fourchess[server]'): {error}", file=sys.stderr)
        return 2
    if not 1 <= args.cpu_workers <= 64:
        raise ValueError(f"--cpu-workers must be 1..64, got {args.cpu_workers}")
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    origin = secrets.token_hex(8)
    store = open_store(args.db, origin=origin, data_dir=args.data_dir)
    if args.check_games:
        return asyncio.run(_check_games(store))
    problem = asyncio.run(_writable(store))
    if problem is not None:
        print(f"fourchess serve: {problem}", file=sys.stderr)
        return 1
    limits = _within_file_limit(Limits(**dict(args.limit)))
    hub = Hub(store, cpu=CpuPlayers(args.cpu_workers), origin=origin, limits=limits)
    config = uvicorn.Config(
        create_app(hub), host=args.host, port=args.port, log_level=args.log_level, **server_options(limits)
    )
    limit_repeats()  # on the handlers uvicorn's Config has just set up, and the root's
    print(f"fourchess serve: http://{args.host}:{args.port}/ ({store.kind})", flush=True)
    uvicorn.Server(config).run()
    return 0


FILES_KEPT_BACK = 64  # descriptors for the database, the log and the process's own files


def _within_file_limit(limits: Any) -> Any:
    """The limits with max_connections below what the process may open. The soft limit on open
    files is raised to the hard one first; past it, accept() fails and asyncio logs every try.
    A connection refused at the door holds its descriptor until it is closed, and asyncio accepts
    up to a backlog's worth at once, so that many are kept back too."""
    import resource

    from fourchess.server.app import ACCEPT_BATCH

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    kept_back = FILES_KEPT_BACK + ACCEPT_BATCH
    if soft == resource.RLIM_INFINITY or limits.max_connections <= soft - kept_back:
        return limits
    room = max(1, soft - kept_back)
    logging.getLogger("fourchess.server").warning(
        "max_connections lowered from %d to %d: the process may open %d files", limits.max_connections, room, soft
    )
    return dataclasses.replace(
        limits, max_connections=room, max_connections_per_client=min(limits.max_connections_per_client, room)
    )


async def _writable(store: Any) -> str | None:
    """Why the store cannot take games (it cannot be opened or written), or None."""
    try:
        await store.open()
    except Exception as error:
        return f"cannot open {store!r}: {error}"
    try:
        await store.ping()
    except Exception as error:
        return f"{store!r} cannot be written: {error}"
    finally:
        await store.close()
    return None


async def _check_games(store: Any) -> int:
    from fourchess.server.games_check import broken_games

    await store.open()
    try:
        broken = await broken_games(store)
    finally:
        await store.close()
    for game in broken:
        print(f"{game.id}\t{game.steps} steps\t{game.reason}")
    print(f"{len(broken)} game(s) do not replay" if broken else "every stored game replays", file=sys.stderr)
    return 1 if broken else 0

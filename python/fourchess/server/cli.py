"""``fourchess serve``: the command that starts the site (needs the ``server`` extra)."""

from __future__ import annotations

import argparse
import logging
import secrets
import sys
from pathlib import Path

CPU_WORKERS = 2  # threads searching for CPU seats; the machine this was built on has two cores


def add_serve_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``serve`` to the fourchess command line."""
    serve = commands.add_parser("serve", help="run the game server and web board (pip install 'fourchess[server]')")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    serve.add_argument("--db", default=None, help="sqlite:///path or postgresql://...; default: an SQLite file in --data-dir")
    serve.add_argument("--data-dir", type=Path, default=None, help="where the default SQLite file lives (default $FOURCHESS_DATA or ~/.local/share/fourchess)")
    serve.add_argument("--cpu-workers", type=int, default=CPU_WORKERS, help=f"threads searching for CPU seats (default {CPU_WORKERS})")
    serve.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    serve.set_defaults(run=_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1..65535, got {text[:40]!r}")
    return int(text)


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from fourchess.server.app import create_app, server_options
        from fourchess.server.cpu import CpuPlayers
        from fourchess.server.hub import Hub
        from fourchess.server.store import open_store
    except ImportError as error:
        print(f"fourchess serve needs the server extra (pip install 'fourchess[server]'): {error}", file=sys.stderr)
        return 2
    if not 1 <= args.cpu_workers <= 64:
        raise ValueError(f"--cpu-workers must be 1..64, got {args.cpu_workers}")
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    origin = secrets.token_hex(8)
    store = open_store(args.db, origin=origin, data_dir=args.data_dir)
    hub = Hub(store, cpu=CpuPlayers(args.cpu_workers), origin=origin)
    print(f"fourchess serve: http://{args.host}:{args.port}/ ({store.kind})", flush=True)
    uvicorn.run(create_app(hub), host=args.host, port=args.port, log_level=args.log_level, **server_options())
    return 0

"""Load on `fourchess serve`: many games at once over loopback, three human seats each
played by this process over WebSockets (random legal moves, sent with the ply) and a CPU seat the
server plays (cpu_movetime 1 ms); a lane starts a new game when its game ends. When the time is up
the client stops sending, lets every game come to rest, SIGKILLs the server and reads the database
back: every move sent is answered, none refused, every acknowledged move is stored once at its
ply, nothing else is stored for the human seats, and every game replays legally to the position
the client saw last.

Two paces, on SQLite and on PostgreSQL:
- ``paced``: 200 games whose players think 0.2 s on average (0.1-0.3 s): 200 * 4 plies every
  3 * 0.2 s, about 1,300 moves/s offered when the server answers at once, a little over the
  target when it takes a few ms; the latency there is what a player would see at that rate.
- ``flat_out``: 50 games whose players answer at once, so the server is never idle: its capacity.
  Here every game always waits on the server, so latency is the queue (games / rate), not a
  player's experience.

Figures, after a 3 s warm-up (printed and in extra_info): stored steps per second (human and CPU)
and human moves per second, latency p50/p99/max (send to the state that holds the move), the CPU
time of the server's event loop, of all its threads, of this client and of PostgreSQL, how long
the event loop waited for a core while it could have run, and the load average. Targets: 1,000
stored moves/s with p99 under 20 ms; stated and reported, not asserted (the machine is shared).

    PYTHONPATH=python pytest bench/test_server_load.py --benchmark-only -s
    FOURCHESS_LOAD_SECONDS=60 ...   # a longer window

On two cores: the server's event loop is one Python thread and gets one core at most; the client
is this one asyncio process, which is cheaper per move than the server, on the other; the CPU
seat's searches (two worker threads, releasing the GIL) and the database share both.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the load test needs the server extra: pip install '.[server]'")

# load_check and server_load live beside this file; the server helpers are the tests' own
# (tests/support, on sys.path through pyproject.toml's pytest pythonpath).
from load_check import check_stored, read_games  # noqa: E402
from server_load import LoadResult, percentile, run_load  # noqa: E402
from support.postgres import postgres_cluster  # noqa: E402, F401  (the fixture)
from support.server_processes import ProcessServer  # noqa: E402

SECONDS = float(os.environ.get("FOURCHESS_LOAD_SECONDS", "20"))
WARMUP = 3.0
PACES = {"paced": (200, 0.2), "flat_out": (50, 0.0)}  # games at once, mean think time (s)
SETTINGS = {
    "seats": {"GREEN": {"player": "cpu"}},
    "cpu_movetime": 0.001,
    "move_limit": 200,  # random play runs to ~700 plies; a site's games end sooner
    "grace_seconds": 600,
}
TARGET_MOVES_PER_SECOND = 1000
TARGET_P99_SECONDS = 0.020
TICKS = os.sysconf("SC_CLK_TCK")


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'load.sqlite3'}"
    return request.getfixturevalue("postgres_cluster").create_database()


def _stat(path: Path) -> list[str]:
    return path.read_text().rsplit(")", 1)[1].split()  # the fields after the command name


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time so far of these processes (all their threads)."""
    total = 0
    for pid in pids:
        try:
            fields = _stat(Path(f"/proc/{pid}/stat"))
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def main_thread(pid: int, field: int) -> float:
    """The process's main thread's time on a core (field 0) or waiting for one (1), in seconds."""
    return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[field]) / 1e9


def postgres_pids(data: Path) -> list[int]:
    """The PostgreSQL server's processes now: the postmaster and its children."""
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    pids = [postmaster]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(_stat(stat)[1]) == postmaster:
                pids.append(int(stat.parent.name))
        except (FileNotFoundError, ValueError):
            continue
    return pids


# The load client is hundreds of players on one address, as a site behind a reverse proxy sees
# them: the limits per client address (and the site's whole game rate) are raised to let it be.
ONE_ADDRESS_MANY_USERS = tuple(
    arg
    for limit in (
        "max_connections=4000",
        "max_connections_per_client=4000",
        "games_per_client_per_minute=100000",
        "game_burst_per_client=1000",
        "games_per_minute=100000",
        "game_burst=1000",
        # flat out, a seat's socket answers its turn at once: several moves a second each
        "messages_per_second=1000",
        "message_burst=1000",
    )
    for arg in ("--limit", limit)
)


@pytest.mark.parametrize("pace", list(PACES))
def test_server_load(benchmark, request: pytest.FixtureRequest, db_url: str, pace: str, tmp_path: Path) -> None:
    kind = "postgres" if db_url.startswith("postgresql:") else "sqlite"
    lanes, think = PACES[pace]
    load_before = os.getloadavg()
    server = ProcessServer(db_url, tmp_path / "serve.log", options=ONE_ADDRESS_MANY_USERS).start()
    try:
        pid = server.process.pid
        probes: dict[str, Callable[[], float]] = {
            "server_cpu": lambda: cpu_seconds([pid]),
            "loop_ran": lambda: main_thread(pid, 0),
            "loop_waited": lambda: main_thread(pid, 1),
        }
        if kind == "postgres":
            data = request.getfixturevalue("postgres_cluster").data
            probes["database_cpu"] = lambda: cpu_seconds(postgres_pids(data))

        def run() -> LoadResult:
            return asyncio.run(
                run_load(
                    server.url,
                    server.ws_url,
                    lanes=lanes,
                    seconds=SECONDS,
                    settings=SETTINGS,
                    seed=12,
                    think=think,
                    warmup=WARMUP,
                    probes=probes,
                )
            )

        result = benchmark.pedantic(run, rounds=1, iterations=1)
    finally:
        server.kill()  # SIGKILL: what is read back is what was committed, nothing buffered
    load_after = os.getloadavg()
    log = (tmp_path / "serve.log").read_text(errors="replace")

    answers = result.answers()
    sent = len(result.moves())
    assert answers["acknowledged"] == sent, (
        f"of {sent} moves sent: {dict(answers)}"
    )  # none refused, replaced or unanswered
    counts = check_stored(result, asyncio.run(read_games(db_url, [game.id for game in result.games])))
    assert counts.human_steps == sent
    assert "Traceback" not in log and " ERROR " not in log, log[-3000:]

    seconds = result.seconds
    share = {name: round(value / seconds, 2) for name, value in result.probed.items()}
    latencies = result.latencies()
    figures = {
        "database": kind,
        "pace": pace,
        "games_at_once": lanes,
        "think_s": think,
        "games_played": counts.games,
        "moves_sent": sent,
        "moves_acknowledged": answers["acknowledged"],
        "moves_refused": sum(n for answer, n in answers.items() if answer.startswith("refused")),
        "steps_stored": counts.steps,
        "window_s": round(seconds, 2),
        "stored_per_second": round(counts.steps_in_window / seconds),
        "human_moves_per_second": round(len(result.measured()) / seconds),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "max_ms": round(latencies[-1] * 1000, 1),
        "loop_cpu_ms_per_step": round(result.probed["loop_ran"] / counts.steps_in_window * 1000, 3),
        "server_cpu_ms_per_step": round(result.probed["server_cpu"] / counts.steps_in_window * 1000, 3),
        **{f"{name}_share": value for name, value in share.items()},
        "load_average_before": round(load_before[0], 2),
        "load_average_after": round(load_after[0], 2),
        "target_stored_per_second": TARGET_MOVES_PER_SECOND,
        "target_p99_ms": TARGET_P99_SECONDS * 1000,
    }
    benchmark.extra_info.update(figures)
    met = figures["stored_per_second"] >= TARGET_MOVES_PER_SECOND and figures["p99_ms"] < TARGET_P99_SECONDS * 1000
    print(
        f"\nload {kind} {pace}: "
        + ", ".join(f"{key} {value}" for key, value in figures.items())
        + f"; targets {'met' if met else 'not met'}"
    )

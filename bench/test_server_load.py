"""Load on `fourchess serve` (issue 12): LANES games at once over loopback, three human seats each
played by this process over WebSockets (random legal moves, sent with the ply) and a CPU seat the
server plays; a lane starts a new game when its game ends. After SECONDS the client stops sending,
lets every game come to rest, SIGKILLs the server and reads the database back: every move sent is
answered, none refused, every acknowledged move stored once at its ply, nothing else stored for
the human seats, and every game replays legally to the position the client saw last.

Figures (printed and in extra_info): stored steps per second (human and CPU), latency p50/p99 of
the human moves (send to the state that holds the move), the CPU time of server, client and
database, and the load average. Targets: 1,000 stored moves/s, p99 under 20 ms; they are stated
and reported, not asserted (the machine is shared).

    PYTHONPATH=python pytest bench/test_server_load.py --benchmark-only -s
    FOURCHESS_LOAD_GAMES=200 FOURCHESS_LOAD_SECONDS=30 ...   # other sizes

Two cores: the server's event loop is one Python thread, so it gets one core at most; this client
is one asyncio process in the other. The CPU seat's searches (cpu_movetime 1 ms, two worker
threads) and the database share both.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the load test needs the server extra: pip install '.[server]'")
sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "server"))

from load_check import check_stored, read_games  # noqa: E402
from postgres import postgres_cluster  # noqa: E402, F401  (the fixture)
from server_load import LoadResult, percentile, run_load  # noqa: E402
from server_processes import ProcessServer  # noqa: E402

LANES = int(os.environ.get("FOURCHESS_LOAD_GAMES", "100"))
SECONDS = float(os.environ.get("FOURCHESS_LOAD_SECONDS", "20"))
SETTINGS = {
    "seats": {"GREEN": {"player": "cpu"}},
    "cpu_movetime": 0.001,
    "move_limit": 200,  # random play runs to ~700 plies; a site's games end sooner
    "grace_seconds": 600,
}
TARGET_MOVES_PER_SECOND = 1000
TARGET_P99_SECONDS = 0.020


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'load.sqlite3'}"
    return request.getfixturevalue("postgres_cluster").create_database()


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time so far of these processes (all their threads)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def postgres_pids(request: pytest.FixtureRequest, db_url: str) -> list[int]:
    """The PostgreSQL server's processes (the postmaster and its children), when it is ours."""
    if not db_url.startswith("postgresql:"):
        return []
    cluster = request.getfixturevalue("postgres_cluster")
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                children.append(int(stat.parent.name))
        except (FileNotFoundError, ValueError):
            continue
    return [postmaster, *children]


def test_server_load(benchmark, request: pytest.FixtureRequest, db_url: str, tmp_path: Path) -> None:
    kind = "postgres" if db_url.startswith("postgresql:") else "sqlite"
    load_before = os.getloadavg()
    server = ProcessServer(db_url, tmp_path / "serve.log").start()
    try:
        database = postgres_pids(request, db_url)
        server_cpu, database_cpu = cpu_seconds([server.process.pid]), cpu_seconds(database)

        def run() -> LoadResult:
            return asyncio.run(run_load(server.url, server.ws_url, lanes=LANES, seconds=SECONDS, settings=SETTINGS, seed=12))

        result = benchmark.pedantic(run, rounds=1, iterations=1)
        server_cpu = cpu_seconds([server.process.pid]) - server_cpu
        database_cpu = cpu_seconds(postgres_pids(request, db_url)) - database_cpu if database else 0.0
    finally:
        server.kill()  # SIGKILL: what is read back is what was committed, nothing buffered
    load_after = os.getloadavg()
    log = (tmp_path / "serve.log").read_text(errors="replace")

    answers = result.answers()
    sent = len(result.moves())
    assert answers["acknowledged"] == sent, f"of {sent} moves sent: {dict(answers)}"  # none refused, replaced or unanswered
    counts = check_stored(result, asyncio.run(read_games(db_url, [game.id for game in result.games])))
    assert counts.human_steps == sent
    assert "Traceback" not in log and " ERROR " not in log, log[-3000:]

    latencies = result.latencies()
    figures = {
        "database": kind,
        "games_at_once": LANES,
        "games_played": counts.games,
        "seconds": round(result.seconds, 2),
        "moves_sent": sent,
        "moves_acknowledged": answers["acknowledged"],
        "moves_refused": sum(n for answer, n in answers.items() if answer.startswith("refused")),
        "steps_stored": counts.steps,
        "cpu_steps_stored": counts.cpu_steps,
        "stored_per_second": round(counts.steps / result.seconds),
        "human_moves_per_second": round(sent / result.seconds),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 2),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "max_ms": round(latencies[-1] * 1000, 2),
        "server_cpu_share": round(server_cpu / result.seconds, 2),
        "client_cpu_share": round(result.client_cpu_seconds / result.seconds, 2),
        "database_cpu_share": round(database_cpu / result.seconds, 2),
        "load_average_before": round(load_before[0], 2),
        "load_average_after": round(load_after[0], 2),
        "target_stored_per_second": TARGET_MOVES_PER_SECOND,
        "target_p99_ms": TARGET_P99_SECONDS * 1000,
    }
    benchmark.extra_info.update(figures)
    met = figures["stored_per_second"] >= TARGET_MOVES_PER_SECOND and figures["p99_ms"] < TARGET_P99_SECONDS * 1000
    print(f"\nload {kind}: " + ", ".join(f"{key} {value}" for key, value in figures.items()) + f"; targets {'met' if met else 'NOT met'}")

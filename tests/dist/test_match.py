"""Matches on a Ray cluster (fourchess.dist.match, ``fourchess match --ray``): the same games, the
same records, the same SPRT stop and the same command output as the local runner."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from fourchess import Board, pgn4
from fourchess.dist.match import TASK_NAME, game_cpus, ray_games, run_match_on_ray
from fourchess.engine.match import GameRecord, GameTask, MatchConfig, MatchError, run_game, run_match, schedule
from fourchess.engine.sprt import Sprt


def _after(move: str) -> str:
    board = Board()
    board.push_move(move)
    return board.fen4()


# Deterministic players: a fixed-depth search builds a fresh engine per game, random and greedy
# take their seeds from the match's seed and the game's number.
DETERMINISTIC = {
    "teams": MatchConfig("search:depth=2", "greedy", openings=(None, _after("h2-h3")), max_plies=40),
    "ffa": MatchConfig("search:depth=1", "random", mode="ffa", max_plies=24, seed=7),
    "martian duel": MatchConfig("search:depth=2", "greedy", game="martian", max_plies=40),
    "martian four": MatchConfig("search:depth=2", "random", game="martian", players=4, max_plies=40),
    "martian teams": MatchConfig("greedy", "search:depth=1", game="martian", players=4, mode="teams", max_plies=40),
}


@pytest.mark.parametrize("name", DETERMINISTIC)
def test_a_match_on_ray_plays_the_local_runners_games(ray_cluster: ModuleType, name: str) -> None:
    config = DETERMINISTIC[name]
    seen: list[GameRecord] = []
    records = run_match_on_ray(config, on_game=seen.append)
    local = run_match(config)
    assert sorted(record.number for record in seen) == list(range(1, config.total_games + 1))
    assert [record.number for record in records] == [record.number for record in local]  # game order
    fields = ("number", "score_a", "places", "points", "plies", "text")  # text: the PGN4 or Martian record
    for on_ray, here in zip(records, local, strict=True):
        assert [getattr(on_ray, field) for field in fields] == [getattr(here, field) for field in fields]
    assert records == local  # and every other field: seating, ending, forfeit


def test_an_sprt_match_on_ray_stops_once_decided(ray_cluster: ModuleType) -> None:
    test = Sprt(0, 200)  # random against random capped at 4 plies: every game a draw, H0 soon
    config = MatchConfig("random", "random", max_plies=4, sprt=test)
    records = run_match_on_ray(config)
    local = run_match(config)
    assert config.sprt_decision(records) == config.sprt_decision(local) == "H0"
    whole = len(config.opening_samples(records))
    assert whole == len(config.opening_samples(local))  # the same openings' worth of evidence
    assert test.decision([0.5] * (whole - 1)) is None  # the last whole opening decided it
    in_flight = 2 * 2  # twice the session cluster's CPUs, not the cap of 20,000
    assert len(records) < len(local) + in_flight
    tasks = schedule(config)
    assert all(record == run_game(tasks[record.number - 1]) for record in records)
    assert _cpus_free_again(ray_cluster) == 2  # the games in flight were cancelled


def _cpus_free_again(ray: ModuleType, seconds: float = 10) -> float:
    """The cluster's free CPUs once all are free, or after ``seconds`` (Ray reports them late)."""
    deadline = time.monotonic() + seconds
    while (free := ray.available_resources().get("CPU", 0.0)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    return free


def test_one_game_in_flight_gives_the_local_match_record_for_record(ray_cluster: ModuleType) -> None:
    config = MatchConfig("search:depth=1", "random", max_plies=60, sprt=Sprt(0, 200), games=40)
    records = run_match_on_ray(config, in_flight=1)
    assert config.sprt_decision(records) == "H1"  # a searcher beats random movers (16 games: wins and draws)
    assert len(records) < 40 and records == run_match(config)  # stopped after the same game


def test_a_player_that_cannot_start_stops_the_match_as_locally(ray_cluster: ModuleType) -> None:
    pytest.importorskip("fourchess.engine.client")
    config = MatchConfig("random", "uci:movetime=0.05,cmd=/no/engine", games=2)
    with pytest.raises(MatchError, match=r"player B \('uci:movetime=0.05,cmd=/no/engine'\) could not be started"):
        run_match_on_ray(config)


def test_any_other_failure_of_a_game_is_a_match_error_naming_it(ray_cluster: ModuleType) -> None:
    broken = GameTask(7, None, "ABAC", MatchConfig("random", "random"))  # no player C: a KeyError in the worker
    with pytest.raises(MatchError, match="game 7 failed on the cluster: KeyError: 'C'"):
        next(ray_games()([broken]))


def test_a_game_holds_as_many_cpus_as_its_player_threads() -> None:
    assert game_cpus(MatchConfig("random", "greedy"), largest_node=8) == 1
    threaded = MatchConfig("search:depth=2,threads=3", "search:depth=2,threads=2")
    assert game_cpus(threaded, largest_node=8) == 3
    assert game_cpus(threaded, largest_node=2) == 2  # never more than a node has: the game would wait forever


def test_games_in_flight_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="in_flight must be at least 1, got 0"):
        ray_games(in_flight=0)


def test_a_game_source_takes_no_concurrency() -> None:
    with pytest.raises(ValueError, match="concurrency is the local runner's"):
        run_match(MatchConfig("random", "random"), concurrency=2, source=ray_games())


# -- the command ---------------------------------------------------------------------------------


def _match(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourchess", "match", *args], capture_output=True, text=True, timeout=300
    )


def test_the_match_command_on_ray_prints_and_writes_what_the_local_one_does(ray_address: str, tmp_path: Path) -> None:
    players = ["search:depth=2", "greedy", "--games", "6", "--max-plies", "40"]
    on_ray = _match(*players, "--ray", "--address", ray_address, "--pgn4", str(tmp_path / "ray.pgn4"))
    local = _match(*players, "--concurrency", "2", "--pgn4", str(tmp_path / "local.pgn4"))
    assert on_ray.returncode == 0, on_ray.stderr
    assert local.returncode == 0, local.stderr
    summary = on_ray.stdout.splitlines()
    assert summary[:-1] == local.stdout.splitlines()[:-1]  # all but the line naming the file
    assert summary[0] == "Teams match, 6 games: A = search:depth=2, B = greedy"
    assert summary[-1] == f"6 games written to {tmp_path / 'ray.pgn4'}"
    written = (tmp_path / "ray.pgn4").read_text()
    assert written == (tmp_path / "local.pgn4").read_text()
    games = list(pgn4.iter_games(io.StringIO(written)))
    assert [game.headers["Round"] for game in games] == ["1", "2", "3", "4", "5", "6"]  # in game order
    progress = [line for line in on_ray.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == 6 and progress[-1].startswith("[6/6] A +")  # one line per game as it finished
    assert "Traceback" not in on_ray.stderr


def test_the_match_command_on_ray_stops_an_sprt(ray_address: str) -> None:
    done = _match(
        "random", "random", "--max-plies", "4", "--sprt", "elo0=0,elo1=200", "--ray", "--address", ray_address
    )
    assert done.returncode == 0, done.stderr
    assert "SPRT H0 accepted" in done.stdout and "(-2.94, 2.94) [0, 200]" in done.stdout


@pytest.mark.parametrize(
    "options, complaint",
    [
        (["--ray", "--concurrency", "2"], "--concurrency is for local games"),
        (["--address", "127.0.0.1:6379"], "--address names a Ray cluster: it needs --ray"),
    ],
)
def test_the_match_command_refuses_options_that_do_not_go_with_ray(options: list[str], complaint: str) -> None:
    done = _match("random", "random", *options)
    assert done.returncode == 2 and complaint in done.stderr and "Traceback" not in done.stderr


def test_ray_without_the_extra_names_it(tmp_path: Path) -> None:
    target = tmp_path / "games.pgn4"
    program = (
        "import sys\n"
        "sys.modules['ray'] = None  # as if Ray were not installed: importing it fails\n"
        "from fourchess.__main__ import main\n"
        f"sys.exit(main(['match', 'random', 'random', '--ray', '--pgn4', {str(target)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "pip install 'fourchess[ray]'" in done.stderr and "Traceback" not in done.stderr
    assert not target.exists()  # refused before any output was opened


def test_the_engine_and_the_command_line_do_not_import_ray() -> None:
    program = (
        "import sys\n"
        "import fourchess.__main__, fourchess.engine.match, fourchess.engine.commands, fourchess.dist\n"
        "print('ray' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


FAKE_ENGINE = Path(__file__).resolve().parents[1] / "engine" / "match_fake_engine.py"


def _processes_naming(text: str) -> list[int]:
    """The processes whose command line holds ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:  # gone meanwhile
                continue
    return found


def test_a_terminated_match_on_ray_ends_its_engines(ray_address: str, tmp_path: Path) -> None:
    """SIGTERM to `fourchess match --ray` cancels the games in flight, and each closes its engine
    (one that never exits by itself) as it unwinds."""
    pytest.importorskip("fourchess.engine.client")
    pid_file = tmp_path / "engine.pid"
    spec = f"uci:movetime=0.05,cmd={sys.executable} {FAKE_ENGINE} linger {pid_file}"
    arguments = [spec, "random", "--games", "1000", "--max-plies", "40", "--quiet", "--ray", "--address", ray_address]
    match = subprocess.Popen(
        [sys.executable, "-m", "fourchess", "match", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1)  # a few games under way
        match.terminate()
        _, stderr = match.communicate(timeout=120)
    finally:
        match.kill()
    assert match.returncode == 128 + signal.SIGTERM and "stopped by signal" in stderr
    assert "Traceback" not in stderr
    deadline = time.monotonic() + 20
    while _processes_naming(str(pid_file)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_naming(str(pid_file)) == []


def test_a_game_whose_worker_dies_is_played_again(ray_cluster: ModuleType) -> None:
    """Ray retries a game whose worker is killed; the game, deterministic, comes out the same."""
    config = MatchConfig("search:depth=3", "search:depth=2", max_plies=80, games=8)  # a few tenths of a second each
    killed: list[int] = []

    def kill_a_worker(record: GameRecord) -> None:
        for pid in [] if killed else _processes_naming(f"ray::{TASK_NAME}"):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            return

    records = run_match_on_ray(config, on_game=kill_a_worker)
    assert killed  # a game was under way when another finished
    assert records == run_match(config)

"""Self-play by Ray actors: the same games as in one process, every position legal, written by
the driver as the games end; ``fourchess selfplay --ray`` joining a running cluster, or naming the
extra it needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from fourchess.dist.selfplay import play_games_on_ray
from fourchess.engine.selfplay import SelfPlayConfig, play_games
from fourchess.engine.selfplay_file import write_games
from support.selfplay_files import assert_game_replays, assert_scores_where_searched, read_games

# A cleared table makes each game depend on its number alone, whichever actor plays it.
CONFIG = SelfPlayConfig(games=4, mode="teams", nodes=600, max_plies=40, seed=11, clear_hash=True)


def test_actors_write_the_games_one_process_plays(ray_cluster: ModuleType, tmp_path: Path) -> None:
    on_ray, local = tmp_path / "ray.parquet", tmp_path / "local.parquet"
    writer = write_games(str(on_ray), CONFIG, play_games_on_ray(CONFIG))
    write_games(str(local), CONFIG, play_games(CONFIG))
    games = read_games(on_ray)
    assert writer.games == len(games) == CONFIG.games
    for rows in games.values():
        assert_game_replays(rows, CONFIG)
        assert_scores_where_searched(rows, CONFIG)
    assert games == read_games(local)


def test_more_actors_than_cpus_share_them(ray_cluster: ModuleType) -> None:
    config = SelfPlayConfig(games=3, depth=1, max_plies=20)
    numbers = sorted(game.number for game in play_games_on_ray(config, actors=3))
    assert numbers == [1, 2, 3]  # a third actor on a two-CPU cluster still gets its game


def test_a_bad_actor_count_is_refused(ray_cluster: ModuleType) -> None:
    with pytest.raises(ValueError, match="actors must be a whole number >= 1, got 0"):
        next(play_games_on_ray(CONFIG, actors=0))


# -- the command -----------------------------------------------------------------------------


def run_selfplay(*args: str, prelude: str = "pass") -> subprocess.CompletedProcess[str]:
    """``fourchess selfplay ARGS`` in a new interpreter, after running ``prelude`` there."""
    code = f"import sys; {prelude}; from fourchess.__main__ import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "selfplay", *args], capture_output=True, text=True, timeout=300
    )


def test_selfplay_command_joins_the_cluster(ray_address: str, tmp_path: Path) -> None:
    target = tmp_path / "games.parquet"
    settings = ("--games", "3", "--mode", "ffa", "--depth", "1", "--max-plies", "24", "--seed", "5")
    done = run_selfplay("--output", str(target), *settings, "--ray", "--address", ray_address)
    assert done.returncode == 0, done.stderr
    config = SelfPlayConfig(games=3, mode="ffa", depth=1, max_plies=24, seed=5)
    games = read_games(target)
    assert sorted(games) == [1, 2, 3]
    for rows in games.values():
        assert_game_replays(rows, config)
    progress = [line for line in done.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == 3 and progress[-1].startswith("[3/3] ")
    assert f"3 games, {sum(len(rows) for rows in games.values())} positions in " in done.stdout


def test_selfplay_command_without_ray_names_the_extra(tmp_path: Path) -> None:
    target = tmp_path / "games.parquet"
    done = run_selfplay("--output", str(target), "--ray", prelude="sys.modules['ray'] = None")
    assert done.returncode == 2
    assert "pip install 'fourchess[ray]'" in done.stderr and "Traceback" not in done.stderr
    assert not target.exists()

"""Self-play by Ray actors: the same games as in one process, every position legal, written by
the driver as the games end."""

from __future__ import annotations

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

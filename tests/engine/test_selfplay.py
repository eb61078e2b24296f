"""Self-play in one process: the file reads back with the documented columns, every game in it
replays from the start with the recorded moves and result, and the command line writes it (or
says which extra is missing)."""

import json
import signal
import subprocess
import sys

import pytest

from fourchess import Seat, Termination
from fourchess.engine.selfplay import SelfPlayConfig, SelfPlayer, SelfPlayError, play_games, seat_results
from fourchess.engine.selfplay_file import COLUMNS, SELFPLAY_METADATA_KEY, write_games
from fourchess.outcome import ffa_outcome, teams_outcome
from support.selfplay_files import assert_game_replays, assert_scores_where_searched, read_games

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

# Tiny games: a shallow search, a short move limit (FFA games rarely end sooner).
CONFIGS = {
    "teams": SelfPlayConfig(games=3, mode="teams", depth=2, max_plies=40, seed=7),
    "ffa": SelfPlayConfig(games=2, mode="ffa", depth=1, max_plies=40, seed=7),
}


@pytest.fixture(scope="module", params=sorted(CONFIGS))
def written(request, tmp_path_factory):
    """A small run of each mode written to a file: (config, path)."""
    config = CONFIGS[request.param]
    path = tmp_path_factory.mktemp("selfplay") / f"{request.param}.parquet"
    write_games(str(path), config, play_games(config))
    return config, path


def test_the_file_has_exactly_the_documented_columns_and_types(written):
    config, path = written
    schema = pq.read_schema(path)
    assert schema.names == [column.name for column in COLUMNS]
    for column in COLUMNS:
        field = schema.field(column.name)
        assert field.type == getattr(pa, column.type)(), column.name
        assert field.nullable == column.nullable, column.name
    settings = json.loads(schema.metadata[SELFPLAY_METADATA_KEY])
    assert settings["mode"] == config.mode and settings["seed"] == 7 and settings["max_plies"] == 40


def test_every_game_replays_from_the_start(written):
    config, path = written
    games = read_games(path)
    assert sorted(games) == list(range(1, config.games + 1))
    for rows in games.values():
        assert_game_replays(rows, config)


def test_searched_rows_have_scores_and_the_opening_has_none(written):
    config, path = written
    for rows in read_games(path).values():
        assert_scores_where_searched(rows, config)


def test_each_game_is_one_row_group(written):
    # what keeps the games already finished when a run is stopped
    config, path = written
    metadata = pq.ParquetFile(path).metadata
    assert metadata.num_row_groups == config.games
    assert metadata.num_rows == sum(len(rows) for rows in read_games(path).values())


def test_the_move_limit_ends_a_long_game():
    config = SelfPlayConfig(mode="ffa", depth=1, max_plies=12, opening_plies=(4, 4))
    game = SelfPlayer(config).play(1)
    assert game.termination == "move_limit" and game.positions == 12
    assert game.columns["searched"] == [False] * 4 + [True] * 8


def test_openings_come_from_the_seed_and_the_game_number():
    config = SelfPlayConfig(depth=1, max_plies=30, seed=3)
    one, other = SelfPlayer(config), SelfPlayer(config)
    other.play(1)  # a player that has played another game first: the same opening still
    assert _opening(one.play(2)) == _opening(other.play(2))
    assert _opening(one.play(3)) != _opening(SelfPlayer(SelfPlayConfig(depth=1, max_plies=30, seed=4)).play(3))


def test_with_a_cleared_table_a_game_is_the_same_whoever_plays_it():
    config = SelfPlayConfig(nodes=800, max_plies=40, clear_hash=True)
    fresh, seasoned = SelfPlayer(config), SelfPlayer(config)
    seasoned.play(5)
    assert fresh.play(2).columns == seasoned.play(2).columns


def _opening(game):
    moves, searched = game.columns["move"], game.columns["searched"]
    return [move for move, was_searched in zip(moves, searched, strict=True) if not was_searched]


def test_seat_results_teams():
    won = teams_outcome(Termination.CHECKMATE, frozenset({Seat.BLUE, Seat.GREEN}), (0, 0, 0, 0))
    assert seat_results(won, ffa=False) == ((0.0, 1.0, 0.0, 1.0), (3, 1, 3, 1))
    drawn = teams_outcome(Termination.MOVE_LIMIT, frozenset(), (0, 0, 0, 0))
    assert seat_results(drawn, ffa=False) == ((0.5,) * 4, (1,) * 4)


def test_seat_results_ffa_count_the_rivals_beaten():
    outcome = ffa_outcome(Termination.MOVE_LIMIT, (30, 12, 30, 5))
    results, places = seat_results(outcome, ffa=True)
    assert places == (1, 3, 1, 4)
    assert results == pytest.approx((2.5 / 3, 1 / 3, 2.5 / 3, 0.0))


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"opening_plies": (6, 4)}, "opening_plies"),
        ({"opening_plies": (4,)}, "opening_plies"),
        ({"opening_plies": (2, 10), "max_plies": 10}, "max_plies"),
        ({"games": 0}, "games"),
        ({"depth": 0}, "depth"),
        ({"movetime": -1.0}, "movetime"),
        ({"hash_mb": 0}, "hash_mb"),
        ({"mode": "chaos"}, "mode"),
    ],
)
def test_settings_that_cannot_be_played_are_refused(settings, named):
    with pytest.raises(ValueError, match=named):
        SelfPlayConfig(**settings)


def test_a_bad_setting_is_a_self_play_error():
    with pytest.raises(SelfPlayError, match=r"games must be a whole number >= 1, got -1"):
        SelfPlayConfig(games=-1)


# -- the command -----------------------------------------------------------------------------


def run_selfplay(*args, prelude="pass"):
    """``fourchess selfplay ARGS`` in a new interpreter, after running ``prelude`` there."""
    code = f"import sys; {prelude}; from fourchess.__main__ import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, "selfplay", *args], capture_output=True, text=True, timeout=300)


def test_selfplay_command_writes_a_file_that_replays(tmp_path):
    target = tmp_path / "games.parquet"
    done = run_selfplay("--output", str(target), "--games", "2", "--depth", "1", "--max-plies", "24", "--mode", "ffa")
    assert done.returncode == 0, done.stderr
    games = read_games(target)
    config = SelfPlayConfig(games=2, mode="ffa", depth=1, max_plies=24)
    for rows in games.values():
        assert_game_replays(rows, config)
        assert_scores_where_searched(rows, config)
    positions = sum(len(rows) for rows in games.values())
    assert f"2 games, {positions} positions in " in done.stdout and str(target) in done.stdout
    progress = [line for line in done.stderr.splitlines() if line.startswith("[")]
    assert [line.split()[0] for line in progress] == ["[1/2]", "[2/2]"]  # one line per game, not a terminal
    assert f"{positions} positions, " in progress[-1] and "positions/s" in progress[-1]


def test_selfplay_command_without_pyarrow_names_the_extra(tmp_path):
    target = tmp_path / "games.parquet"
    done = run_selfplay("--output", str(target), "--games", "1", prelude="sys.modules['pyarrow'] = None")
    assert done.returncode == 2
    assert "pip install 'fourchess[selfplay]'" in done.stderr and "Traceback" not in done.stderr
    assert not target.exists()


def test_selfplay_command_reports_bad_settings(tmp_path):
    done = run_selfplay("--output", str(tmp_path / "x.parquet"), "--opening-plies", "8-4")
    assert done.returncode == 2 and "opening_plies" in done.stderr and "Traceback" not in done.stderr
    done = run_selfplay("--output", str(tmp_path / "x.parquet"), "--actors", "2")
    assert done.returncode == 2 and "--ray" in done.stderr
    done = run_selfplay("--output", str(tmp_path / "no-such-directory" / "x.parquet"))
    assert done.returncode == 2 and "cannot write the output file" in done.stderr and "Traceback" not in done.stderr


def test_a_terminated_run_keeps_the_games_it_finished(tmp_path):
    """SIGTERM (a user's kill, a job's time limit) ends the run between two moves; the file is
    closed with every game finished before it, readable and replayable."""
    target = tmp_path / "games.parquet"
    command = [sys.executable, "-m", "fourchess", "selfplay", "--output", str(target), "--games", "1000"]
    run = subprocess.Popen(
        [*command, "--depth", "1", "--max-plies", "30"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        for _ in range(2):  # two games written: their progress lines
            assert run.stderr.readline().startswith("[")
        run.terminate()
        _, stderr = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 128 + signal.SIGTERM and "stopped by signal" in stderr
    assert "Traceback" not in stderr and "games (" in stderr and f"kept in {target}" in stderr
    games = read_games(target)
    assert 2 <= len(games) < 1000 and sorted(games) == list(range(1, len(games) + 1))
    config = SelfPlayConfig(depth=1, max_plies=30)
    for rows in games.values():
        assert_game_replays(rows, config)


def test_importing_self_play_loads_neither_pyarrow_nor_ray():
    # the command line and the engine stay usable without the extras; a run asks for them
    code = (
        "import sys, fourchess.__main__, fourchess.engine.selfplay, fourchess.dist.selfplay; "
        "print(sorted({'pyarrow', 'ray'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"

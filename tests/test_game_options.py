"""Rule options (Rules), server settings (GameSettings) and the `fourchess play` command."""

import io
import subprocess
import sys

import pytest

import fourchess
from fourchess import Rules, pgn4
from fourchess.server.settings import HOUSE_RULES, GameSettings


def test_defaults_follow_rules_md():
    rules = Rules()
    assert (rules.mode, rules.setup, rules.dead_king_walking, rules.move_limit) == ("teams", "modern", True, None)
    assert rules.points_lead_ends_game


def test_house_rules_are_ffa_without_walking_kings():
    assert HOUSE_RULES == Rules(mode="ffa", dead_king_walking=False)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"mode": "chess"},
        {"setup": "ancient"},
        {"move_limit": 0},
        {"move_limit": -5},
        {"move_limit": True},
    ],
)
def test_bad_rules_are_value_errors(kwargs):
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_board_carries_its_rules():
    rules = Rules(mode="ffa", move_limit=40, points_lead_ends_game=False)
    board = fourchess.Board(rules=rules)
    assert board.rules == rules and board.mode == "ffa"
    assert board.copy().rules == rules
    assert eval(repr(board), vars(fourchess)).rules == rules


def test_rules_and_mode_together_are_refused():
    with pytest.raises(ValueError):
        fourchess.Board(mode="ffa", rules=Rules())


def test_game_settings_validate():
    settings = GameSettings(rules=HOUSE_RULES, turn_time_limit=30)
    assert settings.rotate_first_seat and settings.show_legal_moves
    with pytest.raises(ValueError):
        GameSettings(turn_time_limit=45)
    with pytest.raises(TypeError):
        GameSettings(rules="ffa")  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_play_command_plays_to_the_end_and_writes_pgn4(tmp_path, mode):
    target = tmp_path / "game.pgn4"
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "play", "--mode", mode, "--seed", "7", "--quiet", "--pgn4", str(target)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    game = pgn4.read_game(io.StringIO(target.read_text()))  # replays and checks every move
    board = pgn4.replay(game)
    assert game.headers["Result"] in done.stdout
    # an FFA record replays under chess.com's claim rule (docs/rules.md §7, decision 11)
    if mode == "teams":
        assert board.result() == game.headers["Result"]
        # and says who won: the partners together, or a draw
        outcome = board.outcome()
        winners = " and ".join(seat.title for seat in fourchess.Seat if outcome.winner and seat in outcome.winner)
        assert (f"{winners} win;" if winners else "a draw;") in done.stdout.splitlines()[-2]
    assert pgn4.write_game(game) == target.read_text()

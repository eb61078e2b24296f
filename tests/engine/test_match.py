"""fourchess match: scheduling, adjudication, scoring, PGN4 output, and the command itself."""

import io
import os
import signal
import subprocess
import sys
import time

import pytest

from fourchess import MODERN_START_FEN4, Board, Move, Team, Termination, pgn4
from fourchess.engine.match import GameTask, MatchConfig, MatchError, read_openings, run_game, run_match, schedule
from fourchess.engine.match_summary import MatchSummary
from fourchess.players import RandomPlayer
from support.fen4 import fen4


def _after(move):
    board = Board()
    board.push_move(move)
    return board.fen4()


AFTER_H3 = _after("h2-h3")


class IllegalPlayer:
    """Always answers h2-h5: no pawn moves three squares."""

    def choose_move(self, board):
        return Move.from_str("h2-h5")


class CrashingPlayer:
    def choose_move(self, board):
        raise RuntimeError("engine process died")


class WordPlayer:
    def choose_move(self, board):
        return "h2-h3"  # text, not a Move


class SlowPlayer:
    def __init__(self, seconds):
        self.seconds = seconds

    def choose_move(self, board):
        time.sleep(self.seconds)
        return next(iter(board.legal_moves))


def task(seating, mode="teams", spec_a="random", number=1, max_plies=40):
    return GameTask(number, None, seating, MatchConfig(spec_a, "random", mode=mode, max_plies=max_plies))


def replayed(record):
    game = pgn4.read_game(io.StringIO(record.text))  # replays and checks every move
    return game, pgn4.replay(game)


# -- scheduling ------------------------------------------------------------------------------


def test_teams_schedule_plays_each_opening_from_both_sides():
    config = MatchConfig("random", "greedy", openings=("o1", "o2"), games=6)
    assert [(t.number, t.opening, t.seating) for t in schedule(config)] == [
        (1, "o1", "ABAB"),
        (2, "o1", "BABA"),
        (3, "o2", "ABAB"),
        (4, "o2", "BABA"),
        (5, "o1", "ABAB"),
        (6, "o1", "BABA"),
    ]


def test_ffa_schedule_moves_a_through_every_seat():
    config = MatchConfig("random", "greedy", mode="ffa")
    assert config.total_games == 4
    assert [t.seating for t in schedule(config)] == ["ABBB", "BABB", "BBAB", "BBBA"]


def test_match_config_checks_its_settings():
    with pytest.raises(ValueError, match="unknown player 'rnd'"):
        MatchConfig("rnd", "random")
    with pytest.raises(ValueError, match="games"):
        MatchConfig("random", "random", games=0)
    with pytest.raises(ValueError, match="mode"):
        MatchConfig("random", "random", mode="chess")
    with pytest.raises(ValueError, match="concurrency"):
        run_match(MatchConfig("random", "random"), concurrency=0)
    with pytest.raises(ValueError, match="needs a depth, nodes or movetime"):
        MatchConfig("uci:my-engine", "random")
    assert MatchConfig("uci:my-engine", "random", movetime=0.1).spec_a == "uci:my-engine"


def test_openings_file(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text(f"# two openings\n{MODERN_START_FEN4}\n\n{AFTER_H3}  # after h2-h3\n")
    assert read_openings(str(path), "teams") == (MODERN_START_FEN4, AFTER_H3)
    path.write_text(f"{MODERN_START_FEN4}\nR-0,0,0,0-nonsense\n")
    with pytest.raises(ValueError, match="line 2"):
        read_openings(str(path), "teams")
    over = fen4({"h1": "rK", "a7": "bK", "g14": "yK"}, "R")  # Green has no king: the game is over
    path.write_text(over + "\n")
    with pytest.raises(ValueError, match="line 1: the game in this FEN4 is already over"):
        read_openings(str(path), "teams")
    path.write_text("# nothing\n")
    with pytest.raises(ValueError, match="no FEN4 opening"):
        read_openings(str(path), "teams")


# -- adjudication ----------------------------------------------------------------------------


@pytest.mark.parametrize("seating, seat", [("ABAB", 0), ("BABA", 1)])
def test_an_illegal_move_loses_the_teams_game(seating, seat):
    record = run_game(task(seating), {"A": IllegalPlayer(), "B": RandomPlayer(1)})
    assert record.forfeit is not None and record.forfeit.player == "A" and record.forfeit.seat == seat
    assert record.score_a == 0.0
    assert "illegal move 'h2-h5'" in record.ending
    game, board = replayed(record)
    assert "resigns by forfeit: illegal move 'h2-h5'" in game.headers["Termination"]
    assert pgn4.expected_terminations(game.headers) == {Termination.RESIGNATION}
    assert board.termination() is Termination.RESIGNATION
    assert board.outcome().team is (Team.BLUE_GREEN if seat == 0 else Team.RED_YELLOW)
    assert game.headers["Result"] == board.result()


def test_an_error_or_a_non_move_forfeits():
    crashed = run_game(task("BABA"), {"A": CrashingPlayer(), "B": RandomPlayer(1)})
    assert crashed.forfeit.player == "A" and "RuntimeError: engine process died" in crashed.ending
    assert crashed.score_a == 0.0
    worded = run_game(task("ABAB"), {"A": RandomPlayer(2), "B": WordPlayer()})
    assert worded.forfeit.player == "B" and "not a move" in worded.ending
    assert worded.score_a == 1.0


def test_a_move_far_over_the_movetime_loses_on_time():
    # movetime 0.01 s: the limit is 2 * 0.01 + 1 = 1.02 s; the slow player takes 1.2 s.
    record = run_game(task("ABAB", spec_a="search:movetime=0.01"), {"A": SlowPlayer(1.2), "B": RandomPlayer(1)})
    assert record.forfeit.kind == "timeout" and record.forfeit.player == "A"
    game, board = replayed(record)
    assert board.termination() is Termination.TIMEOUT
    assert "forfeit on time" in game.headers["Termination"]
    assert record.score_a == 0.0


def test_a_player_cannot_change_the_game_board():
    class Pusher:
        def choose_move(self, board):
            move = next(iter(board.legal_moves))
            board.push(move)  # on its own copy
            return move

    record = run_game(task("ABAB", max_plies=8), {"A": Pusher(), "B": RandomPlayer(3)})
    assert record.forfeit is None and record.plies == 8


def test_the_ply_cap_ends_a_teams_game_as_a_draw():
    record = run_game(task("ABAB", max_plies=12), {"A": RandomPlayer(4), "B": RandomPlayer(5)})
    assert record.plies == 12 and record.ending == "move limit" and record.score_a == 0.5
    game, board = replayed(record)
    assert game.headers["Result"] == "1/2-1/2" and len(board.move_stack) == 12


def test_an_ffa_forfeit_ranks_the_offender_last():
    record = run_game(task("BABB", mode="ffa"), {"A": IllegalPlayer(), "B": RandomPlayer(1)})
    assert record.forfeit.seat == 1 and record.places[1] == 4 and record.score_a == 0.0
    record = run_game(task("BABB", mode="ffa"), {"A": RandomPlayer(1), "B": IllegalPlayer()})
    assert record.forfeit.seat == 0 and record.places[1] == 1 and record.score_a == 1.0


@pytest.mark.parametrize("seating", ["ABBB", "BBAB"])
def test_ffa_score_is_the_share_of_b_seats_a_finished_ahead_of(seating):
    record = run_game(task(seating, mode="ffa", max_plies=120), {"A": RandomPlayer(6), "B": RandomPlayer(7)})
    a = seating.index("A")
    pairs = [
        1.0 if record.points[a] > record.points[b] else 0.5 if record.points[a] == record.points[b] else 0.0
        for b in range(4)
        if b != a
    ]
    assert record.score_a == pytest.approx(sum(pairs) / 3)
    assert record.places[a] == 1 + sum(record.points[b] > record.points[a] for b in range(4))
    _, board = replayed(record)
    assert board.points == record.points


# -- the command -----------------------------------------------------------------------------


def run_command(*args):
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "match", *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done


def test_match_command_teams_four_games_in_two_processes(tmp_path):
    target = tmp_path / "games.pgn4"
    done = run_command(
        "random", "greedy", "--games", "4", "--max-plies", "24", "--concurrency", "2", "--pgn4", str(target)
    )
    games = list(pgn4.iter_games(io.StringIO(target.read_text())))
    assert [game.headers["Round"] for game in games] == ["1", "2", "3", "4"]  # in game order
    for number, game in enumerate(games):
        a_first = number % 2 == 0  # A as Red+Yellow in games 1 and 3
        red, blue = ("random", "greedy") if a_first else ("greedy", "random")
        assert [game.headers[tag] for tag in ("Red", "Blue", "Yellow", "Green")] == [red, blue, red, blue]
        board = pgn4.replay(game)
        assert 0 < len(board.move_stack) <= 24
        if len(board.move_stack) == 24:  # the ply cap: a draw (the replay board knows no cap)
            assert game.headers["Result"] == "1/2-1/2"
        else:
            assert board.result() == game.headers["Result"]
    assert "Teams match, 4 games: A = random, B = greedy" in done.stdout
    assert "Elo " in done.stdout and "forfeits: A 0, B 0" in done.stdout
    progress = [line for line in done.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == 4  # one progress line per game (not a terminal), with the Elo so far
    assert progress[-1].startswith("[4/4] A +") and " Elo " in progress[-1]


def test_match_command_ffa(tmp_path):
    target = tmp_path / "games.pgn4"
    done = run_command("greedy", "random", "--mode", "ffa", "--max-plies", "40", "--pgn4", str(target), "--quiet")
    games = list(pgn4.iter_games(io.StringIO(target.read_text())))
    assert len(games) == 4 and done.stderr == ""
    for seat, game in enumerate(games):  # A moves through Red, Blue, Yellow, Green
        names = [game.headers[tag] for tag in ("Red", "Blue", "Yellow", "Green")]
        assert names == ["random"] * seat + ["greedy"] + ["random"] * (3 - seat)
        board = pgn4.replay(game)
        assert pgn4.result_points(game.headers) == board.points
    assert "A: average place" in done.stdout and "B: average place" in done.stdout


def test_match_command_reports_bad_input(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "match", "random", "search:depth=x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "depth='x'" in done.stderr and "Traceback" not in done.stderr


def test_summary_counts_and_scores():
    config = MatchConfig("random", "random", max_plies=4, games=4)  # no game can end in one round
    records = [
        run_game(t, {"A": RandomPlayer(t.number), "B": IllegalPlayer() if t.number == 2 else RandomPlayer(0)})
        for t in schedule(config)
    ]
    summary = MatchSummary(config, records)
    assert summary.forfeits() == {"A": 0, "B": 1}
    assert summary.wins_draws_losses == (1, 3, 0)  # B's forfeit as Red in game 2, three capped draws
    assert summary.score == pytest.approx(2.5 / 4)
    assert "A: 1 won, 3 drawn, 0 lost; score 62.5%" in summary.report()


# -- external engines (fourchess.engine.client) ---------------------------------------------

FAKE_ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "match_fake_engine.py")


@pytest.mark.parametrize(
    "behaviour, reason", [("illegal", "IllegalEngineMoveError"), ("crash", "EngineTerminatedError")]
)
def test_an_external_engine_that_misbehaves_loses(behaviour, reason):
    pytest.importorskip("fourchess.engine.client")
    spec = f"uci:movetime=0.05,cmd={sys.executable} {FAKE_ENGINE} {behaviour}"
    record = run_game(GameTask(1, None, "BABA", MatchConfig(spec, "random", max_plies=40)))
    assert record.forfeit is not None and record.forfeit.player == "A" and record.forfeit.seat == 1
    assert reason in record.forfeit.reason and record.score_a == 0.0


@pytest.mark.parametrize("mode, seating", [("teams", "ABAB"), ("ffa", "ABBB")])
def test_an_external_engine_plays_a_match_game(mode, seating):
    pytest.importorskip("fourchess.engine.client")
    spec = f"uci:movetime=0.05,cmd={sys.executable} {FAKE_ENGINE}"
    record = run_game(GameTask(1, None, seating, MatchConfig(spec, "random", mode=mode, max_plies=24)))
    assert record.forfeit is None and 0 < record.plies <= 24
    _, played = replayed(record)
    board = Board(mode=mode)
    for move in played.move_stack:  # the engine's seats always played the first move in sorted form
        if seating[board.turn] == "A":
            assert str(move) == min(str(legal) for legal in board.legal_moves)
        board.push(move)


def test_an_engine_that_cannot_start_stops_the_match():
    pytest.importorskip("fourchess.engine.client")
    config = MatchConfig("random", "uci:movetime=0.05,cmd=/no/engine", games=1)
    with pytest.raises(MatchError, match=r"player B \('uci:movetime=0.05,cmd=/no/engine'\) could not be started"):
        run_match(config)


def _gone(pid, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("concurrency", ["1", "2"])
def test_a_terminated_match_ends_its_engines(tmp_path, concurrency):
    """SIGTERM to `fourchess match` (a user's kill, a CI timeout) closes the engine processes it
    started, even one that never exits by itself, before the command exits."""
    pytest.importorskip("fourchess.engine.client")
    pid_file = tmp_path / "engine.pid"
    spec = f"uci:movetime=0.05,cmd={sys.executable} {FAKE_ENGINE} linger {pid_file}"
    match = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fourchess",
            "match",
            spec,
            "random",
            "--games",
            "1000",
            "--max-plies",
            "40",
            "--concurrency",
            concurrency,
            "--quiet",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        engine = int(pid_file.read_text())
        match.terminate()
        _, stderr = match.communicate(timeout=120)
    finally:
        match.kill()
    assert match.returncode == 128 + signal.SIGTERM and "stopped by signal" in stderr
    assert "Traceback" not in stderr
    assert _gone(engine, 10)  # killed after its grace for quit, not left running

"""fourchess match --game martian: seatings, scoring by the game's places, forfeits, records."""

import subprocess
import sys

import pytest

from fourchess import martian
from fourchess.engine.match import GameTask, MatchConfig, read_openings, run_game, run_match, schedule
from fourchess.engine.match_summary import MatchSummary, describe
from fourchess.martian.players import GreedyPlayer, RandomPlayer


class IllegalPlayer:
    """Answers a1-a2 whatever the position: a move no Martian start allows (a1 holds a queen
    boxed in by its own pieces in the four-player start, and is empty in the two-player one)."""

    def choose_move(self, board):
        return martian.Move.from_str("a1-a2")


def config(players=2, mode=None, **options):
    return MatchConfig("random", "greedy", game="martian", players=players, mode=mode, **options)


@pytest.mark.parametrize(
    "players, mode, seatings",
    [
        (2, None, ["AB", "BA"]),
        (4, None, ["ABBB", "BABB", "BBAB", "BBBA"]),
        (4, "teams", ["ABAB", "BABA"]),
    ],
)
def test_every_opening_is_played_from_every_seating(players, mode, seatings):
    match = config(players, mode)
    assert [task.seating for task in schedule(match)] == seatings
    assert match.mode == {2: "duel", 4: mode or "ffa"}[players]


def test_the_config_refuses_what_the_game_has_not():
    with pytest.raises(ValueError, match="2 or 4 players"):
        config(players=3)
    with pytest.raises(ValueError, match="no mode"):
        config(players=2, mode="teams")
    with pytest.raises(ValueError, match="four players"):
        MatchConfig("random", "random", players=2)
    with pytest.raises(ValueError, match="no external engine"):
        MatchConfig("uci:some-engine", "random", game="martian", movetime=0.1)


@pytest.mark.parametrize("players, mode", [(2, None), (4, None), (4, "teams")])
def test_a_game_scores_a_by_the_games_places(players, mode):
    match = config(players, mode, max_plies=400)
    for task in schedule(match):
        record = run_game(task, {"A": RandomPlayer(task.number), "B": GreedyPlayer(task.number)})
        board = martian.read_record(record.text)  # the record replays to the game's end
        outcome = board.outcome()
        assert outcome is not None and record.forfeit is None
        assert record.places == outcome.places and record.points == outcome.scores
        a_seats = [seat for seat, side in enumerate(task.seating) if side == "A"]
        b_seats = [seat for seat, side in enumerate(task.seating) if side == "B"]
        pairs = [(a, b) for a in a_seats for b in b_seats]
        expected = sum(
            1.0 if outcome.places[a] < outcome.places[b] else 0.5 if outcome.places[a] == outcome.places[b] else 0.0
            for a, b in pairs
        ) / len(pairs)
        assert record.score_a == expected
        assert record.plies == len(board.move_stack)


def test_the_ply_cap_is_the_games_move_limit():
    record = run_game(GameTask(1, None, "AB", config(max_plies=6)), {"A": RandomPlayer(1), "B": RandomPlayer(2)})
    board = martian.read_record(record.text)
    assert board.rules.move_limit == 6 and len(board.move_stack) <= 6
    if len(board.move_stack) == 6:
        assert record.ending == "move limit"


@pytest.mark.parametrize("seating", ["AB", "BA"])
def test_an_illegal_move_forfeits_and_ranks_the_player_last(seating):
    record = run_game(GameTask(1, None, seating, config()), {"A": IllegalPlayer(), "B": RandomPlayer(3)})
    assert record.forfeit is not None and record.forfeit.player == "A" and record.score_a == 0
    assert "illegal move 'a1-a2'" in record.ending
    assert record.places[seating.index("A")] == 2 and record.places[seating.index("B")] == 1


def test_a_forfeit_in_teams_ranks_the_other_team_first():
    record = run_game(GameTask(1, None, "BABA", config(4, "teams")), {"A": RandomPlayer(1), "B": IllegalPlayer()})
    assert record.forfeit is not None and record.forfeit.player == "B" and record.score_a == 1
    assert describe(record, "martian").startswith("game 1: A as seats 1+3, seat 0 (B) forfeits")


def test_openings_are_position_texts_of_the_matchs_player_count(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text(f"# two openings\n{martian.START_2}\n2 QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 1 0,0 d3-d5\n")
    assert len(read_openings(str(path), None, "martian", 2)) == 2
    with pytest.raises(ValueError, match="line 2: players=4"):
        read_openings(str(path), None, "martian", 4)
    path.write_text("2 4/4/4/4/4/4/4/Q3 1 0,0 -\n")  # North's zone is empty: over
    with pytest.raises(ValueError, match="already over"):
        read_openings(str(path), None, "martian", 2)


def test_the_summary_names_the_game():
    match = config(4, games=4)
    records = run_match(match)
    lines = MatchSummary(match, records).report()
    assert lines[0] == "Martian Chess (four players, FFA) match, 4 games: A = random, B = greedy"
    assert any(line.startswith("A: average place") for line in lines)


def test_the_match_command_plays_martian_chess(tmp_path):
    target = tmp_path / "games.txt"
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "match", "search:depth=1", "random", "--game", "martian"]
        + ["--games", "4", "--quiet", "--pgn4", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Martian Chess (two-player) match, 4 games")
    records = ["[Start" + text for text in target.read_text().split("[Start")[1:]]
    assert len(records) == 4 and all(martian.read_record(text).is_game_over() for text in records)


def test_the_play_command_plays_martian_chess(tmp_path):
    target = tmp_path / "game.txt"
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "play", "--game", "martian", "--players", "4", "greedy,random"]
        + ["--teams", "--seed", "3", "--quiet", "--record", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "one spec or four" in done.stderr  # two specs for four seats
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", "play", "--game", "martian", "--players", "4", "greedy"]
        + ["--teams", "--seed", "3", "--move-limit", "80", "--record", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    board = martian.read_record(target.read_text())
    assert board.players == 4 and board.rules.teams and board.is_game_over()
    assert f"scores {list(board.scores)}" in done.stdout and "-- round 1: seat 0 to move" in done.stdout
    # every move printed, round by round, and who won (partners together, or a shared first place)
    lines = done.stdout.splitlines()
    printed = [move for line in lines if line.startswith("moves: ") for move in line.split()[1:]]
    assert printed == [str(move) for move in board.move_stack]
    winners = board.outcome().winners
    names = " and ".join(f"seat {seat}" for seat in winners)
    assert f": {names} {'win' if len(winners) == 2 else 'share first place'};" in lines[-2], lines[-2]


@pytest.mark.parametrize(
    "arguments, named",
    [
        (["play", "--game", "martian", "--pgn4", "x.pgn4"], "are four-player chess's"),
        (["play", "--teams"], "are Martian Chess's"),
        (["play", "--game", "martian", "--players", "3"], "2 or 4 players"),
        (["play", "--game", "martian", "--players", "uci:engine"], "no external engine"),
        (["match", "random", "random", "--game", "martian", "--mode", "teams"], "no mode"),
    ],
)
def test_commands_refuse_options_of_the_other_game(arguments, named):
    done = subprocess.run([sys.executable, "-m", "fourchess", *arguments], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and named in done.stderr, done.stderr

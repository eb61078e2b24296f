"""The Martian Chess CPU player: it takes a won ending when there is one, avoids a lost one, plays
only legal moves, keeps to its limits and refuses bad arguments."""

from __future__ import annotations

import random
import threading

import pytest

from fourchess.martian import Board, MartianEngine, MartianRules, Move, search
from fourchess.martian.search import WIN


def test_it_ends_the_game_when_that_wins() -> None:
    # South leads 3-1 and has one piece: moving its queen across the canal empties South's zone,
    # which ends the game with South ahead. A move within the zone lets the game go on.
    board = Board("2 P3/4/4/4/1Q2/4/4/4 0 3,1 -")
    result = search(board, depth=2)
    assert result.best is not None and result.score >= WIN - 2
    board.push(result.best)
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_it_captures_what_decides_the_game() -> None:
    # North to move, 2-3 behind: its queen on a5 takes South's queen on d2 (3 points, 5-3). South
    # then holds only that queen, and North's pawn cannot be caught for more than a point: the
    # capture wins, and no other move does.
    board = Board("2 P3/4/4/Q3/4/4/3Q/4 1 3,2 -")
    result = search(board, depth=3)
    assert result.best == Move.from_str("a5-d2")


@pytest.mark.parametrize("players", [2, 4])
def test_every_move_it_returns_is_legal(players: int) -> None:
    rng = random.Random(players)
    engine = MartianEngine(hash_mb=4)
    rules = MartianRules(teams=players == 4 and rng.random() < 0.5)
    for _ in range(6):
        board = Board(players=players, rules=rules)
        for _ in range(rng.randrange(0, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        result = engine.search(board, depth=3)
        if board.is_game_over():
            assert result.best is None
        else:
            assert result.best in board.legal_moves and result.depth == 3 and result.nodes > 0
            assert result.pv[0] == result.best


def test_limits_nodes_and_time() -> None:
    board = Board(players=4)
    few = search(board, nodes=2000)
    assert few.best in board.legal_moves and few.nodes < 2000 + 1024 * 2
    quick = search(board, movetime=0.05)
    assert quick.best in board.legal_moves and quick.seconds < 2


def test_stop_from_another_thread() -> None:
    engine = MartianEngine()
    board = Board(players=4)
    timer = threading.Timer(0.2, engine.stop)
    timer.start()
    result = engine.search(board, depth=30)  # far too deep to finish
    timer.join()
    assert result.best in board.legal_moves and result.depth < 30


@pytest.mark.parametrize(
    ("limits", "error"),
    [
        ({"depth": 0}, ValueError),
        ({"depth": 33}, ValueError),
        ({"depth": 2.5}, TypeError),
        ({"nodes": -1}, ValueError),
        ({"movetime": 0}, ValueError),
        ({"movetime": float("nan")}, ValueError),
        ({"movetime": "1"}, TypeError),
        ({"clocks": [1.0]}, ValueError),
        ({"clocks": "1111"}, ValueError),
        ({"clocks": [1, 1, -1, 1]}, ValueError),
    ],
)
def test_bad_limits(limits: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        search(Board(), **limits)


def test_bad_engine_and_board() -> None:
    with pytest.raises(ValueError):
        MartianEngine(hash_mb=0)
    with pytest.raises(TypeError):
        MartianEngine().search("2 QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 0 0,0 -")  # type: ignore[arg-type]

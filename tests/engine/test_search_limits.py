"""Limits, stopping, clocks and misuse of the Engine: what a server and a GUI rely on.

No timing asserts: a bound here only catches a search that does not stop at all.
"""

from __future__ import annotations

import threading
import time

import pytest

from fourchess import Board
from fourchess.engine import Engine, search
from fourchess.players import RandomPlayer, SearchPlayer

HUNG = 30.0  # seconds: only a search that ignores its limit takes this long


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_fixed_depth_with_one_thread_is_deterministic(mode):
    board = Board(mode=mode)
    for _ in range(6):
        board.push(RandomPlayer(seed=3).choose_move(board))
    first = search(board, depth=4)
    second = search(board, depth=4)
    assert (first.best, first.score, first.pv, first.nodes) == (second.best, second.score, second.pv, second.nodes)


def test_info_once_per_iteration():
    seen = []
    result = search(Board(), depth=5, info=seen.append)
    assert [r.depth for r in seen] == [1, 2, 3, 4, 5]
    assert seen[-1].best == result.best and result.depth == 5


def test_an_info_callback_error_ends_the_search_and_reaches_the_caller():
    def fail(_):
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        search(Board(), depth=20, info=fail)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_movetime_returns_a_move(mode):
    board = Board(mode=mode)
    start = time.monotonic()
    result = search(board, movetime=0.05)
    assert time.monotonic() - start < HUNG
    assert result.best in board.legal_moves


def test_nodes_limit():
    result = search(Board(), nodes=2000)
    assert result.best in Board().legal_moves
    assert result.nodes <= 2000 + 64  # counted per node; a few quiescence nodes may finish the last


def test_stop_from_another_thread_ends_an_infinite_search():
    engine = Engine(hash_mb=8)
    pending = engine.start(Board(), infinite=True)
    time.sleep(0.05)
    assert not pending.done()  # infinite: it waits for stop even after every depth
    pending.stop()
    result = pending.result(timeout=HUNG)
    assert result.best in Board().legal_moves


def test_a_stop_right_after_start_is_not_lost():
    engine = Engine(hash_mb=8)
    for _ in range(20):
        pending = engine.start(Board(mode="ffa"), infinite=True)
        engine.stop()
        assert pending.result(timeout=HUNG).best is not None


def test_one_search_at_a_time_per_engine():
    engine = Engine(hash_mb=8)
    pending = engine.start(Board(), infinite=True)
    time.sleep(0.02)
    with pytest.raises(RuntimeError, match="one search at a time"):
        engine.search(Board(), depth=1)
    with pytest.raises(RuntimeError, match="one search at a time"):
        engine.hash_mb = 16
    engine.stop()
    pending.result(timeout=HUNG)
    engine.hash_mb = 16  # free again
    assert engine.hash_mb == 16


def test_the_board_may_change_while_the_search_runs():
    board = Board()
    engine = Engine(hash_mb=8)
    pending = engine.start(board, depth=30)
    for _ in range(200):
        board.push(next(iter(board.legal_moves)))
        board.pop()
    engine.stop()
    assert pending.result(timeout=HUNG).best in Board().legal_moves


def test_no_legal_move_gives_none():
    board = Board()
    board.resign(0)  # Teams: the game is over
    result = search(board, depth=3)
    assert result.best is None and result.pv == ()


@pytest.mark.parametrize(
    "limits, error",
    [
        ({"depth": 0}, ValueError),
        ({"depth": 65}, ValueError),
        ({"depth": "3"}, TypeError),
        ({"depth": True}, TypeError),
        ({"nodes": 0}, ValueError),
        ({"movetime": 0}, ValueError),
        ({"movetime": float("nan")}, ValueError),
        ({"movetime": -1}, ValueError),
        ({"clocks": (1, 2, 3)}, ValueError),
        ({"clocks": "1234"}, TypeError),
        ({"clocks": (1, 2, 3, float("inf"))}, ValueError),
        ({"increments": (1, 1, 1, 1)}, ValueError),
        ({"info": 3}, TypeError),
    ],
)
def test_bad_limits_are_named(limits, error):
    with pytest.raises(error):
        search(Board(), **limits)


def test_bad_engine_settings():
    with pytest.raises(ValueError, match="hash_mb"):
        Engine(hash_mb=0)
    with pytest.raises(ValueError, match="threads"):
        Engine(threads=0)
    with pytest.raises(ValueError, match="ffa_search"):
        Engine(ffa_search="maxn")
    with pytest.raises(TypeError, match="fourchess.Board"):
        search("R-0,0,0,0", depth=1)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_two_threads_search_and_agree_on_legality(mode):
    board = Board(mode=mode)
    result = search(board, depth=4, threads=2)
    assert result.best in board.legal_moves
    assert result.depth == 4


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_clocks_with_increments_never_flag(mode):
    # A simulated game on real clocks: each seat starts with 1.5 s and gains 0.05 s a move; a
    # seat's clock loses what its search really took. No seat may run out.
    board = Board(mode=mode)
    clocks = [1.5] * 4
    increments = [0.05] * 4
    players = [SearchPlayer(hash_mb=8) for _ in range(4)]
    for _ in range(48):
        if board.is_game_over():
            break
        seat = int(board.turn)
        start = time.monotonic()
        move = players[seat].choose_move(board, clocks=tuple(clocks), increments=tuple(increments))
        clocks[seat] -= time.monotonic() - start
        assert clocks[seat] > 0, f"seat {seat} flagged"
        clocks[seat] += increments[seat]
        board.push(move)


def test_engine_shared_by_threads_never_crashes():
    # Several threads hammer one engine: searches are refused while one runs, stops land anywhere.
    engine = Engine(hash_mb=4)
    errors = []

    def worker(seed):
        board = Board(mode="ffa" if seed % 2 else "teams")
        for _ in range(15):
            try:
                engine.search(board, depth=3)
            except RuntimeError as error:
                if "one search at a time" not in str(error):
                    errors.append(error)
            engine.stop()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(HUNG)
    assert not errors

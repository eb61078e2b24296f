"""The stateless calls from 8 threads at once: every answer equals the one computed on a single
thread. The calls share nothing and release the GIL while they replay and generate, so threads
really overlap inside the core; .ci/sanitizers runs this under ThreadSanitizer too.

FOURCHESS_THREAD_ROUNDS sets how many times each thread runs the whole list (default 2).
"""

from __future__ import annotations

import os
import random
import sys
import threading

import fourchess
from support.stateless_positions import every_game, record_boards

THREADS = 8
SPREAD = 10  # every 10th differential game
ROUNDS = int(os.environ.get("FOURCHESS_THREAD_ROUNDS", "2"))


def _calls() -> list[tuple[str, object]]:
    """(label, zero-argument call) for every stateless call on a spread of differential games,
    the real records, and bad input (whose error must also be the same)."""
    calls = []
    for game in every_game()[::SPREAD]:
        args, rules = (game.root_fen4, list(game.steps)), game.rules
        board = game.board()
        legal = sorted(str(move) for move in board.legal_moves)
        fen4, fields = board.fen4(), board.to_dict()
        calls += [
            (f"legal_moves {game.label}", lambda a=args, r=rules: fourchess.legal_moves(*a, rules=r)),
            (f"apply {game.label}", lambda a=args, r=rules: fourchess.apply(*a, rules=r)),
            (f"status {game.label}", lambda a=args, r=rules: fourchess.status(*a, rules=r)),
            (f"validate_fen4 {game.label}", lambda f=fen4, r=rules: fourchess.validate_fen4(f, rules=r)),
            (f"bad history {game.label}", lambda a=args, r=rules: fourchess.apply(a[0], a[1] + ["h2-h9"], rules=r)),
            (f"from_dict {game.label}", lambda d=fields: board_state(fourchess.Board.from_dict(d))),
        ]
        for text in legal[:3] + ["h2-h5", "b7-c7", "Nf3", "zz"]:
            calls.append(
                (
                    f"check_move {text} {game.label}",
                    lambda a=args, t=text, r=rules: fourchess.check_move(*a, t, rules=r),
                )
            )
    for name, board in record_boards():
        args, rules = (board.root_fen4(), board.step_texts()), board.rules
        calls.append((f"status {name}", lambda a=args, r=rules: fourchess.status(*a, rules=r)))
    return calls


def board_state(board: fourchess.Board) -> tuple[str, list[str]]:
    return board.fen4(), board.step_texts()


def _answer(call) -> object:
    try:
        return ("value", call())
    except Exception as error:  # noqa: BLE001 - the error is part of the answer
        return ("error", type(error), str(error))


def test_every_call_from_8_threads_gives_the_single_threaded_answer():
    calls = _calls()
    expected = [_answer(call) for _, call in calls]
    assert sum(answer[0] == "error" for answer in expected) >= len(every_game()[::SPREAD])  # the bad ones did raise
    wrong: list[str] = []
    failures: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def work(seed: int) -> None:
        try:
            order = list(range(len(calls)))
            rng = random.Random(seed)
            start.wait()
            for _ in range(ROUNDS):
                rng.shuffle(order)
                for index in order:
                    label, call = calls[index]
                    got = _answer(call)
                    if got != expected[index]:
                        wrong.append(f"{label}: {got!r} != {expected[index]!r}"[:500])
        except BaseException as error:  # noqa: BLE001 - handed to the main thread
            failures.append(error)

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads switch inside nearly every Python-level step
    try:
        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(600)
    finally:
        sys.setswitchinterval(before)
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish"
    assert not failures, failures[0]
    assert not wrong, f"{len(wrong)} answers differed:\n" + "\n".join(wrong[:5])

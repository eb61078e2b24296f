"""Martian boards under threads: threaded perft and divide agree with one thread, and boards
shared by threads that push, pop and count at once stay sound (the GIL orders the calls; perft
copies its position before it lets go of the GIL)."""

from __future__ import annotations

import random
import threading

from fourchess.martian import Board


def test_threaded_perft_and_divide_agree_with_one_thread() -> None:
    for players in (2, 4):
        board = Board(players=players)
        assert board.perft(4, threads=4) == board.perft(4)
        assert board.divide(3, threads=3) == board.divide(3)


def test_one_board_shared_by_threads_that_push_pop_and_count() -> None:
    board = Board(players=4)
    errors: list[BaseException] = []

    def mover(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(300):
                moves = list(board.legal_moves)
                if moves and rng.random() < 0.6:
                    try:
                        board.push(rng.choice(moves))
                    except ValueError:
                        pass  # another thread moved first: the move may be stale
                elif board.move_stack:
                    try:
                        board.pop()
                    except IndexError:
                        pass
        except BaseException as error:  # reported below
            errors.append(error)

    def counter() -> None:
        try:
            for _ in range(20):
                board.perft(2, threads=2)
                board.mfen()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=mover, args=(i,)) for i in range(3)] + [threading.Thread(target=counter)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    replay = Board(players=4)
    for move in board.move_stack:
        replay.push(move)
    assert replay.mfen() == board.mfen()

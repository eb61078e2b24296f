"""One Board shared by Python threads, with no lock.

Sharing a Board without a lock is misuse, and may give a wrong answer or an error, never memory
corruption. These tests hammer one Board from several threads for a bounded time and check that
every answer is one the board could have given at some instant: the binding copies what it needs
out of the C++ game before it makes a Python object (which can switch threads) or releases the
GIL (perft, divide). .ci/sanitizers runs them under ASan and ThreadSanitizer, where a read of
freed or changing memory is caught even when the answer happens to come out right.

FOURCHESS_THREAD_SECONDS sets how long each test hammers (default 1.5 s).
"""

from __future__ import annotations

import os
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from fourchess import Board, IllegalMoveError, Move

SECONDS = float(os.environ.get("FOURCHESS_THREAD_SECONDS", "1.5"))
READERS = 3


@contextmanager
def _fast_switching() -> Iterator[None]:
    """Threads switch every few microseconds, so a switch lands inside nearly every call."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _run(workers: list[Callable[[float], None]]) -> None:
    """Runs the workers on their own threads until the deadline; re-raises the first failure."""
    failures: list[BaseException] = []
    deadline = time.monotonic() + SECONDS

    def guarded(work: Callable[[float], None]) -> None:
        try:
            work(deadline)
        except BaseException as error:  # noqa: BLE001 - handed to the main thread
            failures.append(error)

    threads = [threading.Thread(target=guarded, args=(work,)) for work in workers]
    with _fast_switching():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS + 120)
    assert not any(thread.is_alive() for thread in threads), "a thread did not stop"
    if failures:
        raise failures[0]


def _random_line(board: Board, plies: int, rng: random.Random) -> list[Move]:
    """Up to `plies` random legal moves played on `board` (fewer if the game ends)."""
    line = []
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=str)
        if not moves:
            break
        move = rng.choice(moves)
        board.push(move)
        line.append(move)
    return line


# --- reading the history while it grows ---------------------------------------------------


def test_history_read_while_the_stack_grows() -> None:
    """The move stack is reallocated as it grows; history and peek read it while other threads
    push. Each round plays a fresh game, so the stack grows (and moves) again and again."""
    rounds: list[tuple[Board, list[Move]]] = []
    seen: list[tuple[int, list[str], str | None]] = []  # (round, history, peek) as read
    current: dict[str, int] = {"round": -1}

    def writer(deadline: float) -> None:
        rng = random.Random(9)
        while time.monotonic() < deadline:
            board, line = Board(mode=rng.choice(("teams", "ffa"))), []
            rounds.append((board, line))
            current["round"] = len(rounds) - 1
            for _ in range(300):
                moves = list(board.legal_moves)
                if not moves or time.monotonic() >= deadline:
                    break
                move = rng.choice(moves)
                board.push(move)
                line.append(move)

    def reader(deadline: float) -> None:
        while time.monotonic() < deadline:
            number = current["round"]
            if number < 0:
                continue
            board = rounds[number][0]
            history = [str(step) for step in board.history]
            try:
                last = str(board.peek())
            except IndexError:
                last = None
            seen.append((number, history, last))

    _run([writer] + [reader] * READERS)
    assert seen, "the readers never ran"
    for number, history, last in seen:
        line = [str(move) for move in rounds[number][1]]
        assert history == line[: len(history)], f"round {number}: history {history} is not a prefix of the game {line}"
        assert last is None or last in line, f"round {number}: peek {last} was never played"


# --- one writer on a known line, readers checking every answer ---------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Every answer the board gives after the first `len(history)` moves of the line."""

    history: tuple[str, ...]
    fen4: str
    key: int
    legal_moves: frozenset[str]
    perft2: int
    divide2: tuple[tuple[str, int], ...]


def _snapshots(mode: str, line: list[Move]) -> dict[tuple[str, ...], Snapshot]:
    board = Board(mode=mode)
    snapshots = {}
    for ply in range(len(line) + 1):
        if ply:
            board.push(line[ply - 1])
        history = tuple(str(move) for move in line[:ply])
        snapshots[history] = Snapshot(
            history,
            board.fen4(),
            board.zobrist_hash(),
            frozenset(str(move) for move in board.legal_moves),
            board.perft(2),
            tuple(sorted((str(move), count) for move, count in board.divide(2).items())),
        )
    return snapshots


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_readers_see_only_positions_the_board_passed_through(mode: str) -> None:
    """One thread plays a fixed line forward and takes it back, over and over; the others ask
    everything. Each answer must be the answer at one of the line's positions, worked out
    beforehand on a board no other thread touched."""
    line = _random_line(Board(mode=mode), 10, random.Random(mode))
    assert len(line) == 10
    snapshots = _snapshots(mode, line)
    by_fen4 = {snapshot.fen4: snapshot for snapshot in snapshots.values()}
    keys = {snapshot.key for snapshot in snapshots.values()}
    move_sets = {snapshot.legal_moves for snapshot in snapshots.values()}
    perfts = {snapshot.perft2 for snapshot in snapshots.values()}
    divides = {snapshot.divide2 for snapshot in snapshots.values()}
    texts = [str(move) for move in line]
    board = Board(mode=mode)
    checked: list[int] = [0]

    def writer(deadline: float) -> None:
        while time.monotonic() < deadline:
            for ply, move in enumerate(line):
                if ply % 2:
                    board.push(move)
                else:
                    board.push_move(texts[ply])
            for move in reversed(line):
                taken_back = board.pop()
                assert taken_back == move, f"pop gave {taken_back}, expected {move}"

    def reader(deadline: float) -> None:
        rng = random.Random(threading.get_ident())
        while time.monotonic() < deadline:
            ask = rng.randrange(9)
            if ask == 0:
                history = tuple(str(step) for step in board.history)
                assert history in snapshots, f"history {history} is not a prefix of the line"
            elif ask == 1:
                stack = tuple(str(move) for move in board.move_stack)
                assert stack in snapshots, f"move_stack {stack} is not a prefix of the line"
            elif ask == 2:
                try:
                    assert str(board.peek()) in texts
                except IndexError:
                    pass  # the stack was empty at that instant
            elif ask == 3:
                assert board.fen4() in by_fen4
                assert board.zobrist_hash() in keys
            elif ask == 4:
                assert frozenset(str(move) for move in board.legal_moves) in move_sets
            elif ask == 5:
                threads = rng.choice((1, 2))
                count = board.perft(2, threads=threads, bulk=rng.random() < 0.5)
                assert count in perfts, f"perft(2, threads={threads}) = {count}, at no position of the line"
            elif ask == 6:
                split = tuple(sorted((str(move), count) for move, count in board.divide(2).items()))
                assert split in divides, "divide(2) matches no position of the line"
            elif ask == 7:
                copy = board.copy()
                history = tuple(str(step) for step in copy.history)
                assert history in snapshots and snapshots[history].fen4 == copy.fen4(), "copy() mixes two positions"
            else:
                move = line[rng.randrange(len(line))]
                try:
                    assert isinstance(board.move_text(move), str)
                except IllegalMoveError:
                    pass  # not legal at that instant
            checked[0] += 1

    _run([writer] + [reader] * READERS)
    assert checked[0] > 0, "the readers never ran"
    assert board.fen4() in by_fen4  # the writer stops between whole steps


# --- several writers: errors allowed, a consistent board required ------------------------------


def test_many_writers_leave_a_board_that_replays_to_itself() -> None:
    """Several threads push and pop at random on one board while others read. A stale move may
    be refused and a pop may find the stack empty; at the end the board must be a real game:
    replaying its history from its root gives the same position, key and perft."""
    board = Board(mode="ffa")
    refused = [0]

    def writer(deadline: float) -> None:
        rng = random.Random(threading.get_ident())
        while time.monotonic() < deadline:
            try:
                if rng.random() < 0.55:
                    moves = list(board.legal_moves)
                    if moves:
                        choice = rng.choice(moves)
                        if rng.random() < 0.5:
                            board.push(choice)
                        else:
                            board.push_move(str(choice))
                else:
                    board.pop()
            except (IllegalMoveError, IndexError):
                refused[0] += 1  # another writer moved first

    def reader(deadline: float) -> None:
        rng = random.Random(threading.get_ident())
        while time.monotonic() < deadline:
            assert all(isinstance(step, Move) for step in board.history)
            assert board.perft(2, threads=rng.choice((1, 2))) >= 0
            split = board.divide(1)
            assert sum(split.values()) == len(split)  # one leaf per root move
            Board(board.fen4(), mode="ffa")  # what fen4() wrote must read back
            copy = board.copy()
            assert copy.zobrist_hash() == copy._zobrist_from_scratch()

    _run([writer] * 3 + [reader] * 2)
    replay = Board(board.root_fen4(), mode="ffa")
    for step in board.history:
        replay.push(step)
    assert replay.fen4() == board.fen4()
    assert board.zobrist_hash() == board._zobrist_from_scratch() == replay.zobrist_hash()
    assert board.perft(2) == replay.perft(2)

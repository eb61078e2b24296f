"""Martian Chess's encoding: the action index counted again from the queen lines, every legal move
of random games round trip, the mask, the frame turn, planes read back from the MFEN, batch against
one by one, bad arguments and threads."""

from __future__ import annotations

import random
import threading

import pytest

from support.rl_extra import require_rl

np = require_rl("numpy")
encoding = require_rl("fourchess.rl.martian")
from fourchess import martian  # noqa: E402
from fourchess.rl import IllegalActionError  # noqa: E402

LINES = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
# Planes only the game's history knows: an MFEN read back starts a history of its own.
HISTORY_PLANES = ("repeated once", "repeated twice", "moves left")


def queen_steps(players: int) -> int:
    """Queen-line steps on the board of ``players`` (4 x 8 or 8 x 8), from docs/martian.md's grid."""
    files = 4 if players == 2 else 8
    count = 0
    for file in range(files):
        for rank in range(8):
            for df, dr in LINES:
                f, r = file + df, rank + dr
                while 0 <= f < files and 0 <= r < 8:
                    count += 1
                    f, r = f + df, r + dr
    return count


def random_boards(players: int, games: int, seed: int) -> list[martian.Board]:
    rng = random.Random(seed)
    boards = []
    for _ in range(games):
        board = martian.Board(players=players)
        while not board.is_game_over() and len(board.move_stack) < 120:
            boards.append(board.copy())
            board.push(rng.choice(list(board.legal_moves)))
        boards.append(board.copy())
    return boards


@pytest.mark.parametrize("players", [2, 4])
def test_the_action_count_is_the_queen_lines(players: int) -> None:
    assert encoding.action_count(players) == queen_steps(players)
    from fourchess import _martian

    steps = {_martian.rl.frame_action(players, index) for index in range(encoding.action_count(players))}
    assert len(steps) == encoding.action_count(players)


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_move_round_trips_and_the_mask_is_the_legal_set(players: int) -> None:
    positions = 0
    for board in random_boards(players, 12, seed=players):
        moves = list(board.legal_moves)
        indices = [encoding.encode_move(board, move) for move in moves]
        assert len(set(indices)) == len(indices)
        assert all(0 <= index < encoding.action_count(players) for index in indices)
        assert [encoding.decode_action(board, index) for index in indices] == moves
        assert set(np.flatnonzero(encoding.legal_mask(board)).tolist()) == set(indices)
        assert encoding.legal_actions(board) == sorted(indices)
        positions += 1
    assert positions > 500


def test_an_index_that_is_no_legal_move_is_refused() -> None:
    board = martian.Board()
    legal = set(encoding.legal_actions(board))
    for action in range(encoding.action_count(2)):
        if action not in legal:
            with pytest.raises(IllegalActionError):
                encoding.decode_action(board, action)


@pytest.mark.parametrize(
    ("players", "seat", "square", "shown"),
    [
        (2, 0, "a1", "a1"),
        (2, 1, "a8", "d1"),
        (2, 1, "d5", "a4"),
        (4, 1, "a8", "a1"),
        (4, 2, "h8", "a1"),
        (4, 3, "h1", "a1"),
        (4, 1, "d5", "d4"),
    ],
)
def test_hand_checked_frame_squares(players: int, seat: int, square: str, shown: str) -> None:
    frame = encoding.to_frame(players, seat, martian.parse_square(square))
    assert frame == martian.parse_square(shown)
    assert encoding.from_frame(players, seat, frame) == martian.parse_square(square)


@pytest.mark.parametrize("players", [2, 4])
def test_each_seat_sees_its_own_zone_at_the_bottom_left(players: int) -> None:
    board = martian.Board(players=players)
    names = encoding.plane_names()
    start = encoding.planes(board, seat=0)
    for seat in range(players):
        view = encoding.planes(board, seat=seat)
        assert np.array_equal(view[names.index("zone self")], start[names.index("zone self")])
        # The start is the same for every seat: its own pieces stand where seat 0's do.
        assert np.array_equal(view[:3], start[:3])
        assert view[names.index(f"seat {seat}")].all()


@pytest.mark.parametrize("players", [2, 4])
def test_planes_equal_those_of_the_mfen_read_back(players: int) -> None:
    keep = [index for index, name in enumerate(encoding.plane_names()) if name not in HISTORY_PLANES]
    for board in random_boards(players, 4, seed=10 + players):
        again = martian.Board(board.mfen())
        for seat in range(players):
            assert np.array_equal(encoding.planes(board, seat=seat)[keep], encoding.planes(again, seat=seat)[keep])


def test_batch_equals_one_by_one_and_uint8_sets_the_same_cells() -> None:
    boards = random_boards(4, 2, seed=3)[::5]
    batch = encoding.planes_batch(boards, history=3)
    for board, planes in zip(boards, batch, strict=True):
        assert np.array_equal(planes, encoding.planes(board, history=3))
    assert np.array_equal(batch > 0, encoding.planes_batch(boards, history=3, dtype="uint8") > 0)
    masks = encoding.legal_mask_batch(boards)
    for board, mask in zip(boards, masks, strict=True):
        assert np.array_equal(mask, encoding.legal_mask(board))


def test_bad_arguments() -> None:
    board = martian.Board()
    with pytest.raises(ValueError, match="one player count"):
        encoding.planes_batch([board, martian.Board(players=4)])
    with pytest.raises(ValueError):
        encoding.decode_action(board, encoding.action_count(2))
    with pytest.raises(TypeError):
        encoding.planes("board")
    with pytest.raises(ValueError):
        encoding.planes(board, seat=2)
    with pytest.raises(ValueError):
        encoding.planes(board, out=np.zeros((24, 8, 4), np.float32))
    from fourchess import _martian

    with pytest.raises(ValueError, match="shape"):
        _martian.rl.legal_mask([board], 2, np.zeros((1, 1456), np.int8))
    with pytest.raises(ValueError, match="4-player"):
        _martian.rl.planes([martian.Board(players=4)], 2, 1, -1, np.zeros((1, 24, 8, 8), np.float32))


def test_batches_while_another_thread_plays() -> None:
    boards = [martian.Board(players=4) for _ in range(8)]
    stop = threading.Event()

    def play() -> None:
        rng = random.Random(0)
        while not stop.is_set():
            board = rng.choice(boards)
            moves = list(board.legal_moves)
            try:
                if moves and len(board.move_stack) < 30:
                    board.push(rng.choice(moves))
                elif board.move_stack:
                    board.pop()
            except (ValueError, IndexError):  # a race with the other thread's reads: refused, not torn
                pass

    player = threading.Thread(target=play)
    player.start()
    try:
        for _ in range(50):
            assert encoding.planes_batch(boards, history=4).shape[0] == len(boards)
            encoding.legal_mask_batch(boards)
    finally:
        stop.set()
        player.join()

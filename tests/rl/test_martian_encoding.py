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
    for board in random_boards(players, 30, seed=players):
        moves = list(board.legal_moves)
        indices = [encoding.encode_move(board, move) for move in moves]
        assert len(set(indices)) == len(indices)
        assert all(0 <= index < encoding.action_count(players) for index in indices)
        assert [encoding.decode_action(board, index) for index in indices] == moves
        assert set(np.flatnonzero(encoding.legal_mask(board)).tolist()) == set(indices)
        assert encoding.legal_actions(board) == sorted(indices)
        positions += 1
    assert positions > 2000


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
def test_the_frame_turn_is_a_bijection_of_the_board(players: int) -> None:
    squares = martian.board_squares(players)
    for seat in range(players):
        shown = [encoding.to_frame(players, seat, square) for square in squares]
        assert sorted(shown) == sorted(squares)
        assert [encoding.from_frame(players, seat, square) for square in shown] == squares
    if players == 4:  # a quarter turn per seat: seat s's frame is seat 1's turn made s times
        for seat in range(4):
            for square in squares:
                turned = square
                for _ in range(seat):
                    turned = encoding.to_frame(4, 1, turned)
                assert encoding.to_frame(4, seat, square) == turned


@pytest.mark.parametrize("players", [2, 4])
def test_a_square_off_the_two_player_board_is_refused_from_every_seat(players: int) -> None:
    # Files e-h exist only on the four-player board; half a turn must not bring them onto the grid.
    for mfen in (martian.START_2, "2 QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 1 0,0 d3-d5"):
        board = martian.Board(mfen)
        for text in ("e8-d8", "d1-e1", "h1-h2", "e5-d4"):
            with pytest.raises(ValueError, match="no queen-line step"):
                encoding.encode_move(board, martian.Move.from_str(text))
        for seat in range(2):
            with pytest.raises(ValueError, match="not on the 2-player board"):
                encoding.to_frame(2, seat, martian.parse_square("e8"))
            with pytest.raises(ValueError, match="not on the 2-player board"):
                encoding.from_frame(2, seat, martian.parse_square("h1"))
    board = martian.Board(players=players)
    assert encoding.encode_move(board, martian.Move.from_str("a1-d4")) >= 0


def pieces_shown(view: object, names: tuple[str, ...]) -> dict[str, set[str]]:
    return {
        kind: {martian.square_name(int(cell)) for cell in np.flatnonzero(view[names.index(kind)])}  # type: ignore[index]
        for kind in ("pawns", "drones", "queens")
    }


# Worked by hand from the layout: seat 1's quarter turn takes (file, rank) to (7 - rank, file),
# seat 2's half turn to (7 - file, 7 - rank), seat 3's to (rank, 7 - file); with two players
# seat 1's half turn takes (file, rank) to (3 - file, 7 - rank).
FOUR_PLAYER_VIEWS = [
    {"pawns": {"b3", "f2"}, "drones": {"g7"}, "queens": {"c6"}},
    {"pawns": {"f2", "g6"}, "drones": {"b7"}, "queens": {"c3"}},
    {"pawns": {"g6", "c7"}, "drones": {"b2"}, "queens": {"f3"}},
    {"pawns": {"c7", "b3"}, "drones": {"g2"}, "queens": {"f6"}},
]


def test_hand_checked_planes_of_a_small_four_player_position() -> None:
    board = martian.Board("4 8/6D1/2Q5/8/8/1P6/5P2/8 2 3,0,7,12 -")
    names = encoding.plane_names()
    scores = (3, 0, 7, 12)
    for seat, expected in enumerate(FOUR_PLAYER_VIEWS):
        view = encoding.planes(board, seat=seat)
        assert pieces_shown(view, names) == expected
        # The seat's own zone is always a1-d4, the next seat's a5-d8 (the zones turn with the pieces).
        assert set(np.flatnonzero(view[names.index("zone self")])) == {
            martian.parse_square(f"{f}{r}") for f in "abcd" for r in "1234"
        }
        assert set(np.flatnonzero(view[names.index("zone next")])) == {
            martian.parse_square(f"{f}{r}") for f in "abcd" for r in "5678"
        }
        for offset, relative in enumerate(("self", "next", "across", "previous")):
            assert (view[names.index(f"score {relative}")] == np.float32(scores[(seat + offset) % 4] / 10)).all()
        assert view[names.index(f"seat {seat}")].all() and view[names.index("four players")].all()
        assert view[names.index("playable")].all()
        assert not view[names.index("no rejection from")].any()


def test_hand_checked_planes_of_a_small_two_player_position() -> None:
    # South to move, whose pawn on c4 came from b5 across the canal and may not go back.
    board = martian.Board("2 4/2Q1/4/4/2P1/4/1P2/4 0 5,2 b5-c4")
    names = encoding.plane_names()
    for seat, pawns, queens, from_square, to_square, own, other in (
        (0, {"b2", "c4"}, {"c7"}, "b5", "c4", 5, 2),
        (1, {"c7", "b5"}, {"b2"}, "c4", "b5", 2, 5),
    ):
        view = encoding.planes(board, seat=seat)
        assert pieces_shown(view, names) == {"pawns": pawns, "drones": set(), "queens": queens}
        assert np.flatnonzero(view[names.index("no rejection from")]).tolist() == [martian.parse_square(from_square)]
        assert np.flatnonzero(view[names.index("no rejection to")]).tolist() == [martian.parse_square(to_square)]
        assert (view[names.index("score self")] == np.float32(own / 10)).all()
        assert (view[names.index("score next")] == np.float32(other / 10)).all()
        assert not view[names.index("score across")].any() and not view[names.index("four players")].any()
        playable = {martian.parse_square(f"{f}{r}") for f in "abcd" for r in range(1, 9)}
        assert set(np.flatnonzero(view[names.index("playable")])) == playable


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


# The documented scales: a float plane holds count / scale, a uint8 plane the count itself.
SCALES = {"score self": 10, "score next": 10, "score across": 10, "score previous": 10, "moves left": 100}


@pytest.mark.parametrize("players", [2, 4])
def test_uint8_and_float32_agree_cell_for_cell(players: int) -> None:
    rules = martian.MartianRules(move_limit=90)
    rng = random.Random(20 + players)
    names = encoding.plane_names(history=2)
    board = martian.Board(players=players, rules=rules)
    checked = 0
    while not board.is_game_over():
        floats = encoding.planes(board, history=2)
        counts = encoding.planes(board, history=2, dtype="uint8")
        for index, name in enumerate(names):
            scale = SCALES.get(name, 1)
            assert np.array_equal(floats[index], counts[index].astype(np.float32) / np.float32(scale)), name
        checked += 1
        board.push(rng.choice(list(board.legal_moves)))
    assert checked > 10


def test_bad_buffers_are_refused_by_the_binding_and_the_wrappers() -> None:
    from fourchess import _martian

    board = martian.Board()
    read_only = np.zeros((1, 24, 8, 8), np.float32)
    read_only.flags.writeable = False
    refused = {
        "read-only": read_only,
        "strided": np.zeros((1, 24, 8, 16), np.float32)[..., ::2],
        "float64": np.zeros((1, 24, 8, 8), np.float64),
        "big-endian": np.zeros((1, 24, 8, 8), ">f4"),
        "flat": np.zeros(24 * 64, np.float32),
    }
    for out in refused.values():
        with pytest.raises(ValueError):
            _martian.rl.planes([board], 2, 1, -1, out)
        if isinstance(out, np.ndarray) and out.ndim == 4:
            with pytest.raises(ValueError):
                encoding.planes(board, out=out[0])
            with pytest.raises(ValueError):
                encoding.planes_batch([board], out=out)
    with pytest.raises(TypeError):
        _martian.rl.planes([board], 2, 1, -1, "not a buffer")
    with pytest.raises(BufferError):  # as the four-player binding: Python's own refusal of a read-only exporter
        _martian.rl.planes([board], 2, 1, -1, bytes(24 * 64 * 4))
    with pytest.raises(TypeError):  # the wrappers take NumPy arrays only
        encoding.planes_batch([board], out=bytearray(24 * 64 * 4))
    with pytest.raises(TypeError):
        encoding.legal_mask(board, out=[0] * 472)
    with pytest.raises(ValueError):
        encoding.legal_mask(board, out=np.zeros(472, np.float32))
    with pytest.raises(ValueError):
        encoding.legal_mask_batch([board], out=np.zeros((1, 472), np.int8)[:, ::-1])
    # A refused buffer is left as it was: the checks come before any byte is written.
    kept = np.full((1, 24, 8, 4), 7.0, np.float32)
    with pytest.raises(ValueError):
        _martian.rl.planes([board], 2, 1, -1, kept)
    assert (kept == 7.0).all()


def test_bad_indices() -> None:
    board = martian.Board()
    for action in (-1, encoding.action_count(2), 10**40):
        with pytest.raises(ValueError, match="action must be") as refused:
            encoding.decode_action(board, action)
        assert not isinstance(refused.value, IllegalActionError)
        assert len(str(refused.value)) < 200
    for action in (1.0, "3", None, True):
        with pytest.raises(TypeError):
            encoding.decode_action(board, action)
    with pytest.raises(TypeError):
        encoding.encode_move(board, "d3-d5")


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


@pytest.mark.parametrize("players", [2, 4])
def test_earlier_positions_are_those_boards_seen_from_the_mover_now(players: int) -> None:
    history = 4
    names = encoding.plane_names(history)
    first = names.index("pawns (t-1)")
    for board in random_boards(players, 2, seed=30 + players)[::7]:
        seat = board.turn
        stacked = encoding.planes(board, history=history)
        earlier = board.copy()
        for t in range(history):
            planes = stacked[t * first : (t + 1) * first]
            if t > len(board.move_stack):  # before the game's start: zeros
                assert not planes.any()
                continue
            assert np.array_equal(planes, encoding.planes(earlier, seat=seat)[:first])
            if earlier.move_stack:
                earlier.pop()


def test_repetition_planes_count_the_position_in_the_game_so_far() -> None:
    names = encoding.plane_names(2)
    board = martian.Board()
    shuffle = ["d3-d4", "a6-a5", "d4-d3", "a5-a6"]
    texts = [board.mfen()]
    for move in shuffle * 2:  # the start a third time ends the game
        board.push_move(move)
        texts.append(board.mfen())
        planes = encoding.planes(board, history=2)
        # MFENs differ exactly when positions do here: no capture, so no score changes.
        for t, suffix in ((0, ""), (1, " (t-1)")):
            seen = texts[: len(texts) - t].count(texts[-1 - t])
            assert planes[names.index("repeated once" + suffix)].all() == (seen >= 2)
            assert planes[names.index("repeated twice" + suffix)].all() == (seen >= 3)
    assert board.outcome() is not None and board.outcome().termination is martian.Termination.REPETITION


def test_the_moves_left_plane_counts_down_to_the_limit() -> None:
    names = encoding.plane_names()
    board = martian.Board(players=4, rules=martian.MartianRules(move_limit=300))
    rng = random.Random(5)
    for made in range(12):
        planes = encoding.planes(board)
        assert (planes[names.index("moves left")] == np.float32((300 - made) / 100)).all()
        assert (encoding.planes(board, dtype="uint8")[names.index("moves left")] == 255).all()
        assert planes[names.index("move limit set")].all()
        board.push(rng.choice(list(board.legal_moves)))
    assert not encoding.planes(martian.Board())[names.index("move limit set")].any()

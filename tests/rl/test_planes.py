"""Observation planes: the frame turn, hand-checked positions for each seat, FEN4 read back,
history, repetition, batch against one by one, uint8 against float32, and bad arguments."""

from __future__ import annotations

import threading

import pytest

import fourchess
from support.fen4 import HOME_KINGS, fen4
from support.rl_extra import require_rl
from support.rl_positions import played_boards
from support.squares import on_board, sq

np = require_rl("numpy")
rl = require_rl("fourchess.rl")

NAMES = rl.plane_names()
PLANE = {name: index for index, name in enumerate(NAMES)}
PLAYABLE = [rank * 14 + file for rank in range(14) for file in range(14) if on_board(file, rank)]
# Planes only the game's history knows: a FEN4 read back starts a history of its own.
HISTORY_PLANES = ("repeated once", "repeated twice", "move number", "moves left")


def cells(planes, name: str) -> set[int]:
    """The squares (frame indices) set on the named plane."""
    return set(np.flatnonzero(planes[PLANE[name]].reshape(-1)).tolist())


@pytest.mark.parametrize("seat", range(4))
def test_the_frame_turn_is_a_rotation_of_the_cross(seat: int) -> None:
    turned = [rl.to_frame(seat, square) for square in PLAYABLE]
    assert sorted(turned) == PLAYABLE
    assert [rl.from_frame(seat, square) for square in turned] == PLAYABLE
    # A quarter turn per seat: four of the seat's steps come back to the start.
    square = sq("d4")
    for _ in range(4):
        square = rl.to_frame(1, square)
    assert square == sq("d4")
    # A rotation keeps the order of the corners of the cross's centre (no mirror image).
    corners = [sq(name) for name in ("d4", "k4", "k11", "d11")]
    turned_corners = [rl.to_frame(seat, square) for square in corners]
    start = turned_corners.index(corners[0])
    assert turned_corners[start:] + turned_corners[:start] == corners


@pytest.mark.parametrize("setup", ["modern", "classic"])
def test_every_seat_sees_the_same_army_at_the_start(setup: str) -> None:
    board = fourchess.Board(setup=setup)
    red = rl.planes(board)
    for seat in range(1, 4):
        view = rl.planes(board, seat=seat)
        # Own and partner (across) armies: in the modern setup exact; in the classic one the
        # king and queen change places on two of the four sides.
        for kind in ("pawn", "knight", "bishop", "rook"):
            for who in ("self", "next", "across", "previous"):
                assert cells(view, f"{who} {kind}") == cells(red, f"{who} {kind}"), (seat, who, kind)
        if setup == "modern":
            assert np.array_equal(view[: PLANE["dead pawn"]], red[: PLANE["dead pawn"]])
        assert view[PLANE["colour red"] + seat].all() and not view[PLANE["colour red"]].any()


def test_hand_checked_squares_for_each_seat() -> None:
    board = fourchess.Board()
    # Red's frame is the board itself: Red's king on h1, Blue's (next) on a7, Yellow's on g14.
    red = rl.planes(board, seat=0)
    assert cells(red, "self king") == {sq("h1")}
    assert cells(red, "next king") == {sq("a7")}
    assert cells(red, "across king") == {sq("g14")}
    assert cells(red, "previous king") == {sq("n8")}
    # Blue sits at the bottom of its frame: its king a7 shows on h1, Yellow (next) n8's king on
    # a7, Red (previous) on n8.
    blue = rl.planes(board, seat=1)
    assert cells(blue, "self king") == {sq("h1")}
    assert cells(blue, "next king") == {sq("a7")}
    assert cells(blue, "previous king") == {sq("n8")}
    # Blue's short rook a4 is Red's short rook square k1 in its frame.
    assert sq("k1") in cells(blue, "self rook") and rl.from_frame(1, sq("k1")) == sq("a4")
    # Green's pawns move towards file a: its pawn m5 stands on Red's e2 in its frame.
    assert rl.to_frame(3, sq("m5")) == sq("e2")
    assert rl.to_frame(2, sq("k13")) == sq("d2")


def test_dead_pieces_and_a_walking_king() -> None:
    board = fourchess.Board(mode="ffa")
    board.resign(fourchess.Seat.RED)  # FFA: Red's army dies, its king walks (dead_king_walking)
    assert fourchess.Seat.RED in board.walking_kings
    # Blue to move: Red is its previous seat; Red's pawns are dead pawns, its king a live king.
    view = rl.planes(board)
    assert board.turn == fourchess.Seat.BLUE
    assert cells(view, "dead pawn") == {rl.to_frame(1, sq(f"{f}2")) for f in "defghijk"}
    assert cells(view, "previous king") == {rl.to_frame(1, sq("h1"))}
    assert not view[PLANE["previous pawn"]].any()
    assert view[PLANE["walking king previous"]].all() and view[PLANE["eliminated previous"]].all()
    assert not view[PLANE["walking king self"]].any()
    assert view[PLANE["ffa"]].all()
    # Red's own frame: the walking king is itself.
    red = rl.planes(board, seat=0)
    assert red[PLANE["walking king self"]].all() and cells(red, "self king") == {sq("h1")}


def test_castling_en_passant_points_and_clocks() -> None:
    pieces = dict(HOME_KINGS, k1="rR", d1="rR", e4="rP", d4="bP")
    text = fen4(pieces, turn="B", short=(1, 0, 0, 0), long=(1, 0, 0, 0), points=(12, 3, 0, 250), ply=7, ep={0: "e3:e4"})
    board = fourchess.Board(text, mode="ffa")
    view = rl.planes(board)  # Blue's frame; Red is its previous seat
    assert view[PLANE["castling previous short"]].all() and view[PLANE["castling previous long"]].all()
    assert not view[PLANE["castling self short"]].any()
    assert cells(view, "en passant square") == {rl.to_frame(1, sq("e3"))}
    assert cells(view, "en passant pawn") == {rl.to_frame(1, sq("e4"))}
    assert np.allclose(view[PLANE["points previous"]], 0.12) and np.allclose(view[PLANE["points self"]], 0.03)
    # Blue's next seat is Yellow (0 points), across it Green (250).
    assert np.allclose(view[PLANE["points next"]], 0.0) and np.allclose(view[PLANE["points across"]], 2.5)
    assert np.allclose(view[PLANE["ply clock"]], 7 / 200)
    raw = rl.planes(board, dtype="uint8")
    assert (raw[PLANE["points previous"]] == 12).all() and (raw[PLANE["points across"]] == 250).all()
    assert (raw[PLANE["ply clock"]] == 7).all() and (raw[PLANE["move number"]] == 1).all()
    # Red's own entry is not one Red may take: Red's frame shows none.
    assert not rl.planes(board, seat=0)[PLANE["en passant square"]].any()


def test_move_limit_planes() -> None:
    board = fourchess.Board(rules=fourchess.Rules(move_limit=30))
    for text in ("h2-h3", "b7-c7", "g13-g12"):
        board.push_move(text)
    view = rl.planes(board, dtype="uint8")
    assert (view[PLANE["move limit set"]] == 1).all() and (view[PLANE["moves left"]] == 27).all()
    assert not rl.planes(fourchess.Board())[PLANE["move limit set"]].any()


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_planes_equal_those_of_the_fen4_read_back(mode: str) -> None:
    keep = [index for index, name in enumerate(NAMES) if name not in HISTORY_PLANES]
    for count, board in enumerate(played_boards(mode)):
        if count % 5:
            continue
        again = fourchess.Board(board.fen4(), mode=mode)
        for seat in range(4):
            assert np.array_equal(rl.planes(board, seat=seat)[keep], rl.planes(again, seat=seat)[keep]), board.fen4()


def test_history_stacks_earlier_positions_in_the_current_frame() -> None:
    board = fourchess.Board()
    for text in ("h2-h4", "b7-c7", "g13-g11"):
        board.push_move(text)
    stacked = rl.planes(board, history=3)
    per = 37
    assert np.array_equal(stacked[:per], rl.planes(board)[:per])
    assert np.array_equal(stacked[3 * per :], rl.planes(board)[per:])
    seat = board.turn
    earlier = board.copy()
    for t in (1, 2):
        earlier.pop()
        assert np.array_equal(stacked[t * per : t * per + 35], rl.planes(earlier, seat=seat)[:35]), t
    # Before the start of the game: zeros.
    assert not rl.planes(fourchess.Board(), history=2)[per : 2 * per].any()
    assert rl.plane_names(2)[per] == "self pawn (t-1)"


def test_repetition_planes() -> None:
    board = fourchess.Board()
    shuffle = ("j1-i3", "a10-c11", "e14-f12", "n5-l4", "i3-j1", "c11-a10", "f12-e14", "l4-n5")
    assert not rl.planes(board)[PLANE["repeated once"]].any()
    for text in shuffle:
        board.push_move(text)
    view = rl.planes(board)
    assert view[PLANE["repeated once"]].all() and not view[PLANE["repeated twice"]].any()
    stacked = rl.planes(board, history=2)
    assert not stacked[37 + PLANE["repeated once"]].any()  # one ply back: that position is new


def test_batch_equals_one_by_one_in_both_dtypes() -> None:
    boards = [board for count, board in enumerate(played_boards("ffa")) if count % 17 == 0]
    for dtype in ("float32", "uint8"):
        batch = rl.planes_batch(boards, history=2, dtype=dtype)
        assert batch.dtype == np.dtype(dtype) and batch.shape == (len(boards), rl.plane_count(2), 14, 14)
        for board, planes in zip(boards, batch, strict=True):
            assert np.array_equal(planes, rl.planes(board, history=2, dtype=dtype))
    masks = rl.legal_mask_batch(boards)
    for board, mask in zip(boards, masks, strict=True):
        assert np.array_equal(mask, rl.legal_mask(board))
    # uint8 holds the counts, float32 the counts over their scale: the set cells agree.
    as_float = rl.planes_batch(boards)
    as_bytes = rl.planes_batch(boards, dtype="uint8")
    assert np.array_equal(as_float > 0, as_bytes > 0)


def test_out_arrays_are_written_and_checked() -> None:
    board = fourchess.Board()
    out = np.full((69, 14, 14), 7.0, np.float32)
    assert rl.planes(board, out=out) is out and np.array_equal(out, rl.planes(board))
    for bad, error in (
        (np.zeros((69, 14, 14), np.float64), ValueError),
        (np.zeros((68, 14, 14), np.float32), ValueError),
        (np.zeros((14, 14, 69), np.float32).transpose(2, 0, 1), ValueError),
        ([0.0] * 69, TypeError),
    ):
        with pytest.raises(error):
            rl.planes(board, out=bad)
    frozen = np.zeros((69, 14, 14), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        rl.planes(board, out=frozen)
    with pytest.raises(ValueError, match="shape"):
        rl.legal_mask_batch([board, board], out=np.zeros((1, rl.ACTION_COUNT), np.int8))


def test_the_core_checks_buffers_itself() -> None:
    from fourchess import _core

    board = fourchess.Board()
    with pytest.raises(ValueError, match="shape"):
        _core.rl.planes([board], 1, -1, np.zeros((1, 69, 14, 13), np.float32))
    with pytest.raises(ValueError, match="format"):
        _core.rl.planes([board], 1, -1, np.zeros((1, 69, 14, 14), np.int32))
    with pytest.raises(ValueError, match="contiguous"):
        _core.rl.legal_mask([board], np.zeros((rl.ACTION_COUNT, 2), np.int8).T[:1])
    with pytest.raises(TypeError, match=r"boards\[1\]"):
        _core.rl.legal_mask([board, "h2-h4"], np.zeros((2, rl.ACTION_COUNT), np.int8))
    with pytest.raises(BufferError):
        _core.rl.planes([board], 1, -1, bytes(69 * 196 * 4))


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: rl.planes("board"), TypeError),
        (lambda: rl.planes(fourchess.Board(), history=0), ValueError),
        (lambda: rl.planes(fourchess.Board(), history=True), TypeError),
        (lambda: rl.planes(fourchess.Board(), seat=4), ValueError),
        (lambda: rl.planes(fourchess.Board(), dtype="float64"), ValueError),
        (lambda: rl.planes(fourchess.Board(), dtype="no such type"), ValueError),
        (lambda: rl.planes_batch(fourchess.Board()), TypeError),
        (lambda: rl.planes_batch([fourchess.Board(), None]), TypeError),
        (lambda: rl.decode_action(fourchess.Board(), rl.ACTION_COUNT), ValueError),
        (lambda: rl.decode_action(fourchess.Board(), -1), ValueError),
        (lambda: rl.decode_action(fourchess.Board(), 2.0), TypeError),
        (lambda: rl.decode_action(fourchess.Board(), 10**40), ValueError),
        (lambda: rl.encode_move(fourchess.Board(), "h2-h4"), TypeError),
        (lambda: rl.to_frame(0, 196), ValueError),
    ],
)
def test_bad_arguments(call, error) -> None:
    with pytest.raises(error):
        call()


def test_batches_while_other_threads_play_on_the_boards() -> None:
    boards = [fourchess.Board(mode="ffa") for _ in range(16)]
    stop = threading.Event()
    errors: list[BaseException] = []

    def play(board: fourchess.Board) -> None:
        try:
            while not stop.is_set():
                moves = list(board.legal_moves)
                if moves and len(board.move_stack) < 40:
                    board.push(moves[len(board.move_stack) % len(moves)])
                elif board.move_stack:
                    board.pop()
        except ValueError:  # a push that raced another thread's: refused, not torn
            pass
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    players = [threading.Thread(target=play, args=(board,)) for board in boards[:4]]
    for thread in players:
        thread.start()
    try:
        for _ in range(30):
            planes = rl.planes_batch(boards, history=4, dtype="uint8")
            masks = rl.legal_mask_batch(boards)
            assert planes.shape[0] == masks.shape[0] == len(boards)
            assert (masks.sum(axis=1) > 0).all()
    finally:
        stop.set()
        for thread in players:
            thread.join()
    assert not errors

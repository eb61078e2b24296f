"""A board written as PGN4 (game_from_board -> write_game) reads back as the same game: the same
moves and events in the same order, the same FEN4 after every step, the same outcome.

The hard case is a seat that leaves in a slot where it also moves: replay keeps chess.com's
``Kc7-b7T`` (100531355, round 61) as the move followed by Blue's timeout, and a separate ``T``
after the move would be read as the timeout of the next seat."""

import io

import pytest

from fourchess import Board, GameEvent, Seat, pgn4
from support.pgn4_games import CONSTRUCTED, REAL

# thethirdone's long Teams game is written for a setup the reader cannot find (test_write.py).
RECORDS = REAL + [path for path in CONSTRUCTED if "thethirdone" not in path.name]


def _steps_and_positions(board: Board) -> list[tuple[object, str]]:
    """Every step of the board's history with the FEN4 after it, played on a fresh board."""
    again = Board(board.root_fen4(), rules=board.rules)
    pairs = []
    for step in board.history:
        if isinstance(step, GameEvent):
            {"resign": again.resign, "timeout": again.timeout, "claim": again.claim_win}[step.kind](step.seat)
        else:
            again.push(step)
        pairs.append((step, again.fen4()))
    return pairs


def _written_and_read_back(board: Board) -> tuple[str, Board]:
    written = pgn4.write_game(pgn4.game_from_board(board))
    return written, pgn4.replay(pgn4.read_game(io.StringIO(written)))


def assert_reads_back_the_same(board: Board) -> str:
    written, back = _written_and_read_back(board)
    assert _steps_and_positions(back) == _steps_and_positions(board), written
    assert back.fen4() == board.fen4(), written
    assert back.outcome() == board.outcome(), written
    assert back.points == board.points, written
    return written


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_a_replayed_record_written_from_its_board_reads_back_the_same(path):
    board = pgn4.replay(pgn4.read_game(io.StringIO(path.read_text(encoding="utf-8"))))
    assert_reads_back_the_same(board)


def test_the_glued_timeout_of_a_walking_king_is_written_glued():
    # 100531355 round 61: Blue moves its king and times out in the same slot.
    path = next(path for path in REAL if path.name == "ffa-hornet-100531355.pgn4")
    board = pgn4.replay(pgn4.read_game(io.StringIO(path.read_text(encoding="utf-8"))))
    written = assert_reads_back_the_same(board)
    assert "\n61. Kc7-b7T .. Qf10-i10 .. j5-i5\n" in written  # as the record has it


def _ffa(*moves: str) -> Board:
    board = Board(mode="ffa")
    for move in moves:
        board.push_move(move)
    return board


def test_ffa_resignation_on_its_own_turn():
    board = _ffa("h2-h3")
    board.resign(Seat.BLUE)  # Blue to move
    board.push_move("h13-h12")
    written = assert_reads_back_the_same(board)
    assert "1. h2-h3 .. R .. h13-h12" in written


def test_ffa_resignation_right_after_its_own_move():
    board = _ffa("h2-h3")
    board.resign(Seat.RED)  # Blue to move: Red leaves in the slot where it moved
    board.push_move("b8-c8")
    written = assert_reads_back_the_same(board)
    assert "1. h2-h3R .. b8-c8" in written


def test_ffa_timeout_on_its_turn_and_right_after_its_move():
    board = _ffa("h2-h3", "b8-c8")
    board.timeout(Seat.YELLOW)  # on its turn
    board.push_move("m8-l8")
    board.timeout(Seat.GREEN)  # just after its move
    written = assert_reads_back_the_same(board)
    assert "1. h2-h3 .. b8-c8 .. T .. m8-l8T" in written


OPENING = ("h2-h3", "b9-c9", "g13-g12", "m6-l6")


def test_ffa_walking_king_moves_after_its_seat_left():
    board = _ffa(*OPENING)
    board.resign(Seat.RED)  # on its turn: its king walks from now on
    for move in ("b10-c10", "i13-i12", "m10-l10", "h1-h2", "b5-c5"):
        board.push_move(move)  # h1-h2: Red's walking king
    assert Seat.RED in board.walking_kings
    written = assert_reads_back_the_same(board)
    assert "1. h2-h3 .. b9-c9 .. g13-g12 .. m6-l6\n2. R .. b10-c10 .. i13-i12 .. m10-l10\n3. Kh1-h2 .. b5-c5" in written


def test_ffa_two_walking_kings_one_left_on_its_turn_one_right_after_its_move():
    board = _ffa(*OPENING)
    board.resign(Seat.RED)
    board.push_move("b10-c10")
    board.timeout(Seat.BLUE)  # Yellow to move: Blue leaves in the slot of its move
    for move in ("i13-i12", "m10-l10", "h1-h2", "a7-a6"):
        board.push_move(move)  # h1-h2, a7-a6: the walking kings of Red and Blue (a6: Blue's own dead bishop)
    assert board.walking_kings == {Seat.RED, Seat.BLUE}
    written = assert_reads_back_the_same(board)
    assert "2. R .. b10-c10T .. i13-i12 .. m10-l10\n3. Kh1-h2 .. Ka7xBa6" in written


@pytest.mark.parametrize("seat", [Seat.RED, Seat.BLUE])
def test_teams_resignation_on_its_turn_and_right_after_its_move(seat):
    board = Board()
    board.push_move("h2-h3")
    board.resign(seat)  # Blue is to move; Red has just moved
    assert board.outcome() is not None
    written = assert_reads_back_the_same(board)
    assert written.endswith("1. h2-h3R\n" if seat is Seat.RED else "1. h2-h3 .. R\n"), written


def test_a_resignation_pgn4_has_no_slot_for_is_refused():
    # Yellow leaves while Blue is to move, and Yellow did not just move: no PGN4 slot says that.
    board = _ffa("h2-h3")
    board.resign(Seat.YELLOW)
    with pytest.raises(pgn4.Pgn4Error, match="Yellow.*resign"):
        pgn4.game_from_board(board)

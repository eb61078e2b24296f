"""The python-chess-style API: Board, Move, the legal-move view, the stack, copies, pickling, the
text diagram, and the command line."""

from __future__ import annotations

import copy
import itertools
import pickle
import subprocess
import sys

import pytest

import fourchess
from fourchess import Board, Move, Seat, parse_square

NAMESPACE = vars(fourchess)

# Bare kings on their modern squares and a Blue rook on h5 giving check to Red's king on h1.
RED_IN_CHECK = (
    "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/"
    "13,gK/bK,13/14/7,bR,6/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
)
# The modern start with Red's i1 and j1 empty: Red may castle short, h1-j1 (docs/rules.md §4).
SHORT_OPEN = fourchess.MODERN_START_FEN4.replace("rQ,rK,rB,rN,rR,x,x,x", "rQ,rK,2,rR,x,x,x")


# --- repr and Move value semantics -----------------------------------------------------------


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_board_repr_rebuilds_the_position(mode: str) -> None:
    board = Board(mode=mode)
    board.push_move("h2-h4")
    rebuilt = eval(repr(board), NAMESPACE)
    assert isinstance(rebuilt, Board)
    assert rebuilt.fen4() == board.fen4() and rebuilt.mode == mode


def test_move_repr_str_and_from_str() -> None:
    move = Move.from_str("h2-h4")
    assert str(move) == "h2-h4"
    assert eval(repr(move), NAMESPACE) == move
    assert Move.from_str(str(move)) == move
    assert Move.from_str("h2h4") == move
    assert move.from_square == parse_square("h2") and move.to_square == parse_square("h4")
    assert move.promotion is None
    promo = Move.from_str("h10-h11=Q")
    assert str(promo) == "h10-h11=Q" and promo.promotion == fourchess.PieceType.QUEEN
    assert not promo.is_one_point_queen
    one_point = Move.from_str("h7-h8=D")
    assert str(one_point) == "h7-h8=D" and one_point.is_one_point_queen
    assert Move(parse_square("h2"), parse_square("h4")) == move


def test_move_equality_hash_and_ordering() -> None:
    a, b = Move.from_str("h2-h3"), Move.from_str("h2h3")
    assert a == b and hash(a) == hash(b) and not (a != b)
    assert a != Move.from_str("h2-h4") and a != "h2-h3" and a is not None
    assert Move.from_str("h10-h11=Q") != Move.from_str("h10-h11=R")
    moves = list(Board().legal_moves)
    assert len(set(moves)) == 20 == len(moves)
    ordered = sorted(moves)
    assert sorted(reversed(ordered)) == ordered
    for x, y in itertools.pairwise(ordered):
        assert x < y and not (y < x)
    assert not (a < b) and not (b < a)


def test_castling_text_equals_the_generated_castling_move() -> None:
    board = Board(SHORT_OPEN)
    generated = [m for m in board.legal_moves if str(m) == "h1-j1"]
    assert generated == [Move.from_str("h1-j1")]
    assert Move.from_str("h1-j1") in board.legal_moves
    assert board.parse_move("O-O") == Move.from_str("h1-j1")
    board.push_move("O-O")
    assert str(board.piece_at(parse_square("j1"))) == "rK" and str(board.piece_at(parse_square("i1"))) == "rR"


def test_move_pickles() -> None:
    move = Move.from_str("h10-h11=N")
    assert pickle.loads(pickle.dumps(move)) == move


# --- legal moves, stack ---------------------------------------------------------------------


def test_legal_move_view() -> None:
    board = Board()
    view = board.legal_moves
    assert len(view) == 20 and view.count() == 20 and bool(view)
    assert len(list(view)) == 20
    assert Move.from_str("h2-h4") in view and Move.from_str("j1-i3") in view
    assert Move.from_str("h2-h5") not in view and Move.from_str("b7-c7") not in view
    assert "h2-h4" not in view  # only Move values are members
    board.push_move("h2-h4")
    assert Move.from_str("b7-d7") in view  # the view follows the board


def test_empty_legal_move_view_on_a_finished_game() -> None:
    no_red_king = RED_IN_CHECK.replace("4,rK,3", "8")  # Teams: a seat with no king is a finished game
    board = Board(no_red_king.replace("R-", "B-", 1))
    assert board.is_game_over()
    assert len(board.legal_moves) == 0 and not board.legal_moves and list(board.legal_moves) == []


def test_push_pop_peek_move_stack() -> None:
    board = Board()
    first = board.push_move("h2-h4")
    assert first == Move.from_str("h2-h4") and board.turn == Seat.BLUE
    board.push(Move.from_str("b7-d7"))
    assert board.turn == Seat.YELLOW
    assert board.move_stack == [Move.from_str("h2-h4"), Move.from_str("b7-d7")]
    assert board.peek() == Move.from_str("b7-d7")
    assert board.pop() == Move.from_str("b7-d7")
    assert board.pop() == Move.from_str("h2-h4")
    assert board.move_stack == [] and board.fen4() == fourchess.MODERN_START_FEN4
    assert board.root_fen4() == fourchess.MODERN_START_FEN4


def test_copy_is_independent() -> None:
    board = Board()
    board.push_move("h2-h4")
    other = board.copy()
    assert other.fen4() == board.fen4() and other.move_stack == board.move_stack
    other.push_move("b7-d7")
    assert len(board.move_stack) == 1 and len(other.move_stack) == 2
    board.pop()
    assert other.move_stack[0] == Move.from_str("h2-h4")
    assert copy.copy(other).fen4() == other.fen4() and copy.deepcopy(other).move_stack == other.move_stack


def test_copy_without_stack() -> None:
    board = Board(mode="ffa")
    board.push_move("h2-h4")
    bare = board.copy(stack=False)
    assert bare.fen4() == board.fen4() and bare.move_stack == [] and bare.mode == "ffa"
    assert bare.root_fen4() == board.fen4()
    with pytest.raises(IndexError):
        bare.pop()


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_pickle_keeps_position_and_stack(mode: str) -> None:
    board = Board(mode=mode)
    for text in ("h2-h4", "b7-d7", "g13-g11", "m8-k8"):
        board.push_move(text)
    again = pickle.loads(pickle.dumps(board))
    assert type(again) is Board
    assert again.fen4() == board.fen4() and again.mode == mode
    assert again.move_stack == board.move_stack and again.root_fen4() == board.root_fen4()
    assert again.pop() == Move.from_str("m8-k8")


# --- diagram, status ------------------------------------------------------------------------


def test_str_diagram_shape() -> None:
    lines = str(Board()).split("\n")
    assert len(lines) == 15
    for row, line in enumerate(lines[:14]):
        rank = 14 - row
        assert line[:2] == f"{rank:>2}"
        cells = [line[3 + 3 * f : 5 + 3 * f] for f in range(14)]
        for f, cell in enumerate(cells):
            corner = (f < 3 or f > 10) and (rank <= 3 or rank >= 12)
            if corner:
                assert cell.strip() == "", (rank, f, line)
            else:
                assert cell != "" and cell.strip() != ""
    assert lines[14].split() == list("abcdefghijklmn")
    assert lines[13].split()[1:] == ["rR", "rN", "rB", "rQ", "rK", "rB", "rN", "rR"]
    assert lines[2].split()[1:] == ["."] * 8  # rank 12: empty squares between the corners


def test_is_check_defaults_to_the_side_to_move() -> None:
    board = Board(RED_IN_CHECK)
    assert board.is_check() and board.is_check(seat=None) and board.is_check(Seat.RED)
    assert not board.is_check(Seat.BLUE) and not board.is_check(Seat.YELLOW)
    blue_to_move = Board(RED_IN_CHECK.replace("R-", "B-", 1))
    assert not blue_to_move.is_check() and blue_to_move.is_check(Seat.RED)
    assert not Board().is_check()


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_status_during_a_game(mode: str) -> None:
    board = Board(mode=mode)
    board.push_move("h2-h4")
    assert board.winner is None and not board.is_game_over() and board.termination() is None
    assert not board.is_checkmate() and not board.is_stalemate()
    assert isinstance(board.points, tuple) and len(board.points) == 4
    assert all(type(p) is int for p in board.points) and board.points == (0, 0, 0, 0)
    assert isinstance(board.eliminated, frozenset) and board.eliminated == frozenset()
    assert board.turn is Seat.BLUE and isinstance(board.turn, int)


# --- command line ---------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fourchess", *args], capture_output=True, text=True, timeout=120)


def test_cli_perft_3() -> None:
    result = _cli("perft", "3")
    assert result.returncode == 0, result.stderr
    assert "nodes 7800" in result.stdout.splitlines()  # docs/rules.md §9


def test_cli_divide() -> None:
    result = _cli("perft", "3", "--divide")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    rows = [line.split()[:2] for line in lines if not line.startswith(("nodes", "time"))]
    assert len(rows) == 20
    # each root move as it is counted, with its rate: "h2-h3 420  (1,234,567 nodes/s)"
    assert all(line.endswith(" nodes/s)") for line in lines[:20]), lines[:20]
    assert [Move.from_str(move) for move, _ in rows] == list(Board().divide(1))
    assert sum(int(count) for _, count in rows) == 7800
    assert "nodes 7800" in lines


def test_cli_divide_whose_reader_leaves_stops_quietly() -> None:
    # `fourchess perft 6 --divide | head -1`: the pipe closes after the first root move, long
    # before the other nineteen (about a second each) are counted.
    with subprocess.Popen(
        [sys.executable, "-m", "fourchess", "perft", "6", "--divide"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read()
        assert process.wait(timeout=120) == 141  # 128 + SIGPIPE
    assert first.endswith(" nodes/s)\n"), first
    assert errors == ""


def test_cli_bench_prints_every_headline_row() -> None:
    # Figures only: the machine decides the numbers, so the test asks for the rows, not values.
    result = _cli("bench", "--depth", "3")
    assert result.returncode == 0, result.stderr
    names = [line.split("  ")[0] for line in result.stdout.splitlines()]
    for mode in ("teams", "ffa"):
        assert f"perft(3) bulk, {mode}, 1 thread" in names
        assert f"perft(2) make/unmake every leaf, {mode}, 1 thread" in names
    assert "perft(3) 2 threads / 1 thread" in names
    for call in ("list(board.legal_moves)", "push + pop", "Board(fen4)", "board.copy()", "board.fen4()"):
        assert f"{call} (middlegame)" in names


@pytest.mark.parametrize("load, cpus, warned", [(0.5, 2, False), (2.0, 2, False), (2.01, 2, True), (9.0, 8, True)])
def test_bench_warns_when_the_load_average_is_above_the_cpus(load: float, cpus: int, warned: bool) -> None:
    from fourchess import _bench

    warning = _bench.load_warning(load, cpus)
    assert (warning is not None) is warned
    if warning:
        assert f"load average is {load:.2f} on {cpus} CPUs" in warning


def test_cli_bad_fen4_is_a_one_line_error() -> None:
    result = _cli("perft", "1", "--fen4", "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14")
    assert result.returncode == 2
    assert result.stdout == ""
    error_lines = result.stderr.strip().splitlines()
    assert len(error_lines) == 1 and "14/14" in error_lines[0] and "Traceback" not in result.stderr


def test_cli_bad_depth_is_a_one_line_error() -> None:
    result = _cli("perft", "13")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "13" in result.stderr

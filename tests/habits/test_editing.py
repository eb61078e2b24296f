"""Board.empty(), set_piece_at() and remove_piece_at(): edits are validated (the result must be a
position the core accepts, with no other square changed, else PositionEditError and the board
unchanged) and, like python-chess's, clear the move stack."""

from __future__ import annotations

import pytest

from fourchess import Board, Piece, PositionEditError, Rules, Seat, Termination
from support.fen4 import HOME_KINGS, fen4
from support.squares import sq

EMPTY_RANKS = "x,x,x,8,x,x,x/" * 3 + "14/" * 8 + "x,x,x,8,x,x,x/" * 2 + "x,x,x,8,x,x,x"


def put(board: Board, pieces: dict[str, str]) -> None:
    for name, symbol in pieces.items():
        board.set_piece_at(sq(name), Piece(symbol))


def test_an_empty_board() -> None:
    board = Board.empty()
    assert board.fen4() == "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-" + EMPTY_RANKS
    assert board.piece_map() == {} and isinstance(board, Board)
    # Teams needs four kings: a missing one reads as a king capture, so the empty board is over.
    assert board.termination() is Termination.KING_CAPTURE
    # FFA: a seat without a live king is out: all four out, the game over.
    ffa = Board.empty(mode="ffa", turn=Seat.GREEN)
    assert ffa.turn is Seat.GREEN and ffa.eliminated == set(Seat) and ffa.is_game_over()
    assert Board.empty(rules=Rules(mode="ffa", dead_king_walking=False)).rules.dead_king_walking is False


def test_building_a_teams_position() -> None:
    board = Board.empty()
    put(board, HOME_KINGS)  # with the fourth king the game is on
    assert not board.is_game_over()
    put(board, {"e7": "rR", "c7": "rN"})
    assert board.fen4() == fen4({**HOME_KINGS, "e7": "rR", "c7": "rN"})
    assert board == Board(fen4({**HOME_KINGS, "e7": "rR", "c7": "rN"}))
    assert board.gives_check(board.parse_uci("c7-e8"))  # the discovered check of test_move_questions


def test_building_an_ffa_position_kings_first() -> None:
    board = Board.empty(mode="ffa")
    put(board, {"h1": "rK", "a7": "bK", "h5": "rR"})
    # Two seats play (Yellow and Green have no king), Red to move, Blue's king not attacked.
    assert not board.is_game_over() and board.eliminated == {Seat.YELLOW, Seat.GREEN}
    assert len(board.legal_moves) > 0
    board.set_piece_at(sq("g14"), Piece("yK"))  # a king brings its seat back
    assert board.eliminated == {Seat.GREEN}


def test_edits_clear_the_move_stack() -> None:
    board = Board()
    for text in ("h2-h4", "b7-c7", "g13-g12", "m8-l8", "i2-i3"):
        board.push_move(text)
    assert board.fullmove_number == 2
    removed = board.remove_piece_at(sq("d2"))
    assert removed == Piece("rP")
    assert board.move_stack == [] and board.root_fen4() == board.fen4() and board.fullmove_number == 1
    assert board.turn is Seat.BLUE and board.piece_at(sq("d2")) is None  # the rest of the state stays
    assert board.remove_piece_at(sq("e5")) is None  # an empty square: nothing to return
    with pytest.raises(IndexError):
        board.pop()


def test_an_edit_replaces_what_stood_there() -> None:
    board = Board()
    board.set_piece_at(sq("g1"), Piece("rR"))  # Red's queen becomes a rook
    assert board.piece_at(sq("g1")) == Piece("rR")
    board.set_piece_at(sq("g1"), None)  # None empties the square, as remove_piece_at
    assert board.piece_at(sq("g1")) is None


def test_an_edit_works_out_what_the_board_decides() -> None:
    # An en passant entry whose pawn is gone is dropped (fine point 5); a king captured in Teams
    # (its square emptied) ends the game, and putting it back resumes it.
    board = Board(fen4({**HOME_KINGS, "d5": "bP", "d4": "rP"}, ep={Seat.BLUE: "c5:d5"}))
    assert "enPassant" in board.fen4()
    board.remove_piece_at(sq("d5"))
    assert "enPassant" not in board.fen4()
    board.remove_piece_at(sq("n8"))
    assert board.termination() is Termination.KING_CAPTURE
    board.set_piece_at(sq("n8"), Piece("gK"))
    assert not board.is_game_over()


def test_an_edit_forgets_an_ending_only_history_gave() -> None:
    board = Board(fen4(HOME_KINGS, ply=199))
    board.push_move("h1-i1")
    assert board.termination() is Termination.FIFTY_MOVE_RULE
    board.set_piece_at(sq("e5"), Piece("rN"))  # the clock (200) stays, the draw is not recorded
    assert board.termination() is None and board.ply_clock == 200 and board.is_fifty_moves()


def test_a_second_king_and_a_seventeenth_piece_are_refused() -> None:
    board = Board()
    before = board.fen4()
    with pytest.raises(PositionEditError, match="Red already has a live king on h1"):
        board.set_piece_at(sq("h3"), Piece("rK"))
    # Red has 16 pieces at the start: a 17th is refused, replacing one of its own is not.
    with pytest.raises(PositionEditError, match="16 live pieces"):
        board.set_piece_at(sq("h3"), Piece("rN"))
    board.set_piece_at(sq("h2"), Piece("rN"))
    assert board.fen4() != before


def test_ffa_edits_that_would_kill_pieces_are_refused() -> None:
    # Yellow and Green have no king: they are out, so a live Yellow pawn would be dead.
    board = Board(fen4({"h1": "rK", "a7": "bK", "d1": "rR"}, dead=(0, 0, 1, 1)), mode="ffa")
    with pytest.raises(PositionEditError, match="'yP' would become 'dP'"):
        board.set_piece_at(sq("e5"), Piece("yP"))
    # Taking Red's king would put Red out and kill its rook d1.
    with pytest.raises(PositionEditError, match="would change d1: 'rR' would become 'dR'"):
        board.remove_piece_at(sq("h1"))
    # A dead piece may go anywhere. Taking Blue's bare king kills nothing, but leaves Red alone:
    # the game is over (docs/rules.md §7).
    board.set_piece_at(sq("e5"), Piece("dP"))
    board.remove_piece_at(sq("a7"))
    assert board.is_game_over() and board.termination() is Termination.THREE_ELIMINATED


def test_an_ffa_side_to_move_left_out_is_refused() -> None:
    # Blue to move; taking Blue's bare king leaves Red and Yellow playing with Blue, to move, out.
    board = Board(fen4({"h1": "rK", "a7": "bK", "g14": "yK", "d1": "rR"}, turn="B", dead=(0, 0, 0, 1)), mode="ffa")
    with pytest.raises(PositionEditError, match="Blue, the side to move, would be out"):
        board.remove_piece_at(sq("a7"))


def test_a_refused_edit_leaves_the_board_unchanged() -> None:
    board = Board()
    board.push_move("h2-h4")
    before = (board.fen4(), board.root_fen4(), list(board.move_stack))
    for square, piece in ((sq("h3"), Piece("yK")), (sq("e5"), Piece("rN"))):
        with pytest.raises(PositionEditError):
            board.set_piece_at(square, piece)
    assert (board.fen4(), board.root_fen4(), list(board.move_stack)) == before


def test_bad_arguments() -> None:
    board = Board()
    for off_board in (0, 13, 195, 196, -1):  # a1, n1 and n14 are removed corners
        with pytest.raises(ValueError, match="160 board squares"):
            board.set_piece_at(off_board, Piece("rP"))
        with pytest.raises(ValueError, match="160 board squares"):
            board.remove_piece_at(off_board)
    for wrong in ("rP", 1, Seat.RED):
        with pytest.raises(TypeError, match="piece must be a fourchess.Piece or None"):
            board.set_piece_at(sq("e5"), wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="square must be an int"):
        board.set_piece_at("e5", Piece("rP"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="never initialised"):
        board.set_piece_at(sq("e5"), Piece.__new__(Piece))
    with pytest.raises(TypeError):
        Board.empty(turn="R")  # type: ignore[arg-type]
    for bad_turn in (4, -1):
        with pytest.raises(ValueError, match="turn must be 0..3"):
            Board.empty(turn=bad_turn)
    with pytest.raises(ValueError, match="mode"):
        Board.empty(mode="chess")
    with pytest.raises(ValueError, match="disagrees with rules"):
        Board.empty(mode="teams", rules=Rules(mode="ffa"))
    assert Board.empty(mode="FFA", rules=Rules(mode="ffa")).is_ffa  # saying the same twice is fine

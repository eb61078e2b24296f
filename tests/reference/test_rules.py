"""Targeted positions for the rules perft from the start cannot reach (docs/rules.md §4-7)."""

import functools

import pytest

from fourchess.reference import Board, IllegalMoveError, InvalidMoveError
from support.fen4 import fen4
from support.moves import moves
from support.squares import sq

# Every empty square written as a '1' of its own: the reader must accept that spelling too.
build_fen4 = functools.partial(fen4, empty_runs=False)
KINGS = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}


# --- en passant ---------------------------------------------------------------------------

EP_CELLS = {**KINGS, "e2": "rP", "c4": "bN", "f4": "gP", "d13": "yP"}


def test_en_passant_over_an_opponent_piece_takes_both_in_ffa() -> None:
    board = Board(build_fen4(EP_CELLS), mode="ffa")
    for text in ("e2-e4", "c4-e3", "d13-d12"):
        board.push_move(text)
    assert "f4-e3" in moves(board)
    board.push_move("f4-e3")
    assert board.piece_at(sq("e3")) == "gP"
    assert board.piece_at(sq("e4")) is None
    assert board.points == (0, 0, 0, 4)  # knight 3 + pawn 1


def test_no_en_passant_when_partner_piece_stands_on_skipped_square() -> None:
    board = Board(build_fen4(EP_CELLS), mode="teams")
    for text in ("e2-e4", "c4-e3", "d13-d12"):
        board.push_move(text)
    assert not {"f4-e3", "f4-e5"} & moves(board)


def test_en_passant_window_closes_when_the_pawn_owner_moves_again() -> None:
    board = Board(build_fen4({**KINGS, "e2": "rP", "f4": "gP", "d13": "yP", "b9": "bP"}))
    board.push_move("e2-e4")
    board.push_move("b9-c9")
    board.push_move("d13-d12")
    assert "f4-e3" in moves(board)
    board.push_move("n8-n9")
    board.push_move("h1-g1")  # Red moves again: its window is gone
    assert "{'enPassant'" not in board.fen4()


# --- castling -----------------------------------------------------------------------------

CASTLE_CELLS = {**KINGS, "d1": "rR", "k1": "rR", "d14": "yR"}


def test_red_castles_both_ways_and_loses_rights() -> None:
    board = Board(build_fen4(CASTLE_CELLS, short=(1, 0, 0, 0), long=(1, 0, 0, 0)))
    assert {"h1-j1", "h1-f1"} <= moves(board)
    board.push_move("h1-j1")
    assert board.piece_at(sq("j1")) == "rK" and board.piece_at(sq("i1")) == "rR"
    assert board.fen4().split("-")[2:4] == ["0,0,0,0", "0,0,0,0"]
    board.pop()
    board.push_move("h1-f1")
    assert board.piece_at(sq("f1")) == "rK" and board.piece_at(sq("g1")) == "rR"


def test_no_castling_through_an_enemy_attack_but_partner_attack_is_fine_in_teams() -> None:
    enemy = Board(build_fen4({**CASTLE_CELLS, "i10": "bR"}, short=(1, 0, 0, 0), long=(1, 0, 0, 0)))
    assert "h1-j1" not in moves(enemy) and "h1-f1" in moves(enemy)
    partner = {**CASTLE_CELLS, "i10": "yR"}
    assert "h1-j1" in moves(Board(build_fen4(partner, short=(1, 0, 0, 0), long=(1, 0, 0, 0))))
    assert "h1-j1" not in moves(Board(build_fen4(partner, short=(1, 0, 0, 0), long=(1, 0, 0, 0)), mode="ffa"))


def test_rook_corner_touched_clears_that_side_only() -> None:
    board = Board(build_fen4(CASTLE_CELLS, short=(1, 0, 0, 0), long=(1, 0, 0, 0)))
    board.push_move("k1-k2")
    assert board.fen4().split("-")[2:4] == ["0,0,0,0", "1,0,0,0"]


# --- promotion ----------------------------------------------------------------------------


def test_teams_promotion_offers_four_pieces_and_needs_a_letter() -> None:
    board = Board(build_fen4({**KINGS, "e10": "rP"}))
    assert {"e10-e11=Q", "e10-e11=R", "e10-e11=B", "e10-e11=N"} <= moves(board)
    with pytest.raises(IllegalMoveError):
        board.push_move("e10-e11")
    board.push_move("e10e11=N")
    assert board.piece_at(sq("e11")) == "rN"


def test_ffa_promotion_is_the_one_point_queen() -> None:
    board = Board(build_fen4({**KINGS, "e7": "rP"}), mode="ffa")
    assert "e7-e8=D" in moves(board) and "e7-e8=Q" not in moves(board)
    board.push_move("e7-e8=Q")
    assert board.piece_at(sq("e8")) == "rD"


# --- king capture, mate, points -----------------------------------------------------------


def test_teams_king_capture_ends_the_game_even_when_pinned() -> None:
    # Red's rook on h2 is pinned by Blue's queen on h5 yet may still take Green's king on k2.
    cells = {**KINGS, "h5": "bQ", "h2": "rR", "n8": None, "k2": "gK"}
    board = Board(build_fen4(cells))
    assert "h2-k2" in moves(board)
    assert "h2-g2" not in moves(board)
    board.push_move("h2-k2")
    assert board.is_game_over() and board.winner == frozenset({0, 2})
    assert board.legal_moves == [] and not board.is_checkmate()


def test_ffa_king_capture_scores_and_eliminates() -> None:
    cells = {**KINGS, "a7": None, "e5": "bK", "e6": "bP", "e2": "rR"}
    board = Board(build_fen4(cells), mode="ffa")
    board.push_move("e2-e5")
    assert board.eliminated == frozenset({1})
    assert board.points[0] == 20
    assert board.piece_at(sq("e6")) == "dP"
    assert board.turn == 2  # Blue is skipped
    board.pop()
    assert board.eliminated == frozenset() and board.points == (0, 0, 0, 0)


# Blue's king on a8: the rook on b11 covers b4-b10, the rook coming to a5 checks up the a-file.
MATE_CELLS = {**KINGS, "a7": None, "a8": "bK", "b11": "rR", "j5": "rR"}


def test_ffa_checkmate_after_the_move_eliminates_and_pays_the_mover() -> None:
    board = Board(build_fen4(MATE_CELLS), mode="ffa")
    board.push_move("j5-a5")
    assert board.eliminated == frozenset({1})
    assert board.points == (20, 0, 0, 0)
    assert board.turn == 2
    assert board.piece_at(sq("a8")) == "dK"


def test_teams_checkmate_is_decided_on_the_victims_turn() -> None:
    board = Board(build_fen4(MATE_CELLS), mode="teams")
    board.push_move("j5-a5")
    assert board.turn == 1 and board.is_checkmate() and board.is_game_over()
    assert board.winner == frozenset({0, 2})
    assert board.points == (0, 0, 0, 0)


def test_ffa_stalemate_pays_the_stalemated_seat() -> None:
    # After j6-j7 Blue's king on a8 is not attacked, but a7, a9 and the b-file are.
    cells = {**KINGS, "a7": None, "a8": "bK", "b11": "rR", "j9": "rR", "j6": "rR"}
    board = Board(build_fen4(cells), mode="ffa")
    board.push_move("j6-j7")
    assert board.eliminated == frozenset({1})
    assert board.points == (0, 20, 0, 0)


@pytest.mark.parametrize(("piece", "bonus"), [("rR", 5), ("rQ", 1)])
def test_ffa_double_check_bonus(piece: str, bonus: int) -> None:
    # Landing on e7 attacks both Blue's king on a7 and Green's king on n7 along rank 7.
    cells = {**KINGS, "n8": None, "n7": "gK", "e5": piece}
    board = Board(build_fen4(cells), mode="ffa")
    board.push_move("e5-e7")
    assert board.points == (bonus, 0, 0, 0)
    teams_board = Board(build_fen4(cells), mode="teams")
    teams_board.push_move("e5-e7")
    assert teams_board.points == (0, 0, 0, 0)


def test_ffa_21_point_gap_ends_the_game_and_pays_the_trailing_seat() -> None:
    cells = {**KINGS, "e1": "rR", "e3": "yP", "e13": "yP"}
    board = Board(build_fen4(cells, dead=(0, 1, 0, 1), points=(30, 0, 10, 0)), mode="ffa")
    assert board.eliminated == frozenset({1, 3}) and not board.is_game_over()
    board.push_move("e1-e3")
    assert board.points == (31, 0, 30, 0)
    assert board.is_game_over() and board.winner == frozenset({0})
    assert board.legal_moves == []


def test_ffa_bare_kings_draw_pays_every_active_seat() -> None:
    board = Board(build_fen4({**KINGS, "h2": "gP"}), mode="ffa")
    board.push_move("h1-h2")
    assert board.points == (11, 10, 10, 10)
    assert board.is_game_over() and board.perft(1) == 0


def test_ffa_finished_position_on_load_awards_nothing() -> None:
    board = Board(build_fen4(KINGS), mode="ffa")
    assert board.is_game_over() and board.points == (0, 0, 0, 0)
    assert not Board(build_fen4(KINGS), mode="teams").is_game_over()


def test_pop_undoes_everything() -> None:
    board = Board(mode="ffa")
    start = board.fen4()
    for text in ("h2-h4", "b7-c7", "g13-g11", "m8-l8"):
        board.push_move(text)
    for _ in range(4):
        board.pop()
    assert board.fen4() == start


def test_move_text_errors() -> None:
    board = Board()
    with pytest.raises(InvalidMoveError):
        board.push_move("hello")
    with pytest.raises(IllegalMoveError):
        board.push_move("h2-h5")
    assert issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)


def test_move_equality_and_text() -> None:
    board = Board()
    move = next(m for m in board.legal_moves if str(m) == "h2-h3")
    assert (move.from_square, move.to_square, move.promotion) == (sq("h2"), sq("h3"), None)
    assert move == type(move)(sq("h2"), sq("h3"), None) and len({move, type(move)(sq("h2"), sq("h3"))}) == 1

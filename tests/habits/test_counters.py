"""fullmove_number: the PGN4 round of the side to move (python-chess's fullmove number): 1 at
the root, one more each time a move hands the turn to a seat at or before the mover's in the
order R, B, Y, G, as the PGN4 writer numbers its rounds."""

from __future__ import annotations

import pytest

from fourchess import Board, Seat, pgn4
from support.fen4 import HOME_KINGS, fen4


def test_rounds_from_the_start() -> None:
    board = Board()
    assert board.fullmove_number == 1
    for text in ("h2-h3", "b7-c7", "g13-g12"):
        board.push_move(text)
        assert board.fullmove_number == 1  # Blue, Yellow, then Green to move in round 1
    board.push_move("m8-l8")
    assert board.turn is Seat.RED and board.fullmove_number == 2
    board.pop()
    assert board.fullmove_number == 1


def test_a_root_with_blue_to_move() -> None:
    # Blue, Yellow and Green play round 1; Red's first move is round 2, as the PGN4 text says.
    board = Board(fen4({**HOME_KINGS, "d1": "rR"}, turn="B"))
    for text in ("a7-a6", "g14-g13", "n8-n9"):
        board.push_move(text)
    assert board.turn is Seat.RED and board.fullmove_number == 2
    board.push_move("h1-i1")
    assert "1. Ka7-a6 .. Kg14-g13 .. Kn8-n9\n2. Kh1-i1" in pgn4.write_game(pgn4.game_from_board(board))


def test_eliminated_seats_are_skipped_ffa() -> None:
    # Green is out: Red, Blue, Yellow make a round, and Red's next move starts round 2.
    board = Board(fen4({"h1": "rK", "d1": "rR", "a7": "bK", "g14": "yK"}, dead=(0, 0, 0, 1)), mode="ffa")
    for text in ("h1-i1", "a7-a6", "g14-g13"):
        board.push_move(text)
    assert board.turn is Seat.RED and board.fullmove_number == 2


def test_fullmove_number_is_read_only() -> None:
    with pytest.raises(AttributeError):
        Board().fullmove_number = 5  # type: ignore[misc]

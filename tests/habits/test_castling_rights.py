"""has_castling_rights(seat) and its side-specific forms: a right the seat could still use one
day (the FEN4 flag, its king on a home square, its own rook on that side's corner: docs/rules.md
fine point 6), not whether castling is legal now. Kingside = short (FEN4 field 3), queenside =
long (field 4)."""

from __future__ import annotations

import pytest

from fourchess import Board, Seat
from support.fen4 import HOME_KINGS, fen4
from support.squares import sq

ALL = (1, 1, 1, 1)


@pytest.mark.parametrize("setup", ["modern", "classic"])
def test_every_seat_holds_both_rights_at_the_start(setup: str) -> None:
    board = Board(setup=setup)
    for seat in Seat:
        assert board.has_castling_rights(seat)
        assert board.has_kingside_castling_rights(seat) and board.has_queenside_castling_rights(seat)


def test_a_blocked_or_attacked_path_keeps_the_right() -> None:
    # At the start nobody can castle (pieces stand between), yet every right is held.
    board = Board()
    assert not [move for move in board.legal_moves if move.from_square == sq("h1")]
    assert board.has_castling_rights(Seat.RED)


def test_moving_the_king_or_a_rook_gives_rights_up() -> None:
    # Red: king h1 and rooks d1 (long side, 4 away) and k1 (short side, 3 away), all flags set.
    board = Board(fen4({**HOME_KINGS, "d1": "rR", "k1": "rR"}, short=ALL, long=ALL))
    board.push_move("k1-k2")  # the short side's rook leaves its corner: that right is lost
    assert not board.has_kingside_castling_rights(Seat.RED) and board.has_queenside_castling_rights(Seat.RED)
    for text in ("a7-a6", "g14-g13", "n8-n9", "h1-h2"):  # Red's king moves: the long right goes too
        board.push_move(text)
    assert not board.has_castling_rights(Seat.RED)
    board.pop()
    assert board.has_queenside_castling_rights(Seat.RED)


def test_a_flag_without_its_king_or_rook_is_no_right() -> None:
    # All flags set, but Red's rooks are missing and Blue's king stands on a6, off its home squares
    # (a7 and a8): neither can use its flags. Yellow has its rook k14 (short side for g14 is d14,
    # long k14): only the long right.
    pieces = {"h1": "rK", "a6": "bK", "a4": "bR", "a11": "bR", "g14": "yK", "k14": "yR", "n8": "gK"}
    board = Board(fen4(pieces, short=ALL, long=ALL))
    assert not board.has_castling_rights(Seat.RED)
    assert not board.has_castling_rights(Seat.BLUE)
    assert board.has_queenside_castling_rights(Seat.YELLOW) and not board.has_kingside_castling_rights(Seat.YELLOW)
    assert not board.has_castling_rights(Seat.GREEN)


def test_a_walking_king_never_castles_ffa() -> None:
    # Blue resigned with its king and rooks at home: the rooks die, the king walks (fine point 6).
    pieces = {**HOME_KINGS, "a4": "bR", "a11": "bR", "d1": "rR"}
    board = Board(fen4(pieces, short=ALL, long=ALL, resigned=(Seat.BLUE,)), mode="ffa")
    assert board.walking_kings == {Seat.BLUE}
    assert not board.has_castling_rights(Seat.BLUE)
    assert board.has_queenside_castling_rights(Seat.RED)


@pytest.mark.parametrize(
    "method", ["has_castling_rights", "has_kingside_castling_rights", "has_queenside_castling_rights"]
)
@pytest.mark.parametrize("bad, error", [(4, ValueError), (-1, ValueError), ("red", TypeError), (None, TypeError)])
def test_bad_seat(method: str, bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seat"):
        getattr(Board(), method)(bad)

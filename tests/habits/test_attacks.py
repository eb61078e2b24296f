"""attackers(seat, square) and is_attacked_by(seat, square): live pieces of that seat only;
dead pieces attack nothing but block (docs/rules.md §4, §7)."""

from __future__ import annotations

import pytest

from fourchess import Board, PieceType, Seat
from support.fen4 import HOME_KINGS, fen4
from support.squares import sq

# Target g7 (empty). Red: knight f5 (a knight's jump away), rook g2 (up the open g-file), bishop
# j4 (j4-i5-h6-g7), pawn f6 (Red pawns take one rank up, one file aside: e7 and g7), queen k7
# (k7-j7-i7-h7-g7). Not attacking g7: Red bishop j10 (j10-i9-h8 is stopped by Green's pawn on
# h8) and Red rook g12 (g11, g10, then the dead pawn on g9 blocks). Yellow: knight h9. Blue:
# pawn f8 (Blue pawns take one file right, one rank up or down: g9 and g7). Green: pawn h8
# (Green pawns take one file left: g9 and g7). The dead knight e8 is a knight's jump from g7
# but belongs to no seat.
CROWDED = {
    **HOME_KINGS,
    "f5": "rN",
    "g2": "rR",
    "j4": "rB",
    "f6": "rP",
    "k7": "rQ",
    "j10": "rB",
    "g12": "rR",
    "h9": "yN",
    "f8": "bP",
    "h8": "gP",
    "g9": "dP",
    "e8": "dN",
}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_attackers_of_a_crowded_square(mode: str) -> None:
    board = Board(fen4(CROWDED), mode=mode)
    assert board.attackers(Seat.RED, sq("g7")) == {sq("f5"), sq("g2"), sq("j4"), sq("f6"), sq("k7")}
    assert board.attackers(Seat.YELLOW, sq("g7")) == {sq("h9")}
    assert board.attackers(Seat.BLUE, sq("g7")) == {sq("f8")}
    assert board.attackers(Seat.GREEN, sq("g7")) == {sq("h8")}
    assert all(board.is_attacked_by(seat, sq("g7")) for seat in Seat)
    assert isinstance(board.attackers(Seat.RED, sq("g7")), frozenset)


def test_an_occupied_square_is_attacked_whatever_stands_on_it() -> None:
    board = Board(fen4(CROWDED))
    # h8 holds Green's pawn: Red's bishop j10 (j10-i9-h8) attacks it, nothing else of Red's does.
    assert board.attackers(Seat.RED, sq("h8")) == {sq("j10")}
    # g9 holds a dead pawn: both Red rooks reach it, g2 up the g-file (g7 and g8 are empty) and
    # g12 down it (g11, g10); so do Blue's pawn f8 and Green's pawn h8 (each takes diagonally
    # forward onto g9); Yellow's knight h9 does not.
    assert board.attackers(Seat.RED, sq("g9")) == {sq("g2"), sq("g12")}
    assert board.attackers(Seat.BLUE, sq("g9")) == {sq("f8")}
    assert board.attackers(Seat.GREEN, sq("g9")) == {sq("h8")}
    assert not board.is_attacked_by(Seat.YELLOW, sq("g9"))
    # A seat's own piece is attacked by its defenders: nothing of Red's defends the pawn f6 (the
    # knight f5 jumps to d4 d6 e3 e7 g3 g7 h4 h6, the bishop j4 looks along i5-h6-g7, the bishop
    # j10's diagonal stops at h8, the queen k7 and the rooks share no line with it).
    assert not board.is_attacked_by(Seat.RED, sq("f6"))


def test_an_eliminated_seats_dead_pieces_attack_nothing_but_a_walking_king_does() -> None:
    # FFA: Blue resigned (its king walks, the rest of its army is dead) and Green has no king (it
    # is out, its rook dead: fine point 7). Blue's dead rook h5 would attack h1 down the open
    # h-file; dead, it does not. Blue's walking king a7 still attacks b7. Green's dead rook d7
    # attacks nothing but blocks the d-file for Red's rook d1.
    pieces = {"h1": "rK", "a7": "bK", "h5": "bR", "g14": "yK", "d7": "gR", "d1": "rR"}
    board = Board(fen4(pieces, resigned=(Seat.BLUE,)), mode="ffa")
    assert board.walking_kings == {Seat.BLUE} and Seat.GREEN in board.eliminated
    assert board.piece_at(sq("h5")).is_dead and board.piece_at(sq("d7")).is_dead
    assert board.attackers(Seat.BLUE, sq("h1")) == frozenset()
    assert board.attackers(Seat.BLUE, sq("b7")) == {sq("a7")}
    assert board.attackers(Seat.GREEN, sq("d6")) == frozenset()
    # The dead rook d7 blocks Red's rook d1 on its way up the d-file: d2..d6 and d7 itself.
    assert board.attackers(Seat.RED, sq("d7")) == {sq("d1")}
    assert not board.is_attacked_by(Seat.RED, sq("d8"))


@pytest.mark.parametrize("method", ["attackers", "is_attacked_by"])
def test_bad_arguments(method: str) -> None:
    query = getattr(Board(), method)
    with pytest.raises(ValueError, match="seat"):
        query(4, sq("h3"))
    with pytest.raises(ValueError, match="seat"):
        query(-1, sq("h3"))
    for off_board in (0, 2, 195, 196, -1, 10**30):  # a1 and c1 and n14 are removed corners
        with pytest.raises(ValueError, match="160 board squares"):
            query(Seat.RED, off_board)
    with pytest.raises(TypeError, match="square must be an int"):
        query(Seat.RED, "h3")
    with pytest.raises(TypeError, match="seat must be an int"):
        query("red", sq("h3"))
    with pytest.raises(TypeError):
        query(Seat.RED)
    # PieceType is an int too, but is not a seat: KING (6) is out of range.
    with pytest.raises(ValueError, match="seat"):
        query(PieceType.KING, sq("h3"))

"""Pieces and squares: fourchess.SQUARES, piece_map(), pieces(piece_type, seat), king(seat),
Piece(...) and Piece.from_symbol()."""

from __future__ import annotations

import pytest

import fourchess
from fourchess import Board, Piece, PieceType, Seat
from support.fen4 import HOME_KINGS, fen4
from support.squares import on_board, sq

NAMESPACE = vars(fourchess)


def test_squares_are_the_160_real_squares_ascending() -> None:
    # docs/rules.md §1: 14 x 14 minus four 3 x 3 corners; index r * 14 + f, so d1 = 3 comes first and
    # k14 = 13 * 14 + 10 = 192 last.
    expected = [r * 14 + f for r in range(14) for f in range(14) if on_board(f, r)]
    assert fourchess.SQUARES == tuple(expected) and len(fourchess.SQUARES) == 160
    assert fourchess.SQUARES[0] == sq("d1") == 3 and fourchess.SQUARES[-1] == sq("k14") == 192
    assert [fourchess.parse_square(fourchess.square_name(s)) for s in fourchess.SQUARES] == expected
    assert "SQUARES" in fourchess.__all__


def test_piece_map_of_the_start() -> None:
    board = Board()
    pieces = board.piece_map()
    assert len(pieces) == 64  # 16 per seat (docs/rules.md §3)
    assert pieces[sq("h1")] == Piece("rK") and pieces[sq("a8")] == Piece("bQ") and pieces[sq("n8")] == Piece("gK")
    assert list(pieces) == sorted(pieces)
    assert all(board.piece_at(square) == piece for square, piece in pieces.items())


def test_piece_map_includes_dead_pieces() -> None:
    board = Board(fen4({**HOME_KINGS, "e5": "dQ", "f6": "dD"}))
    assert board.piece_map()[sq("e5")] == Piece("dQ") and board.piece_map()[sq("f6")].is_one_point_queen


def test_pieces_of_a_seat() -> None:
    board = Board()
    # Red's pawns stand on d2..k2 (docs/rules.md §3), Blue's king on a7, Green's rooks on n4 and n11.
    assert board.pieces(PieceType.PAWN, Seat.RED) == {sq(f"{f}2") for f in "defghijk"}
    assert board.pieces(PieceType.KING, Seat.BLUE) == {sq("a7")}
    assert board.pieces(PieceType.ROOK, Seat.GREEN) == {sq("n4"), sq("n11")}
    assert isinstance(board.pieces(PieceType.ROOK, Seat.GREEN), frozenset)
    assert board.pieces(4, 3) == board.pieces(PieceType.ROOK, Seat.GREEN)  # plain ints as in python-chess


def test_pieces_counts_one_point_queens_as_queens_and_no_dead_pieces() -> None:
    board = Board(fen4({**HOME_KINGS, "e7": "rD", "g1": "rQ", "e5": "dQ"}), mode="ffa")
    assert board.pieces(PieceType.QUEEN, Seat.RED) == {sq("e7"), sq("g1")}
    assert all(sq("e5") not in board.pieces(PieceType.QUEEN, seat) for seat in Seat)


def test_king() -> None:
    board = Board()
    assert [board.king(seat) for seat in Seat] == [sq("h1"), sq("a7"), sq("g14"), sq("n8")]
    # FFA: Green has no live king (its king is dead): None, as python-chess answers for no king.
    ffa = Board(fen4({**HOME_KINGS, "n8": "dK", "d1": "rR"}, dead=(0, 0, 0, 1)), mode="ffa")
    assert ffa.king(Seat.GREEN) is None and ffa.king(Seat.RED) == sq("h1")


def test_piece_construction() -> None:
    assert Piece("rP") == Piece.from_symbol("rP") == Piece(PieceType.PAWN, Seat.RED)
    assert Piece(PieceType.BISHOP, None) == Piece("dB")  # no seat: a dead piece
    assert Piece(PieceType.QUEEN, Seat.YELLOW, one_point_queen=True) == Piece("yD")
    assert Piece(PieceType.QUEEN, None, True).symbol() == "dD"
    for symbol in ("rP", "bN", "yB", "gR", "rQ", "bK", "yD", "dP", "dK", "dD"):
        piece = Piece.from_symbol(symbol)
        assert piece.symbol() == str(piece) == symbol
        assert eval(repr(piece), NAMESPACE) == piece
    piece = Piece("gN")
    assert (piece.piece_type, piece.seat, piece.is_dead) == (PieceType.KNIGHT, Seat.GREEN, False)
    assert hash(Piece("gN")) == hash(piece) and Piece("gN") != Piece("dN")


@pytest.mark.parametrize("symbol", ["", "r", "rPP", "xP", "RP", "rp", "rZ", "wK", " rP", "dr", "r1"])
def test_bad_symbols(symbol: str) -> None:
    with pytest.raises(ValueError, match="piece symbol"):
        Piece.from_symbol(symbol)
    with pytest.raises(ValueError, match="piece symbol"):
        Piece(symbol)


def test_bad_piece_arguments() -> None:
    with pytest.raises(ValueError, match=r"\.\.\. \(5000 characters\)"):
        Piece.from_symbol("r" * 5000)  # the message quotes a bounded prefix
    with pytest.raises(ValueError, match="surrogate"):
        Piece.from_symbol("r\ud800")
    for wrong in (None, 1, b"rP"):
        with pytest.raises(TypeError):
            Piece.from_symbol(wrong)  # type: ignore[arg-type]
    for bad_type in (0, 7, -1):
        with pytest.raises(ValueError, match="piece_type"):
            Piece(bad_type, Seat.RED)
    with pytest.raises(ValueError, match="seat"):
        Piece(PieceType.PAWN, 4)
    with pytest.raises(ValueError, match="only a queen"):
        Piece(PieceType.PAWN, Seat.RED, True)
    with pytest.raises(TypeError, match="not both"):
        Piece("rP", Seat.RED)
    with pytest.raises(TypeError):
        Piece(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Piece()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "args, error",
    [
        ((7, Seat.RED), ValueError),
        ((0, Seat.RED), ValueError),
        ((PieceType.PAWN, 4), ValueError),
        ((PieceType.PAWN, -1), ValueError),
        (("P", Seat.RED), TypeError),
        ((PieceType.PAWN, "red"), TypeError),
        ((PieceType.PAWN, None), TypeError),
    ],
)
def test_pieces_bad_arguments(args: tuple[object, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Board().pieces(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad, error", [(4, ValueError), (-1, ValueError), ("green", TypeError), (None, TypeError)])
def test_king_bad_seat(bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seat"):
        Board().king(bad)  # type: ignore[arg-type]

"""san / parse_san / push_san (the chess.com long algebraic PGN4 token) and uci / Move.uci /
Move.from_uci / parse_uci / push_uci (the engine form the UCI dialect speaks, docs/uci.md)."""

from __future__ import annotations

import pytest

from fourchess import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move, PieceType
from support.fen4 import HOME_KINGS, fen4
from support.squares import sq


def test_san_is_the_pgn4_token() -> None:
    board = Board()
    assert board.san(Move.from_str("h2-h4")) == "h2-h4"  # pawns have no letter
    assert board.san(Move.from_str("j1-i3")) == "Nj1-i3"
    # Red's bishop h2 takes Blue's knight l6 (i3 j4 k5 empty): 'x' and the captured piece's letter;
    # from l6 it looks past m7 at Green's king n8, a new check: '+'.
    captures = Board(fen4({**HOME_KINGS, "h2": "rB", "l6": "bN"}))
    assert captures.san(Move.from_str("h2-l6")) == "Bh2xNl6+"
    # Teams promotion on rank 11 names its piece.
    promotion = Board(fen4({**HOME_KINGS, "e10": "rP"}))
    assert promotion.san(Move(sq("e10"), sq("e11"), PieceType.KNIGHT)) == "e10-e11=N"


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_san_and_uci_round_trip_every_legal_move(mode: str) -> None:
    board = Board(mode=mode)
    board.push_move("h2-h4")
    board.push_move("b7-c7")
    for move in board.legal_moves:
        assert board.parse_san(board.san(move)) == move
        assert board.parse_uci(move.uci()) == move
        assert Move.from_uci(move.uci()) == move
        assert board.uci(move) == move.uci() == str(move)


def test_push_san_and_push_uci_play_the_move() -> None:
    board = Board()
    assert board.push_san("Nj1-i3") == Move.from_str("j1-i3")
    assert board.push_uci("b7c7") == Move.from_str("b7-c7")  # Blue's pawns go up the files
    assert [str(move) for move in board.move_stack] == ["j1-i3", "b7-c7"]


def test_parse_san_reads_the_short_forms_too() -> None:
    board = Board()
    assert board.parse_san("Ni3") == Move.from_str("j1-i3")  # only the j1 knight reaches i3
    assert board.parse_san("h4") == Move.from_str("h2-h4")
    # Red's rooks d3 and k3 both reach g3 along rank 3: 'Rg3' fits two moves, 'Rdg3' one.
    rooks = Board(fen4({**HOME_KINGS, "d3": "rR", "k3": "rR"}))
    with pytest.raises(AmbiguousMoveError):
        rooks.parse_san("Rg3")
    assert rooks.parse_san("Rdg3") == Move.from_str("d3-g3")


def test_parse_uci_takes_the_engine_form_only() -> None:
    castling = Board(fen4({**HOME_KINGS, "k1": "rR"}, short=(1, 0, 0, 0)))
    assert castling.parse_uci("h1-j1") == castling.parse_san("O-O")  # castling is the king's move
    with pytest.raises(InvalidMoveError):
        castling.parse_uci("O-O")
    with pytest.raises(InvalidMoveError):
        Board().parse_uci("Ni3")
    with pytest.raises(InvalidMoveError):
        Move.from_uci("O-O")


def test_parse_uci_promotions() -> None:
    # Teams: a promotion names its piece; FFA: '=Q' means the 1-point queen (fine point 8) and
    # '=D' is that queen too.
    teams = Board(fen4({**HOME_KINGS, "e10": "rP"}))
    assert teams.parse_uci("e10-e11=R").promotion is PieceType.ROOK
    with pytest.raises(IllegalMoveError, match="name its piece"):
        teams.parse_uci("e10-e11")
    ffa = Board(fen4({**HOME_KINGS, "e7": "rP"}), mode="ffa")
    assert ffa.parse_uci("e7-e8=Q").is_one_point_queen
    assert ffa.parse_uci("e7e8=D") == ffa.parse_uci("e7-e8=Q")


def test_illegal_moves_are_refused() -> None:
    board = Board()
    with pytest.raises(IllegalMoveError):
        board.san(Move.from_str("h2-h5"))
    with pytest.raises(IllegalMoveError):
        board.parse_uci("b7-c7")  # Blue's pawn, Red to move
    with pytest.raises(IllegalMoveError):
        board.push_uci("h2-h5")
    with pytest.raises(IllegalMoveError):
        board.parse_san("Nj1-j3")
    assert board.move_stack == []


def test_bad_text_and_types() -> None:
    board = Board()
    for text in ("", "z9-z10", "h2-", "h2-h4=K", "hello"):
        with pytest.raises(InvalidMoveError):
            board.parse_uci(text)
        with pytest.raises(InvalidMoveError):
            Move.from_uci(text)
    with pytest.raises(InvalidMoveError):
        board.parse_san("")
    for wrong in (None, 42, b"h2-h4"):
        with pytest.raises(TypeError):
            board.parse_uci(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.parse_san(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Move.from_uci(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.uci(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.san(wrong)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match=r"\(5000 characters\)"):
        board.parse_uci("h" * 5000)  # the message quotes a bounded prefix


def test_uci_of_a_move_needs_no_board() -> None:
    # As python-chess's Board.uci, the text is written without a legality test.
    assert Board().uci(Move.from_str("a4-n11")) == "a4-n11"
    assert Move(sq("h7"), sq("h8"), PieceType.QUEEN, one_point_queen=True).uci() == "h7-h8=D"

"""Dead pieces (FFA): they block, never attack, check or pin, and are captured for 0 points
(docs/rules.md §7, §11.7, docs/rules.md §7, decision 1). Blue is eliminated in every position here."""

from support.fen4 import fen4, parse_fen4
from support.moves import moves, moves_from

BLUE_OUT = (0, 1, 0, 0)
# Yellow keeps a pawn so that not every active seat has a bare king (that would be a drawn,
# finished game by insufficient material, §7).
BASE = {"a7": "dK", "g14": "yK", "e13": "yP", "n8": "gK"}


def ffa(Board, pieces, turn="R"):
    return Board(fen4(dict(BASE, **pieces), turn, dead=BLUE_OUT), mode="ffa")


def test_dead_piece_blocks_a_slider_and_is_captured_for_nothing(Board):
    """Rook h3: g3 f3 e3 d3 (c3 removed), i3 j3 k3 (l3 removed), h2 h1, h4 and h5 (the dead rook).
    Taking it scores 0 and the turn skips eliminated Blue."""
    board = ffa(Board, {"e1": "rK", "h3": "rR", "h5": "dR"})
    assert moves_from(board, "h3") == {
        "h3-g3",
        "h3-f3",
        "h3-e3",
        "h3-d3",
        "h3-i3",
        "h3-j3",
        "h3-k3",
        "h3-h2",
        "h3-h1",
        "h3-h4",
        "h3-h5",
    }
    board.push_move("h3-h5")
    assert board.points == (0, 0, 0, 0)
    assert board.turn == 2


def test_capturing_a_dead_king_scores_nothing(Board):
    pieces = {"e1": "rK", "h3": "rR", "h5": "dK"}
    del_base = dict(BASE)
    del del_base["a7"]
    board = Board(fen4(dict(del_base, **pieces), "R", dead=BLUE_OUT), mode="ffa")
    board.push_move("h3-h5")
    assert board.points == (0, 0, 0, 0)
    assert not board.is_game_over()


def test_dead_piece_gives_no_check(Board):
    """A dead rook on the open h-file: h1 is not in check and h2 is a legal square."""
    board = ffa(Board, {"h1": "rK", "h6": "dR"})
    assert not board.is_check()
    assert moves(board) == {"h1-g1", "h1-i1", "h1-g2", "h1-h2", "h1-i2"}


def test_dead_piece_does_not_pin(Board):
    board = ffa(Board, {"h1": "rK", "h4": "rN", "h10": "dR"})
    assert len(moves_from(board, "h4")) == 8


def test_dead_piece_blocks_a_check(Board):
    """A dead pawn on h4 shields h1 from Green's live rook on h8."""
    board = ffa(Board, {"h1": "rK", "h4": "dP", "h8": "gR"})
    assert not board.is_check()
    assert "h1-h2" in moves(board)


def test_eliminated_seat_pieces_are_dead_even_without_d(Board):
    """§11.7: Blue's dead flag is set, so its rook written `bR` on h6 attacks nothing."""
    board = ffa(Board, {"h1": "rK", "h6": "bR"})
    assert not board.is_check()
    assert "h1-h2" in moves(board)


def test_dead_pieces_are_written_with_d(Board):
    board = ffa(Board, {"h1": "rK", "h6": "dR"})
    placed = parse_fen4(board.fen4())["board"]
    assert placed["h6"] == "dR" and placed["a7"] == "dK"

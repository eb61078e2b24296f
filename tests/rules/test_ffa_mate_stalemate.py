"""FFA checkmate and stalemate of a seat that is not the next to move (docs/rules.md §7, §11.2-3)."""

from support.fen4 import fen4, parse_fen4
from support.moves import moves


def test_mate_of_yellow_on_reds_move(Board):
    """Rook k13 covers d13..j13; d5-d14 checks g14 and covers e14, f14 and (through the king) h14.
    Yellow has no move: mated at once although Blue moves next. +20 Red, Yellow out, dead king,
    Blue to move, then Green (Yellow skipped)."""
    pieces = {"h1": "rK", "k13": "rR", "d5": "rR", "a7": "bK", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    board.push_move("d5-d14")
    assert board.points == (20, 0, 0, 0)
    assert board.eliminated == frozenset({2})
    assert parse_fen4(board.fen4())["board"]["g14"] == "dK"
    assert board.turn == 1
    assert not board.is_game_over()
    board.push_move("a7-a8")
    assert board.turn == 3


def test_stalemate_of_green_on_reds_move(Board):
    """Green's king n11 has only n10, m10, m11 (n12, m12 are removed). Rook m5 covers m6..m11;
    e9-e10 covers rank 10. n11 itself is not attacked: stalemate, +20 to Green, Green out."""
    pieces = {"h1": "rK", "m5": "rR", "e9": "rR", "a7": "bK", "g14": "yK", "n11": "gK"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    assert "n11-n10" in moves(Board(fen4(pieces, "G"), mode="ffa"))
    board.push_move("e9-e10")
    assert board.points == (0, 0, 0, 20)
    assert board.eliminated == frozenset({3})
    assert board.turn == 1
    board.push_move("a7-a8")
    board.push_move("g14-g13")
    assert board.turn == 0, "Green is skipped"


def test_mate_points_go_to_the_mover_even_if_another_seat_gives_the_check(Board):
    """Yellow is already in check from Blue's rook g5. Red's rook k13 covers f13 g13 h13, its
    bishop d12 covers f14; j10-i12 takes away h14, the last escape. No legal move and in check
    → checkmate, +20 to the mover (Red) by §7."""
    pieces = {"h1": "rK", "k13": "rR", "d12": "rB", "j10": "rN", "a7": "bK", "g5": "bR", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    board.push_move("j10-i12")
    assert board.eliminated == frozenset({2})
    assert board.points == (20, 0, 0, 0)


def test_pinned_piece_cannot_deliver_mate(Board):
    """Same mating idea, but Green's rook k5 pins the rook d5 to Red's king a5 along rank 5:
    d5-d14 is illegal (legality is tested before any elimination it would cause)."""
    pieces = {"a5": "rK", "d5": "rR", "k13": "rR", "a7": "bK", "g14": "yK", "n8": "gK", "k5": "gR"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    legal = moves(board)
    assert "d5-d14" not in legal
    assert "d5-k5" in legal

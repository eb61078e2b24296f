"""King capture (docs/rules.md §5, §11.1, §11.2)."""

import pytest

from support.fen4 import fen4, parse_fen4
from support.moves import moves, moves_from, perft_counts

# Red to move. Green's rook h6 checks Red's king h1 down the h-file; Green's bishop d5 pins Red's
# bishop g2 to h1; that pinned bishop attacks Blue's king on m8 (g2-h3-i4-j5-k6-l7-m8).
PINNED_IN_CHECK = {"h1": "rK", "g2": "rB", "m8": "bK", "g14": "yK", "n5": "gK", "d5": "gB", "h6": "gR"}
# King escapes: g1 and i1, i2 are safe (h2 is on the rook's file; g2 holds the bishop). Every
# bishop move except the king capture leaves h1 attacked (g2-h3 blocks the rook but opens d5-h1).
ESCAPES = {"h1-g1", "h1-i1", "h1-i2"}


def test_teams_king_capture_legal_when_pinned_and_in_check(Board):
    board = Board(fen4(PINNED_IN_CHECK, "R"), mode="teams")
    assert moves(board) == ESCAPES | {"g2-m8"}
    board.push_move("g2-m8")
    assert board.is_game_over()
    assert board.winner == frozenset({0, 2})
    assert moves(board) == set()


def test_ffa_king_capture_illegal_when_own_king_stays_attacked(Board):
    """FFA: after g2xm8 h1 is still attacked (rook h6, and bishop d5 through g2), so it is illegal."""
    board = Board(fen4(PINNED_IN_CHECK, "R"), mode="ffa")
    assert moves(board) == ESCAPES


PINNED_ONLY = {"h1": "rK", "g2": "rB", "m8": "bK", "g14": "yK", "n5": "gK", "d5": "gB"}


def test_ffa_pinned_piece_cannot_capture_a_king(Board):
    """FFA: with no rook, the pinned bishop keeps only the moves along the pin line."""
    board = Board(fen4(PINNED_ONLY, "R"), mode="ffa")
    assert moves_from(board, "g2") == {"g2-f3", "g2-e4", "g2-d5"}


def test_teams_pinned_piece_captures_a_king(Board):
    board = Board(fen4(PINNED_ONLY, "R"), mode="teams")
    assert moves_from(board, "g2") == {"g2-f3", "g2-e4", "g2-d5", "g2-m8"}


def test_ffa_king_capture_scores_and_eliminates(Board):
    """Rook d7 takes the king on a7: +20, Blue out, its knight on b10 dead, Yellow to move;
    later the turn order keeps skipping Blue."""
    pieces = {"h1": "rK", "d7": "rR", "a7": "bK", "b10": "bN", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    assert "d7-a7" in moves(board)
    board.push_move("d7-a7")
    assert board.points == (20, 0, 0, 0)
    assert board.eliminated == frozenset({1})
    assert parse_fen4(board.fen4())["board"]["b10"] == "dN"
    assert not board.is_game_over()
    assert board.turn == 2
    for move in ["g14-g13", "n8-n9", "h1-i1"]:
        board.push_move(move)
    assert board.turn == 2


# Red in check from Blue's rook h5; Red's knight f6 can take Blue's king on e8.
CHECKED_BY_VICTIM = {"h1": "rK", "f6": "rN", "e8": "bK", "h5": "bR", "g14": "yK", "n8": "gK"}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_capturing_the_checker_s_king_is_legal(Board, mode):
    """FFA §11.1: after f6xe8 Blue's pieces are dead, so its rook no longer attacks h1: legal.
    Other legal moves: the king to g1 i1 g2 i2, or the knight takes the rook on h5."""
    board = Board(fen4(CHECKED_BY_VICTIM, "R"), mode=mode)
    assert moves(board) == {"h1-g1", "h1-i1", "h1-g2", "h1-i2", "f6-h5", "f6-e8"}


def test_ffa_king_capture_out_of_check(Board):
    board = Board(fen4(CHECKED_BY_VICTIM, "R"), mode="ffa")
    board.push_move("f6-e8")
    assert board.points == (20, 0, 0, 0)
    assert board.eliminated == frozenset({1})
    assert not board.is_check(0)
    assert parse_fen4(board.fen4())["board"]["h5"] == "dR"


def test_teams_king_capture_of_yellow_wins_for_blue_green(Board):
    """Red's knight unshields its partner's king; Blue's rook takes it and Blue+Green win."""
    pieces = {"h1": "rK", "j6": "rN", "a7": "bK", "j4": "bR", "j9": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="teams")
    board.push_move("j6-h5")
    board.push_move("j4-j9")
    assert board.is_game_over()
    assert board.winner == frozenset({1, 3})


# Red's knight h3 is pinned to its king h1 by a rook on h8; from h3 it reaches the Green king g5.
def _pinned_knight(pinner):
    return {"h1": "rK", "h3": "rN", "h8": pinner, "a7": "bK", "g14": "yK", "g5": "gK"}


def test_teams_pinned_knight_captures_a_king(Board):
    """§5: in Teams taking a king is legal even for a pinned piece (the knight's other steps are not)."""
    board = Board(fen4(_pinned_knight("bR"), "R"), mode="teams")
    knight_moves = {m for m in moves(board) if m.startswith("h3-")}
    assert knight_moves == {"h3-g5"}
    assert perft_counts(board, 1) == {len(board.legal_moves)}


@pytest.mark.parametrize("pinner, legal", [("gR", True), ("bR", False)])
def test_ffa_pinned_knight_captures_the_pinner_s_king(Board, pinner, legal):
    """§11.1: Green's pieces die with its king, so a Green pinner no longer attacks h1; a Blue one
    still does."""
    board = Board(fen4(_pinned_knight(pinner), "R"), mode="ffa")
    assert ("h3-g5" in moves(board)) == legal
    assert {m for m in moves(board) if m.startswith("h3-")} <= {"h3-g5"}
    assert perft_counts(board, 1) == {len(board.legal_moves)}

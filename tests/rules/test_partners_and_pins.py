"""Partners (Teams) and pins, including pins by a "partner's" pieces in FFA (docs/rules.md §2, §5)."""

import pytest

from support.fen4 import fen4
from support.moves import moves, moves_from

ROOK_D4 = {"h1": "rK", "d4": "rR", "d8": "yN", "g4": "bN", "a7": "bK", "g14": "yK", "n8": "gK"}
ROOK_D4_TEAMS = {
    "d4-c4",
    "d4-b4",
    "d4-a4",
    "d4-d3",
    "d4-d2",
    "d4-d1",
    "d4-d5",
    "d4-d6",
    "d4-d7",
    "d4-e4",
    "d4-f4",
    "d4-g4",
}


def test_teams_never_captures_partner(Board):
    """The rook stops below Yellow's knight on d8 but takes Blue's knight on g4: 12 moves."""
    board = Board(fen4(ROOK_D4, "R"), mode="teams")
    assert moves_from(board, "d4") == ROOK_D4_TEAMS


def test_ffa_captures_yellow(Board):
    """In FFA the Yellow knight is an enemy: d4-d8 is added (13 moves)."""
    board = Board(fen4(ROOK_D4, "R"), mode="ffa")
    assert moves_from(board, "d4") == ROOK_D4_TEAMS | {"d4-d8"}


PARTNER_ROOK = {"h1": "rK", "h8": "yR", "a7": "bK", "g14": "yK", "m10": "gK"}


def test_partner_attack_is_not_check(Board):
    """Teams: Yellow's rook on the open h-file attacks h1 and h2, yet Red is not in check and may
    step to h2."""
    board = Board(fen4(PARTNER_ROOK, "R"), mode="teams")
    assert not board.is_check()
    assert not board.is_check(0)
    assert moves(board) == {"h1-g1", "h1-i1", "h1-g2", "h1-h2", "h1-i2"}


def test_same_rook_gives_check_in_ffa(Board):
    board = Board(fen4(PARTNER_ROOK, "R"), mode="ffa")
    assert board.is_check()
    assert moves(board) == {"h1-g1", "h1-i1", "h1-g2", "h1-i2"}


def test_may_expose_partner_king(Board):
    """Teams: Red's knight j6 shields Yellow's king j9 from Blue's rook j4; it may still move
    anywhere (8 squares), and then Blue may take the Yellow king."""
    pieces = {"h1": "rK", "j6": "rN", "a7": "bK", "j4": "bR", "j9": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="teams")
    assert moves_from(board, "j6") == {"j6-h5", "j6-h7", "j6-i4", "j6-i8", "j6-k4", "j6-k8", "j6-l5", "j6-l7"}
    board.push_move("j6-h5")
    assert "j4-j9" in moves(board)


PINNED_KNIGHT = {"h1": "rK", "h4": "rN", "h10": "yR", "a7": "bK", "g14": "yK", "n8": "gK"}


def test_yellow_rook_pins_red_knight_in_ffa(Board):
    """FFA: Yellow is an opponent, so the knight on h4 shields h1 from h10 and cannot move."""
    board = Board(fen4(PINNED_KNIGHT, "R"), mode="ffa")
    assert moves_from(board, "h4") == set()


def test_same_yellow_rook_is_no_threat_in_teams(Board):
    board = Board(fen4(PINNED_KNIGHT, "R"), mode="teams")
    assert moves_from(board, "h4") == {"h4-f3", "h4-f5", "h4-g2", "h4-g6", "h4-i2", "h4-i6", "h4-j3", "h4-j5"}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_pinned_bishop_moves_along_the_pin(Board, mode):
    """Blue's bishop d5 pins Red's bishop f3 to h1: only g2, e4 and d5 (capture) stay on the line."""
    pieces = {"h1": "rK", "f3": "rB", "a7": "bK", "d5": "bB", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode=mode)
    assert moves_from(board, "f3") == {"f3-g2", "f3-e4", "f3-d5"}


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_pinned_knight_has_no_moves(Board, mode):
    pieces = {"h1": "rK", "g2": "rN", "a7": "bK", "d5": "bB", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode=mode)
    assert moves_from(board, "g2") == set()

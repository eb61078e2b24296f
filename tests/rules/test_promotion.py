"""Promotion (docs/rules.md §4 "Promotion", §11.8)."""

import pytest

from support.fen4 import HOME_KINGS, fen4, parse_fen4
from support.moves import moves_from


def four(move):
    return {f"{move}={p}" for p in "QRBN"}


# (id, mode, turn, extra pieces, pawn square, expected moves of that pawn, why)
CASES = [
    (
        "teams-red-rank-11",
        "teams",
        "R",
        {"h10": "rP"},
        "h10",
        four("h10-h11"),
        "Teams: Red promotes on rank 11 to Q, R, B or N",
    ),
    ("teams-blue-file-k", "teams", "B", {"j6": "bP"}, "j6", four("j6-k6"), "Teams: Blue promotes on file k"),
    ("teams-yellow-rank-4", "teams", "Y", {"e5": "yP"}, "e5", four("e5-e4"), "Teams: Yellow promotes on rank 4"),
    ("teams-green-file-d", "teams", "G", {"e9": "gP"}, "e9", four("e9-d9"), "Teams: Green promotes on file d"),
    (
        "teams-red-capture-promotion",
        "teams",
        "R",
        {"h10": "rP", "g11": "bN", "i11": "yN"},
        "h10",
        four("h10-h11") | four("h10-g11"),
        "push and capture of the Blue knight both promote; the Yellow (partner) knight is not taken",
    ),
    (
        "teams-blue-capture-promotion",
        "teams",
        "B",
        {"j6": "bP", "k7": "rB", "k5": "gN"},
        "j6",
        four("j6-k6") | four("j6-k7"),
        "Blue takes the Red bishop on k7 while promoting; k5 holds its partner Green's knight",
    ),
    (
        "teams-red-rank-8-is-not-a-promotion",
        "teams",
        "R",
        {"h7": "rP"},
        "h7",
        {"h7-h8"},
        "in Teams rank 8 is an ordinary square for Red",
    ),
    (
        "ffa-red-rank-8",
        "ffa",
        "R",
        {"h7": "rP"},
        "h7",
        {"h7-h8=D"},
        "FFA: Red's 8th line is rank 8, and the only choice is the 1-point queen D",
    ),
    ("ffa-blue-file-h", "ffa", "B", {"g6": "bP"}, "g6", {"g6-h6=D"}, "FFA: Blue's 8th line is file h"),
    ("ffa-yellow-rank-7", "ffa", "Y", {"f8": "yP"}, "f8", {"f8-f7=D"}, "FFA: Yellow's 8th line is rank 7"),
    ("ffa-green-file-g", "ffa", "G", {"h9": "gP"}, "h9", {"h9-g9=D"}, "FFA: Green's 8th line is file g"),
    (
        "ffa-green-capture-promotion",
        "ffa",
        "G",
        {"h5": "gP", "g4": "rN"},
        "h5",
        {"h5-g5=D", "h5-g4=D"},
        "Green takes the Red knight on g4 while promoting",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_promotion_moves(Board, case):
    _, mode, turn, extra, square, expected, why = case
    board = Board(fen4(dict(HOME_KINGS, **extra), turn), mode=mode)
    assert moves_from(board, square) == expected, why


def test_ffa_capture_promotion_scores_the_captured_piece(Board):
    board = Board(fen4(dict(HOME_KINGS, h5="gP", g4="rN"), "G"), mode="ffa")
    board.push_move("h5-g4=D")
    assert board.points == (0, 0, 0, 3)
    assert parse_fen4(board.fen4())["board"].get("g4") == "gD"


def test_teams_promotion_places_the_chosen_piece(Board):
    board = Board(fen4(dict(HOME_KINGS, h10="rP"), "R"))
    board.push_move("h10-h11=R")
    assert parse_fen4(board.fen4())["board"].get("h11") == "rR"


def test_ffa_q_on_input_means_one_point_queen(Board):
    """§11.8: in FFA `=Q` on input is the 1-point queen."""
    board = Board(fen4(dict(HOME_KINGS, h7="rP"), "R"), mode="ffa")
    board.push_move("h7-h8=Q")
    assert parse_fen4(board.fen4())["board"].get("h8") == "rD"


def test_teams_promotion_must_name_its_piece(Board):
    board = Board(fen4(dict(HOME_KINGS, h10="rP"), "R"))
    with pytest.raises(ValueError):
        board.push_move("h10-h11")


def test_one_point_queen_moves_like_a_queen(Board):
    """D on d4 (Blue king moved to a10): left 3, right 10, up 10, down 3, up-left c5 b6 a7 (3),
    up-right e5..k11 (7, l12 is removed), down-right e3 f2 g1 (3), down-left 0 (c3 removed) = 39."""
    pieces = {"h1": "rK", "d4": "rD", "a10": "bK", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "R"), mode="ffa")
    assert len(moves_from(board, "d4")) == 39


def test_one_point_queen_is_worth_one_point(Board):
    pieces = {"h1": "rK", "d4": "rD", "a10": "bK", "d10": "bR", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "B"), mode="ffa")
    board.push_move("d10-d4")
    assert board.points == (0, 1, 0, 0)


# Red's king h1 is boxed in by its own rooks g1, i1 and pawns g2, i2 (h2 is free), so a
# generator that stops at the first legal move meets the pawn's four promotions first.
def test_promotion_as_first_legal_move(Board):
    """Teams: the pawn on h10 offers four moves at once; has_legal_move must stop at one."""
    pieces = dict(HOME_KINGS, h10="rP")
    board = Board(fen4(pieces, "R"), mode="teams")
    assert not board.is_game_over()
    assert four("h10-h11") <= set(map(str, board.legal_moves))


def test_promotions_are_the_only_legal_moves(Board):
    """Red's king d1 is shut in by its pawns d2 e2 (blocked by its partner Yellow's pawns d3 e3,
    which they may not take; c3 is off the board, f3 empty) and a Yellow knight on e1; only the
    pawn on g10 moves, and every move it has is a promotion."""
    pieces = {
        "d1": "rK",
        "d2": "rP",
        "e2": "rP",
        "d3": "yP",
        "e3": "yP",
        "e1": "yN",
        "g10": "rP",
        "a7": "bK",
        "g14": "yK",
        "n8": "gK",
    }
    board = Board(fen4(pieces, "R"), mode="teams")
    assert set(map(str, board.legal_moves)) == four("g10-g11")
    assert not board.is_game_over()


def test_promotion_as_first_move_after_replies(Board):
    """The issue's game: Blue's rook steps to h11, and Red's only pawn with a move then captures
    onto h11 or pushes to g11, each four ways; every push in between asks for Red's termination."""
    board = Board(
        "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/"
        "x,x,x,8,x,x,x/1,bR,12/6,rP,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/"
        "x,x,x,3,rP,1,rP,2,x,x,x/x,x,x,3,rR,rK,rR,2,x,x,x",
        mode="teams",
    )
    for move in ["b11-h11", "g14-f14", "n8-n9"]:
        board.push_move(move)
    assert four("g10-h11") <= set(map(str, board.legal_moves))
    assert not board.is_game_over()

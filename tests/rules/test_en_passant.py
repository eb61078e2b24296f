"""En passant (docs/rules.md §4 "En passant", §11.5)."""

import pytest

from support.fen4 import fen4, parse_fen4
from support.moves import moves_from
from support.squares import on_board


def play(board, sequence):
    for move in sequence:
        board.push_move(move)


# Red pawn e2 about to double-step over e3. Blue pawns d2 and d4 both attack e3 (Blue captures
# at f+1, r+-1); Green's f4 pawn attacks it too (Green captures at f-1, r+-1).
FLANKED = {"h1": "rK", "e2": "rP", "a7": "bK", "d2": "bP", "d4": "bP", "g14": "yK", "n8": "gK", "f4": "gP"}


def test_double_step_writes_the_entry(Board):
    board = Board(fen4(FLANKED, "R"))
    board.push_move("e2-e4")
    assert parse_fen4(board.fen4())["extras"] == "{'enPassant':('e3:e4','','','')}"


def test_both_pawns_attacking_the_skipped_square_may_capture(Board):
    """d2 and d4 both attack e3; d4 cannot push (e4 is occupied), d2 can push to the vacated e2."""
    board = Board(fen4(FLANKED, "R"))
    board.push_move("e2-e4")
    assert moves_from(board, "d2") == {"d2-e2", "d2-e3"}
    assert moves_from(board, "d4") == {"d4-e3"}
    for capture, origin in [("d4-e3", "d4"), ("d2-e3", "d2")]:
        board.push_move(capture)
        placed = parse_fen4(board.fen4())["board"]
        assert placed.get("e3") == "bP"
        assert "e4" not in placed and origin not in placed, "the pawn on e4 is removed"
        board.pop()


def test_window_lasts_until_the_pusher_moves_again(Board):
    """Blue passes on it; Green (last before Red) still may; after Red's next move nobody may."""
    board = Board(fen4(FLANKED, "R"))
    play(board, ["e2-e4", "a7-a8", "g14-g13"])
    assert moves_from(board, "f4") == {"f4-e3"}, "e4 blocks the push; e3 is the en-passant target"
    play(board, ["n8-n9", "h1-i1"])
    assert board.turn == 1
    assert "enPassant" not in board.fen4()
    assert moves_from(board, "d4") == set()
    assert moves_from(board, "d2") == {"d2-e2"}


def test_entry_read_from_fen4(Board):
    """Green to move with Red's entry e3:e4 in the FEN4 extras: f4-e3 is legal."""
    pieces = {"h1": "rK", "e4": "rP", "a7": "bK", "g14": "yK", "n8": "gK", "f4": "gP"}
    board = Board(fen4(pieces, "G", ep={0: "e3:e4"}))
    assert moves_from(board, "f4") == {"f4-e3"}
    board.push_move("f4-e3")
    assert "e4" not in parse_fen4(board.fen4())["board"]


# e2-e4 by Red, then a knight lands on the skipped square e3 before Green's turn.
KNIGHT_ON_M = {"h1": "rK", "e2": "rP", "a7": "bK", "g14": "yK", "n8": "gK", "f4": "gP"}


def test_occupied_skipped_square_teams_double_capture(Board):
    """Yellow's knight (Green's opponent) on e3: f4-e3 takes it and the e4 pawn, one move only."""
    pieces = dict(KNIGHT_ON_M, d5="yN")
    board = Board(fen4(pieces, "R"))
    play(board, ["e2-e4", "a7-a8", "d5-e3"])
    listed = [str(m) for m in board.legal_moves]
    assert listed.count("f4-e3") == 1, "no separate plain capture onto e3"
    board.push_move("f4-e3")
    placed = parse_fen4(board.fen4())["board"]
    assert placed.get("e3") == "gP"
    assert "e4" not in placed
    assert "yN" not in placed.values()


def test_skipped_square_holding_partner_piece_blocks_en_passant(Board):
    """Blue's knight (Green's partner) on e3: no en passant and no capture onto e3 at all."""
    pieces = dict(KNIGHT_ON_M, d5="bN")
    board = Board(fen4(pieces, "R"))
    play(board, ["e2-e4", "d5-e3", "g14-g13"])
    assert moves_from(board, "f4") == set()


def test_occupied_skipped_square_ffa_scores_both(Board):
    """FFA: Blue's knight on e3 is Green's opponent: knight 3 + pawn 1 = 4 points for Green."""
    pieces = dict(KNIGHT_ON_M, d5="bN")
    board = Board(fen4(pieces, "R"), mode="ffa")
    play(board, ["e2-e4", "d5-e3", "g14-g13"])
    assert moves_from(board, "f4") == {"f4-e3"}
    board.push_move("f4-e3")
    assert board.points == (0, 0, 0, 4)
    placed = parse_fen4(board.fen4())["board"]
    assert "e4" not in placed and "bN" not in placed.values()


def test_en_passant_promotion_teams(Board):
    """Blue b11-d11 skips c11, which is on Red's 11th rank: d10xc11 e.p. promotes (4 choices)."""
    pieces = {"h1": "rK", "d10": "rP", "a7": "bK", "b11": "bP", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "B"))
    play(board, ["b11-d11", "g14-g13", "n8-n9"])
    assert moves_from(board, "d10") == {f"d10-c11={p}" for p in "QRBN"}
    board.push_move("d10-c11=N")
    placed = parse_fen4(board.fen4())["board"]
    assert placed.get("c11") == "rN" and "d11" not in placed


def test_en_passant_promotion_ffa(Board):
    """FFA: Blue b8-d8 skips c8 on Red's 8th rank: d7xc8 e.p. makes a 1-point queen, +1 point."""
    pieces = {"h1": "rK", "d7": "rP", "a7": "bK", "b8": "bP", "g14": "yK", "n8": "gK"}
    board = Board(fen4(pieces, "B"), mode="ffa")
    play(board, ["b8-d8", "g14-g13", "n8-n9"])
    assert moves_from(board, "d7") == {"d7-c8=D"}
    board.push_move("d7-c8=D")
    assert board.points == (1, 0, 0, 0)
    placed = parse_fen4(board.fen4())["board"]
    assert placed.get("c8") == "rD" and "d8" not in placed


@pytest.mark.parametrize("rook", [True, False], ids=["rook-on-n4", "no-rook"])
def test_en_passant_illegal_when_it_exposes_the_capturer(Board, rook):
    """Blue king a4, Blue pawn d4, Red pawn lands on e4: d4xe3 e.p. empties d4 AND e4, opening
    rank 4 to the Red rook on n4 (check on a4), so it is illegal; without the rook it is legal."""
    pieces = {"h1": "rK", "e2": "rP", "a4": "bK", "d4": "bP", "g14": "yK", "j9": "gK"}
    if rook:
        pieces["n4"] = "rR"
    board = Board(fen4(pieces, "R"))
    board.push_move("e2-e4")
    assert moves_from(board, "d4") == (set() if rook else {"d4-e3"})


# Geometry of §4 "only neighbouring seats can ever meet this way", derived from the rules:
FORWARD = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}


def progress(seat, file0, rank0):
    """Steps a pawn of `seat` on this square has made from its home line (rank 2, file b, ...)."""
    return [rank0 - 1, file0 - 1, 12 - rank0, 12 - file0][seat]


PROMOTION_DISTANCE = {"teams": 9, "ffa": 6}  # 11th line = 9 steps from home, 8th line = 6


def meet_squares(pusher, capturer, mode):
    """Squares from which a live pawn of `capturer` attacks a square `pusher` can skip."""
    fx, fy = FORWARD[pusher]
    cx, cy = FORWARD[capturer]
    found = set()
    for f in range(14):
        for r in range(14):
            if not on_board(f, r) or progress(pusher, f, r) != 0:
                continue
            skipped = (f + fx, r + fy)
            for side in (-1, 1):
                # capturer's pawn stands one step behind and one step sideways of the skipped square
                a = (skipped[0] - cx + side * cy, skipped[1] - cy + side * cx)
                if (
                    0 <= a[0] < 14
                    and 0 <= a[1] < 14
                    and on_board(*a)
                    and 0 <= progress(capturer, *a) < PROMOTION_DISTANCE[mode]
                ):
                    found.add(a)
    return found


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_only_neighbouring_seats_can_meet(mode):
    """A Red pawn's skipped square is on rank 3; a Yellow pawn attacking it must stand on rank 4,
    which is on or past Yellow's promotion line in both modes (rank 4 Teams, rank 7 FFA), so such
    a pawn has already promoted. The same holds for Blue (skips on file c) and Green (file d)."""
    for pusher in range(4):
        for capturer in range(4):
            if capturer == pusher:
                continue
            opposite = (pusher - capturer) % 4 == 2
            assert bool(meet_squares(pusher, capturer, mode)) == (not opposite), (pusher, capturer)

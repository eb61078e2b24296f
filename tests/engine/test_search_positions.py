"""Hand-built positions with one right answer, and why it is the right one (docs/rules.md §5-§7).

Board reminders: Red's pawns go up the ranks, Blue's to the right along the files, Yellow's down,
Green's to the left; the 3x3 corners (a1-c3 and so on) are not squares. Teams: Red+Yellow against
Blue+Green, turns R B Y G, a mate is decided on the victim's own turn, a king that can be taken
is taken (and the game won). FFA: a mate is decided right after the move and pays +20; a move
that newly checks two kings pays +5 (+1 if a queen checks).
"""

import pytest

from fourchess import Board
from fourchess.engine import search
from support.fen4 import fen4

# Blue's king boxed in on a4 by its own pawns: a4's neighbours are a5, b4 and b5 (a3 and b3 are
# corner cells), so a rook check along the a-file with a5 covered is mate unless Blue can take
# or block. The same box for Green on n4 (neighbours n5, m4, m5), pawns on m4 and m5.
BLUE_BOXED = {"a4": "bK", "b4": "bP", "b5": "bP"}
GREEN_BOXED = {"n4": "gK", "m4": "gP", "m5": "gP"}


def best_of(fen, mode="teams", depth=4):
    board = Board(fen, mode=mode)
    result = search(board, depth=depth, hash_mb=8)
    assert result.best in board.legal_moves
    return board, result


def test_teams_mate_in_one_on_the_next_seat():
    # d10-a10: the rook checks a4 along the a-file and covers a5; b4 and b5 hold Blue's own
    # pawns; Blue has nothing to take or block with, and it is Blue's turn: mate at once.
    fen = fen4({**BLUE_BOXED, "d10": "rR", "h1": "rK", "g14": "yK", "n8": "gK"})
    board, result = best_of(fen)
    assert str(result.best) == "d10-a10"
    assert result.score.mate == 1
    board.push(result.best)
    assert board.is_checkmate()


def test_teams_mate_confirmed_on_the_victims_turn_after_its_partner_moved():
    # k10-n10 checks Green's boxed king. Blue (Green's partner) moves next but has only its king
    # far away on a7, and Yellow then moves too; on Green's own turn it has no move: mate three
    # plies after Red's move.
    fen = fen4({**GREEN_BOXED, "k10": "rR", "h1": "rK", "a7": "bK", "g14": "yK"})
    _, result = best_of(fen)
    assert str(result.best) == "k10-n10"
    assert result.score.mate == 3


def test_teams_no_mate_when_the_partner_can_rescue():
    # The same check, but Blue's bishop on i5 sees n10 along i5-j6-k7-l8-m9-n10: Blue takes the
    # rook before Green's turn comes, so k10-n10 mates nobody and only loses the rook.
    fen = fen4({**GREEN_BOXED, "k10": "rR", "h1": "rK", "a7": "bK", "i5": "bB", "g14": "yK"})
    _, result = best_of(fen)
    assert str(result.best) != "k10-n10"
    assert result.score.mate is None or result.score.mate < 0 or result.score.mate > 3


def test_teams_quickest_of_two_mates():
    # d10-a10 mates Blue at once; k10-n10 would mate Green only three plies later.
    fen = fen4({**BLUE_BOXED, **GREEN_BOXED, "d10": "rR", "k10": "rR", "h1": "rK", "g14": "yK"})
    _, result = best_of(fen)
    assert str(result.best) == "d10-a10"
    assert result.score.mate == 1


def test_teams_winning_king_capture():
    # Blue's king on a7 stands attacked by Red's queen along rank 7 (b7-d7 empty) on Red's turn:
    # taking it wins the game on the spot (docs/rules.md §5), whatever else is on the board.
    fen = fen4({"a7": "bK", "e7": "rQ", "h1": "rK", "g14": "yK", "n8": "gK", "f2": "gQ"})
    board, result = best_of(fen)
    assert str(result.best) == "e7-a7"
    assert result.score.mate == 1
    board.push(result.best)
    assert board.is_game_over() and board.outcome().team.name == "RED_YELLOW"


def test_teams_free_queen_taken():
    # Blue's queen on g7 is attacked by Red's knight on f5 (one file right, two ranks up) and
    # defended by nothing; nothing else on the board can be won or lost.
    fen = fen4({"g7": "bQ", "f5": "rN", "h1": "rK", "a4": "bK", "k14": "yK", "n8": "gK"})
    _, result = best_of(fen)
    assert str(result.best) == "f5-g7"
    # A knight against nothing after the capture; a queen against a knight without it.
    assert result.score.cp is not None and result.score.cp > 0


def test_teams_hanging_queen_saved():
    # Blue's pawn on d4 attacks e5 and e3 (Blue's pawns take one file right, one rank up or
    # down) and Blue moves next: Red's queen on e5 must leave, or take the pawn (d4 is defended
    # by nothing). Either way Red keeps its queen.
    fen = fen4({"e5": "rQ", "d4": "bP", "h1": "rK", "a6": "bK", "g14": "yK", "n8": "gK"})
    board, result = best_of(fen)
    assert str(result.best).startswith("e5-")
    board.push(result.best)
    for reply in board.legal_moves:  # no Blue reply takes the queen
        assert board.piece_at(reply.to_square) is None or board.piece_at(reply.to_square).symbol() != "rQ"
    assert result.score.cp is not None and result.score.cp > 500


def test_ffa_immediate_mate_for_twenty_points():
    # FFA decides a mate right after the move: d10-a10 mates the boxed Blue king, eliminating
    # Blue and paying Red +20 (docs/rules.md §7); no capture on the board is worth as much.
    fen = fen4({**BLUE_BOXED, "d10": "rR", "h1": "rK", "g14": "yK", "n8": "gK", "j5": "yP"})
    board, result = best_of(fen, "ffa", depth=2)
    assert str(result.best) == "d10-a10"
    board.push(result.best)
    assert board.points[0] == 20 and 1 in board.eliminated


def test_ffa_double_check_bonus():
    # h7-j8: the knight attacks i10 (one file left, two up) and k10 (one right, two up), newly
    # checking Yellow's and Green's kings at once: +5 (no queen checks). Nothing can be taken.
    fen = fen4({"h7": "rN", "h1": "rK", "a7": "bK", "i10": "yK", "k10": "gK"})
    board, result = best_of(fen, "ffa", depth=2)
    assert str(result.best) == "h7-j8"
    board.push(result.best)
    assert board.points[0] == 5


def test_ffa_does_not_walk_into_the_21_point_end():
    # Only Red and Blue are left and Blue leads 28 to 10. Blue's pawn on d4 attacks Red's knight
    # on e5: if Blue takes it (+3) Blue leads by 21 and the game ends at once with Red second.
    # Red's knight must move to a square Blue cannot take on.
    fen = fen4(
        {"e5": "rN", "d4": "bP", "h1": "rK", "a9": "bK", "g14": "dK", "n8": "dK"},
        dead=(0, 0, 1, 1),
        points=(10, 28, 0, 0),
    )
    board, result = best_of(fen, "ffa", depth=3)
    board.push(result.best)
    for reply in list(board.legal_moves):
        board.push(reply)
        assert not (board.is_game_over() and board.outcome().termination.name == "POINTS_LEAD"), str(reply)
        board.pop()


def test_ffa_quickest_of_two_mates():
    # Only Red and Blue are left. d10-a10 mates Blue: the third elimination ends the game, Red
    # first. Red could take Blue's queen on j13 first (i11-j13, +9) and mate next turn (the
    # queen cannot reach the a-file: b5 is Blue's own pawn), a win too but a later one.
    fen = fen4(
        {**BLUE_BOXED, "j13": "bQ", "d10": "rR", "i11": "rN", "h1": "rK", "g14": "dK", "n8": "dK"}, dead=(0, 0, 1, 1)
    )
    _, result = best_of(fen, "ffa", depth=3)
    assert str(result.best) == "d10-a10"
    assert result.score.mate == 1


@pytest.mark.parametrize("line, mode", [(13, "teams")])
def test_the_4pchess_missed_mate_in_one(line, mode):
    # obryanlouis/4pchess issue 5 (tests/data/fen4_real.txt line 13): Yellow to move has a mate in 1
    # the engine there missed.
    fen = real_fen4(line)
    _, result = best_of(fen, mode, depth=3)
    assert result.score.mate == 1


def real_fen4(line):
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "data", "fen4_real.txt")
    with open(path, encoding="utf-8") as handle:
        return handle.read().splitlines()[line - 1].split(" ; ")[0]

"""FFA check bonuses (docs/rules.md §7, §11.4). Red to move in every position.

Rank-7 positions: Blue king a7, Green king n7, a Red piece goes g2-g7 and sees both ends of
rank 7. From g2 it saw neither king (g2's lines: rank 2, the g-file, two diagonals through
h3..n9 and f3..a8), and the g-file stays clear of kings unless Yellow stands on g14.
"""

import pytest

from support.fen4 import fen4


def rank7(piece, yellow="j14", green="n7", **extra):
    pieces = {"h1": "rK", "g2": piece, "a7": "bK", yellow: "yK", green: "gK"}
    pieces.update(extra)
    return pieces


CASES = [
    ("two-kings-queen", rank7("rQ"), "g2-g7", (1, 0, 0, 0), "Q checks a7 and n7: 2 kings with a queen = +1"),
    ("two-kings-one-point-queen", rank7("rD"), "g2-g7", (1, 0, 0, 0), "the 1-point queen counts as a queen: +1"),
    ("two-kings-rook", rank7("rR"), "g2-g7", (5, 0, 0, 0), "R checks a7 and n7: 2 kings without a queen = +5"),
    (
        "single-check-scores-nothing",
        rank7("rR", green="n8"),
        "g2-g7",
        (0, 0, 0, 0),
        "only a7 is checked (n7 is empty, Green is on n8)",
    ),
    (
        "already-checked-by-mover-does-not-count",
        rank7("rR", d4="rB"),
        "g2-g7",
        (0, 0, 0, 0),
        "Red's bishop d4 already checked a7 (c5 b6 a7), so only n7 is newly checked",
    ),
    (
        "already-checked-by-another-seat-counts",
        rank7("rR", d4="gB"),
        "g2-g7",
        (5, 0, 0, 0),
        "a7 was in check from Green's bishop, not from Red: both kings count, +5",
    ),
    (
        "bonus-stacks-with-capture",
        rank7("rR", g7="bN"),
        "g2-g7",
        (8, 0, 0, 0),
        "takes Blue's knight (3) and checks two kings (5)",
    ),
    # Knight fork + discovered check: the knight on e12 blocks c10-d11-e12-f13-g14. e12-g11
    # attacks e10/f9 and i10/i12 and uncovers the slider on c10 against Yellow's g14.
    (
        "three-kings-no-queen",
        {"h1": "rK", "c10": "rB", "e12": "rN", "e10": "bK", "g14": "yK", "i10": "gK"},
        "e12-g11",
        (20, 0, 0, 0),
        "knight checks e10 and i10, bishop checks g14: 3 kings = +20",
    ),
    (
        "three-kings-with-queen",
        {"h1": "rK", "c10": "rQ", "e12": "rN", "f9": "bK", "g14": "yK", "i12": "gK"},
        "e12-g11",
        (5, 0, 0, 0),
        "knight checks f9 and i12, queen checks g14 (its rank 10 and c-file hold no king): +5",
    ),
    (
        "three-kings-on-g-file-and-rank-7-queen",
        {"h1": "rK", "j4": "rQ", "a7": "bK", "g14": "yK", "n7": "gK"},
        "j4-g7",
        (5, 0, 0, 0),
        "j4 saw no king (rank 4, j-file, k5-n8 and i5-b12 diagonals); from g7 it sees a7, n7, g14",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_check_bonus(Board, case):
    _, pieces, move, points, why = case
    board = Board(fen4(pieces, "R"), mode="ffa")
    board.push_move(move)
    assert board.points == points, why
    assert board.eliminated == frozenset(), "none of the checked kings is mated"


def test_teams_keeps_no_points(Board):
    """Points are an FFA rule (§7); in Teams the same double check leaves the score untouched."""
    board = Board(fen4(rank7("rR"), "R"), mode="teams")
    board.push_move("g2-g7")
    assert board.points == (0, 0, 0, 0)

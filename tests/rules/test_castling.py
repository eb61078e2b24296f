"""Castling (docs/rules.md §4 "Castling", §11.6, docs/rules.md §4, decision 2)."""

import pytest

from support.fen4 import fen4, parse_fen4
from support.moves import moves, moves_from

ALL = (1, 1, 1, 1)

# Kings on their modern squares and both rooks of every seat on their corners; nothing else.
# No rook line reaches a king or a castling square: rank 1/14 and files a/n are shut by the
# seats' own rooks, and the rooks' other lines (files d,k; ranks 4,11) cross no castling square.
MODERN = {
    "h1": "rK",
    "d1": "rR",
    "k1": "rR",
    "a7": "bK",
    "a4": "bR",
    "a11": "bR",
    "g14": "yK",
    "d14": "yR",
    "k14": "yR",
    "n8": "gK",
    "n4": "gR",
    "n11": "gR",
}
CLASSIC = dict(MODERN)
del CLASSIC["a7"], CLASSIC["n8"]
CLASSIC.update({"a8": "bK", "n7": "gK"})

# seat, side, king from -> to, rook from -> to (docs/rules.md §4 table)
MODERN_CASTLES = [
    (0, "short", "h1", "j1", "k1", "i1"),
    (0, "long", "h1", "f1", "d1", "g1"),
    (1, "short", "a7", "a5", "a4", "a6"),
    (1, "long", "a7", "a9", "a11", "a8"),
    (2, "short", "g14", "e14", "d14", "f14"),
    (2, "long", "g14", "i14", "k14", "h14"),
    (3, "short", "n8", "n10", "n11", "n9"),
    (3, "long", "n8", "n6", "n4", "n7"),
]
# Classic: Blue king a8, Green king n7. The rook 3 squares away is the short side (§4).
CLASSIC_CASTLES = [
    (1, "short", "a8", "a10", "a11", "a9"),
    (1, "long", "a8", "a6", "a4", "a7"),
    (3, "short", "n7", "n5", "n4", "n6"),
    (3, "long", "n7", "n9", "n11", "n8"),
]


def castle_ids(cases):
    return [f"{'RBYG'[c[0]]}-{c[1]}" for c in cases]


def check_castle(board, seat, _side, king_from, king_to, rook_from, rook_to):
    move = f"{king_from}-{king_to}"
    assert move in moves(board)
    board.push_move(move)
    fields = parse_fen4(board.fen4())
    placed = fields["board"]
    letter = "rbyg"[seat]
    assert placed.get(king_to) == letter + "K"
    assert placed.get(rook_to) == letter + "R"
    assert king_from not in placed and rook_from not in placed
    # Moving the king clears both of the seat's rights; the other seats keep theirs.
    assert fields["short"][seat] == 0 and fields["long"][seat] == 0
    others = [s for s in range(4) if s != seat]
    assert all(fields["short"][s] == 1 and fields["long"][s] == 1 for s in others)


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("case", MODERN_CASTLES, ids=castle_ids(MODERN_CASTLES))
def test_modern_castling_when_clear(Board, case, mode):
    """Every path empty and unattacked, all rights held: each of the 8 castlings is legal."""
    seat = case[0]
    board = Board(fen4(MODERN, seat, short=ALL, long=ALL), mode=mode)
    check_castle(board, *case)


@pytest.mark.parametrize("case", CLASSIC_CASTLES, ids=castle_ids(CLASSIC_CASTLES))
def test_classic_castling_from_actual_squares(Board, case):
    """Classic Blue king a8: rook a11 is 3 away (short, a8-a10), rook a4 is 4 away (long, a8-a6)."""
    board = Board(fen4(CLASSIC, case[0], short=ALL, long=ALL), mode="teams")
    check_castle(board, *case)


def test_classic_short_flag_means_the_rook_three_squares_away(Board):
    """Blue short only: from a8 the short rook is a11, so a8-a10 stays and a8-a6 goes."""
    board = Board(fen4(CLASSIC, "B", short=ALL, long=(1, 0, 1, 1)), mode="teams")
    king = moves_from(board, "a8")
    assert "a8-a10" in king and "a8-a6" not in king


def test_red_king_moves_include_both_castlings(Board):
    """h1: g1 i1 g2 h2 i2 plus the two castlings, nothing attacked."""
    board = Board(fen4(MODERN, "R", short=ALL, long=ALL))
    assert moves_from(board, "h1") == {"h1-g1", "h1-i1", "h1-g2", "h1-h2", "h1-i2", "h1-j1", "h1-f1"}


def test_no_right_no_castling(Board):
    board = Board(fen4(MODERN, "R", short=(0, 1, 1, 1), long=ALL))
    king = moves_from(board, "h1")
    assert "h1-j1" not in king and "h1-f1" in king


# (id, seat, extra pieces, mode, castlings that must be absent, castlings that must be present, why)
CONDITIONS = [
    (
        "red-long-blocked-e1",
        "R",
        {"e1": "rN"},
        "teams",
        ["h1-f1"],
        ["h1-j1"],
        "long castling needs e1 f1 g1 empty: e1 holds a Red knight",
    ),
    ("red-short-blocked-j1", "R", {"j1": "rN"}, "teams", ["h1-j1"], ["h1-f1"], "short castling needs i1 j1 empty"),
    (
        "red-short-blocked-by-enemy-i1",
        "R",
        {"i1": "bN"},
        "teams",
        ["h1-j1"],
        ["h1-f1"],
        "an enemy piece blocks too; the knight on i1 attacks g2 h3 j3 k2, none of Red's long squares",
    ),
    ("blue-long-blocked-a10", "B", {"a10": "bN"}, "teams", ["a7-a9"], ["a7-a5"], "Blue long needs a8 a9 a10 empty"),
    (
        "yellow-short-blocked-f14",
        "Y",
        {"f14": "yB"},
        "teams",
        ["g14-e14"],
        ["g14-i14"],
        "Yellow short needs e14 f14 empty",
    ),
    ("green-long-blocked-n5", "G", {"n5": "gN"}, "teams", ["n8-n6"], ["n8-n10"], "Green long needs n5 n6 n7 empty"),
    (
        "red-in-check",
        "R",
        {"h5": "bR"},
        "teams",
        ["h1-j1", "h1-f1"],
        [],
        "the Blue rook on h5 checks h1 down the h-file: no castling out of check",
    ),
    (
        "red-short-crossed-square-attacked",
        "R",
        {"i6": "gR"},
        "teams",
        ["h1-j1"],
        ["h1-f1"],
        "the Green rook on i6 attacks i1, the square the king crosses",
    ),
    (
        "red-long-crossed-square-attacked",
        "R",
        {"e2": "gN"},
        "teams",
        ["h1-f1"],
        ["h1-j1"],
        "the Green knight on e2 attacks g1 (and g3, d4, f4), the square the king crosses",
    ),
    (
        "red-long-landing-square-attacked",
        "R",
        {"f7": "bR"},
        "teams",
        ["h1-f1"],
        ["h1-j1"],
        "the Blue rook on f7 attacks f1, the king's landing square",
    ),
    (
        "red-long-rook-path-attacked-is-fine",
        "R",
        {"e7": "bR"},
        "teams",
        [],
        ["h1-f1", "h1-j1"],
        "e1 must be empty but only h1 g1 f1 must be unattacked; the Blue rook on e7 attacks just e1",
    ),
    (
        "blue-short-crossed-square-attacked",
        "B",
        {"e2": "rB"},
        "teams",
        ["a7-a5"],
        ["a7-a9"],
        "the Red bishop on e2 attacks a6 along e2-d3-c4-b5-a6",
    ),
    (
        "yellow-short-landing-square-attacked",
        "Y",
        {"d12": "bN"},
        "teams",
        ["g14-e14"],
        ["g14-i14"],
        "the Blue knight on d12 attacks e14 (and b11 c10 e10 f11 f13)",
    ),
    (
        "green-long-crossed-square-attacked",
        "G",
        {"l6": "yN"},
        "teams",
        ["n8-n6"],
        ["n8-n10"],
        "the Yellow knight on l6 attacks n7",
    ),
    (
        "partner-attack-ignored-in-teams",
        "R",
        {"i6": "yR"},
        "teams",
        [],
        ["h1-j1", "h1-f1"],
        "in Teams only the two enemies' attacks count: Yellow's rook on i1's file does not matter",
    ),
    (
        "same-rook-is-an-enemy-in-ffa",
        "R",
        {"i6": "yR"},
        "ffa",
        ["h1-j1"],
        ["h1-f1"],
        "in FFA Yellow is an opponent, so its rook's attack on i1 forbids short castling",
    ),
]


@pytest.mark.parametrize("case", CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_castling_conditions(Board, case):
    _, turn, extra, mode, absent, present, why = case
    pieces = dict(MODERN)
    pieces.update(extra)
    board = Board(fen4(pieces, turn, short=ALL, long=ALL), mode=mode)
    legal = moves(board)
    for move in absent:
        assert move not in legal, why
    for move in present:
        assert move in legal, why


def test_red_in_check_king_moves(Board):
    """Blue rook h5 checks h1: the king leaves the h-file (g1 i1 g2 i2); h2 stays attacked."""
    pieces = dict(MODERN, h5="bR")
    board = Board(fen4(pieces, "R", short=ALL, long=ALL))
    assert board.is_check()
    assert moves_from(board, "h1") == {"h1-g1", "h1-i1", "h1-g2", "h1-i2"}


def test_dead_pieces_block_but_do_not_attack(Board):
    """FFA, Blue eliminated: its dead rook on i6 attacks nothing (short legal); a dead bishop on
    e1 occupies a square long castling needs empty (long illegal)."""
    pieces = dict(MODERN, a7="dK", a4="dR", a11="dR", i6="dR", e1="dB")
    board = Board(fen4(pieces, "R", dead=(0, 1, 0, 0), short=ALL, long=ALL), mode="ffa")
    king = moves_from(board, "h1")
    assert "h1-j1" in king
    assert "h1-f1" not in king


def play(board, sequence):
    for move in sequence:
        board.push_move(move)


def test_right_lost_by_king_move(Board):
    """The king moving clears both rights for good, even after it returns to h1.

    Each rook move by the others clears only its own corner's side (a4 is Blue's short rook,
    d14 Yellow's short rook, n4 Green's long rook), and returning to the corner restores nothing.
    """
    board = Board(fen4(MODERN, "R", short=ALL, long=ALL))
    board.push_move("h1-h2")
    fields = parse_fen4(board.fen4())
    assert fields["short"][0] == 0 and fields["long"][0] == 0
    play(board, ["a4-b4", "d14-d13", "n4-m4", "h2-h1", "b4-a4", "d13-d14", "m4-n4"])
    assert board.turn == 0
    fields = parse_fen4(board.fen4())
    assert fields["short"] == (0, 0, 0, 1)
    assert fields["long"] == (0, 1, 1, 0)
    king = moves_from(board, "h1")
    assert "h1-j1" not in king and "h1-f1" not in king


def test_right_lost_by_rook_move(Board):
    """k1-k2 clears Red's short right; the rook coming back to k1 does not restore it."""
    board = Board(fen4(MODERN, "R", short=ALL, long=ALL))
    board.push_move("k1-k2")
    assert parse_fen4(board.fen4())["short"][0] == 0
    play(board, ["a11-b11", "k14-k13", "n11-m11", "k2-k1", "b11-a11", "k13-k14", "m11-n11"])
    assert board.turn == 0
    fields = parse_fen4(board.fen4())
    # a11 Blue long, k14 Yellow long, n11 Green short
    assert fields["short"] == (0, 1, 1, 0)
    assert fields["long"] == (1, 0, 0, 1)
    king = moves_from(board, "h1")
    assert "h1-j1" not in king and "h1-f1" in king


def test_right_lost_by_rook_captured_on_its_square(Board):
    """Blue's knight j3 takes the rook on k1: Red's short right goes, the long one stays.

    The knight on k1 then attacks only i2 and j3, so h1-f1 is still legal for Red.
    """
    pieces = dict(MODERN, j3="bN")
    board = Board(fen4(pieces, "B", short=ALL, long=ALL))
    board.push_move("j3-k1")
    fields = parse_fen4(board.fen4())
    assert fields["short"][0] == 0 and fields["long"][0] == 1
    play(board, ["d14-d13", "n4-m4"])
    assert board.turn == 0
    king = moves_from(board, "h1")
    assert "h1-j1" not in king and "h1-f1" in king

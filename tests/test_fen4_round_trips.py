"""What a board writes it can read back to the same state, and FEN4 en-passant
entries whose pawn is gone (item 8): docs/rules.md §4, decision 7 and §10, decision 8; docs/rules.md
fine point 5."""

from __future__ import annotations

import pytest

import fourchess
import fourchess.reference as reference
from support.fen4 import BLUE, HOME_KINGS, RED, YELLOW, fen4, parse_fen4

IMPLEMENTATIONS = {"core": fourchess.Board, "reference": reference.Board}
MODES = ("teams", "ffa")

# docs/rules.md §10, decision 8: the largest score and ply clock a FEN4 may hold, and the most the
# rules let a seat's score or the clock grow to.
MAX_POINTS = 1_000_000
MAX_PLY_CLOCK = 65_535


@pytest.fixture(params=sorted(IMPLEMENTATIONS))
def Board(request):
    return IMPLEMENTATIONS[request.param]


# --- scores: capped at the largest value a FEN4 may hold ---------------------------------------

# Red's rook on d1 can take Blue's rook on d10 (5 points) up the open d-file.
ROOK_TAKES_ROOK = dict(HOME_KINGS, d1="rR", d10="bR")


@pytest.mark.parametrize(
    "start, after",
    [
        (MAX_POINTS, MAX_POINTS),
        (MAX_POINTS - 2, MAX_POINTS),
        (MAX_POINTS - 5, MAX_POINTS),
        (MAX_POINTS - 6, MAX_POINTS - 1),
    ],
)
def test_a_score_stops_at_the_largest_readable_value(Board, start, after):
    board = Board(fen4(ROOK_TAKES_ROOK, "R", points=(start, 0, 0, 0)), mode="ffa")
    board.push_move("d1-d10")
    assert board.points == (after, 0, 0, 0)
    written = board.fen4()
    again = Board(written, mode="ffa")
    assert again.fen4() == written and again.points == (after, 0, 0, 0)


def test_a_score_above_the_largest_is_still_refused(Board):
    with pytest.raises(ValueError, match="points"):
        Board(fen4(ROOK_TAKES_ROOK, "R", points=(MAX_POINTS + 1, 0, 0, 0)), mode="ffa")


def test_draw_points_stop_at_the_largest_too(Board):
    """Fifty moves with four seats: the +10 to each seat stops at the cap for Red."""
    board = Board(fen4(ROOK_TAKES_ROOK, "R", points=(MAX_POINTS - 3, 7, 0, 0), ply=199), mode="ffa")
    board.push_move("h1-h2")
    assert board.outcome().termination.name == "FIFTY_MOVE_RULE"
    assert board.points == (MAX_POINTS, 17, 10, 10)
    assert Board(board.fen4(), mode="ffa").fen4() == board.fen4()


# --- ply clock: counts up to its largest readable value and stays there ------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("start, after", [(MAX_PLY_CLOCK - 1, MAX_PLY_CLOCK), (MAX_PLY_CLOCK, MAX_PLY_CLOCK)])
def test_ply_clock_stops_at_the_largest_readable_value(Board, mode, start, after):
    board = Board(fen4(ROOK_TAKES_ROOK, "R", ply=start), mode=mode)
    board.push_move("h1-h2")
    written = board.fen4()
    assert parse_fen4(written)["ply"] == after
    assert Board(written, mode=mode).fen4() == written


@pytest.mark.parametrize("mode", MODES)
def test_fifty_move_rule_still_comes_at_the_largest_ply_clock(Board, mode):
    """Any clock of 200 plies or more draws after the next quiet move (docs/rules.md §8); a 16-bit
    counter that wrapped to 0 here would have let the game go on."""
    board = Board(fen4(ROOK_TAKES_ROOK, "R", ply=MAX_PLY_CLOCK), mode=mode)
    board.push_move("h1-h2")
    assert board.outcome().termination.name == "FIFTY_MOVE_RULE"


def test_a_ply_clock_above_the_largest_is_still_refused(Board):
    with pytest.raises(ValueError, match="plyclock"):
        Board(fen4(ROOK_TAKES_ROOK, "R", ply=MAX_PLY_CLOCK + 1))


# --- Teams: a game ended by resignation or timeout reads back to the same state ----------------


@pytest.mark.parametrize("leave", ["resign", "timeout"])
@pytest.mark.parametrize("moves", [(), ("h2-h3", "b7-c7")])
@pytest.mark.parametrize("seat", [RED, BLUE, YELLOW])
def test_teams_resignation_and_timeout_round_trip(Board, leave, moves, seat):
    board = Board()
    for move in moves:
        board.push_move(move)
    getattr(board, leave)(seat)
    written = board.fen4()
    again = Board(written)
    assert again.fen4() == written
    assert again.eliminated == board.eliminated
    assert again.outcome() == board.outcome()
    assert again.result() == board.result()


@pytest.mark.parametrize("leave", ["resign", "timeout"])
def test_teams_resignation_keeps_the_key_through_fen4(leave):
    board = fourchess.Board()
    board.push_move("h2-h3")
    getattr(board, leave)(BLUE)
    again = fourchess.Board(board.fen4())
    assert again.zobrist_hash() == board.zobrist_hash() == again._zobrist_from_scratch()


def test_teams_dead_flag_is_read_as_written(Board):
    """A FEN4 dead flag in Teams is kept (fine point 7: a finished game) and written again."""
    text = fen4(HOME_KINGS, "R", dead=(0, 1, 0, 0))
    board = Board(text)
    assert board.fen4() == text and board.is_game_over()


# A Blue queen on h5 looks down the open h-file at Red's king on h1.
BLUE_QUEEN_ON_RED_KING = dict(HOME_KINGS, h5="bQ")


@pytest.mark.parametrize("dead", [(0, 1, 0, 0), (1, 0, 0, 0)])
def test_teams_dead_flag_leaves_the_pieces_live(Board, dead):
    """docs/rules.md §10, decision 8: in Teams the dead flag only marks the game finished; pieces
    written live still attack, so Blue's queen checks Red whichever seat is flagged dead."""
    board = Board(fen4(BLUE_QUEEN_ON_RED_KING, "R", dead=dead))
    assert board.is_check(RED)
    assert not board.is_check(BLUE)
    assert board.eliminated == frozenset()


@pytest.mark.parametrize("dead", [(0, 1, 0, 0), (0, 0, 0, 1)])
def test_teams_dead_flag_round_trips_with_its_key(dead):
    board = fourchess.Board(fen4(BLUE_QUEEN_ON_RED_KING, "R", dead=dead))
    again = fourchess.Board(board.fen4())
    assert again.fen4() == board.fen4()
    assert again.zobrist_hash() == board.zobrist_hash() == again._zobrist_from_scratch()
    assert again.result() == board.result() == reference.Board(board.fen4()).result()


# --- en passant: an entry whose pawn is gone is void (fine point 5, docs/rules.md §4, decision 7) --

# Red's e-pawn reaches e4; Blue's b5 pawn steps two to d5 (entry c5:d5); Red's e4 pawn takes it.
PAWN_TAKEN_BEFORE_ITS_SEAT_MOVES = [
    "e2-e4",
    "b7-c7",
    "g13-g12",
    "m8-l8",
    "e1-f3",
    "b5-d5",
    "j14-i12",
    "n10-l11",
    "e4-d5",
]
TAKEN_ENTRY = "{'enPassant':('','c5:d5','','')}-"


@pytest.mark.parametrize("mode", MODES)
def test_entry_of_a_captured_pawn_is_dropped_on_reading(Board, mode):
    """What a tool that keeps the entry until Blue moves again writes after e4-d5 is read as
    the position the game reached: same FEN4 (no entry), same moves."""
    played = Board(mode=mode)
    for move in PAWN_TAKEN_BEFORE_ITS_SEAT_MOVES[:6]:
        played.push_move(move)
    assert TAKEN_ENTRY in played.fen4(), "the double step opened Blue's window"
    for move in PAWN_TAKEN_BEFORE_ITS_SEAT_MOVES[6:]:
        played.push_move(move)
    written = played.fen4()
    assert "enPassant" not in written, "the captured pawn's entry is gone (decision 7)"
    head, board_field = written.rsplit("-", 1)
    as_other_tools_write = f"{head}-{TAKEN_ENTRY}{board_field}"
    read = Board(as_other_tools_write, mode=mode)
    assert read.fen4() == written
    assert {str(m) for m in read.legal_moves} == {str(m) for m in played.legal_moves}


@pytest.mark.parametrize("mode", MODES)
def test_entry_of_a_captured_pawn_keeps_the_key(mode):
    played = fourchess.Board(mode=mode)
    for move in PAWN_TAKEN_BEFORE_ITS_SEAT_MOVES:
        played.push_move(move)
    head, board_field = played.fen4().rsplit("-", 1)
    read = fourchess.Board(f"{head}-{TAKEN_ENTRY}{board_field}", mode=mode)
    assert read.zobrist_hash() == played.zobrist_hash() == read._zobrist_from_scratch()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("on_landing", [None, "rN", "yB", "bN"])
def test_hand_made_entry_without_its_pawn_is_void(Board, mode, on_landing):
    """Blue's entry c5:d5 with no Blue pawn on d5 (empty, an enemy's or partner's piece, or a
    Blue knight): no en passant onto c5, and the FEN4 is written without the entry. Red's pawn
    on b4 attacks c5, so a live entry would give it b4-c5."""
    pieces = dict(HOME_KINGS, b4="rP")
    if on_landing:
        pieces["d5"] = on_landing
    with_entry = fen4(pieces, "R", ep={BLUE: "c5:d5"})
    without = fen4(pieces, "R")
    board = Board(with_entry, mode=mode)
    assert board.fen4() == without
    assert "b4-c5" not in {str(m) for m in board.legal_moves}


def test_hand_made_entry_with_its_pawn_is_kept(Board):
    """The same entry with Blue's pawn on d5 stands: b4-c5 takes it en passant."""
    text = fen4(dict(HOME_KINGS, b4="rP", d5="bP"), "R", ep={BLUE: "c5:d5"})
    board = Board(text, mode="ffa")
    assert board.fen4() == text
    assert "b4-c5" in {str(m) for m in board.legal_moves}


def test_entry_that_is_no_double_step_is_still_refused(Board):
    """d5:e5 would be a step from c5, which is not Blue's home line."""
    with pytest.raises(ValueError, match="enPassant"):
        Board(fen4(dict(HOME_KINGS, e5="bP"), "R", ep={BLUE: "d5:e5"}))

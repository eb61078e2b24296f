"""FEN4 (docs/rules.md §10): round trips of real positions in both modes and both implementations,
the other dialects, and a few positions read by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import fourchess
import fourchess.reference as reference
from fourchess import Board, PieceType, Seat
from support.squares import sq
from support.tables import real_fen4s

DATA = Path(__file__).parent / "data"
MODES = ("teams", "ffa")
IMPLEMENTATIONS = {"core": Board, "reference": reference.Board}

# docs/rules.md §3, copied by hand from the rule book.
RULES_MODERN_START = (
    "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,"
    "yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,"
    "10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,"
    "rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
)
# "Classic is the same string with ranks 8 and 7 written bK,bP,10,gP,gQ/bQ,bP,10,gP,gK."
RULES_CLASSIC_START = RULES_MODERN_START.replace("bQ,bP,10,gP,gK/bK,bP,10,gP,gQ", "bK,bP,10,gP,gQ/bQ,bP,10,gP,gK")

REAL = real_fen4s()
OTHER_DIALECTS = [
    line.split(" ; ")[0].strip()
    for line in (DATA / "fen4" / "other-dialects.txt").read_text().splitlines()
    if line.strip()
]
ALL_INPUTS = (
    [("modern start", RULES_MODERN_START), ("classic start", RULES_CLASSIC_START)]
    + [(f"real line {n}", fen4) for n, (fen4, _) in enumerate(REAL, 1)]
    + [(f"other dialect {n}", fen4) for n, fen4 in enumerate(OTHER_DIALECTS, 1)]
)
IDS = [name for name, _ in ALL_INPUTS]


def _is_x_dialect(fen4: str) -> bool:
    """Every rank of the board field written cell by cell with x corners."""
    board = fen4.rsplit("-", 1)[1]
    ranks = board.split("/")
    return len(ranks) == 14 and all(
        rank.startswith("x,x,x,") and rank.endswith(",x,x,x") for rank in ranks[:3] + ranks[11:]
    )


# --- start positions -----------------------------------------------------------------------


def test_start_constants_are_the_rule_book_strings() -> None:
    assert fourchess.MODERN_START_FEN4 == RULES_MODERN_START
    assert fourchess.CLASSIC_START_FEN4 == RULES_CLASSIC_START


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_start_boards_write_the_start_strings(impl: str, mode: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    assert cls(mode=mode).fen4() == RULES_MODERN_START
    assert cls(mode=mode, setup="classic").fen4() == RULES_CLASSIC_START


# --- round trips ---------------------------------------------------------------------------


def test_corpus_is_all_there() -> None:
    assert len(REAL) == 18 and len(OTHER_DIALECTS) == 1


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
@pytest.mark.parametrize("fen4", [fen4 for _, fen4 in ALL_INPUTS], ids=IDS)
def test_round_trip(fen4: str, impl: str, mode: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    written = cls(fen4, mode=mode).fen4()
    assert _is_x_dialect(written), written
    assert cls(written, mode=mode).fen4() == written  # stable after one read/write
    if _is_x_dialect(fen4):
        assert written == fen4  # canonical input comes back byte-identical


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fen4", [fen4 for _, fen4 in ALL_INPUTS], ids=IDS)
def test_core_and_reference_write_the_same(fen4: str, mode: str) -> None:
    assert Board(fen4, mode=mode).fen4() == reference.Board(fen4, mode=mode).fen4()


def test_x_dialect_real_lines_are_canonical() -> None:
    """Lines 1-17 of real.txt are in the x dialect (data README), so they must come back as is."""
    canonical = [fen4 for fen4, _ in REAL if _is_x_dialect(fen4)]
    assert len(canonical) == 17


# --- dialects ------------------------------------------------------------------------------


def _count_dialect(fen4: str) -> str:
    return fen4.replace("x,x,x,8,x,x,x", "14").replace("x,x,x,", "3,").replace(",x,x,x", ",3")


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_count_dialect(impl: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    counts = _count_dialect(RULES_MODERN_START)
    assert "x" not in counts.rsplit("-", 1)[1] and "/14/" in counts and "-3,yR," in counts
    assert cls(counts).fen4() == RULES_MODERN_START


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_real_count_dialect_line_is_the_classic_start(impl: str) -> None:
    """real.txt line 18 and the Wikibooks no-comma string are the classic (4PCo) start."""
    cls = IMPLEMENTATIONS[impl]
    assert cls(REAL[17][0]).fen4() == RULES_CLASSIC_START
    assert cls(OTHER_DIALECTS[0]).fen4() == RULES_CLASSIC_START


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_no_comma_dialect(impl: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    head, board = RULES_MODERN_START.rsplit("-", 1)
    no_commas = head + "-" + _count_dialect(board).replace(",", "")
    assert cls(no_commas).fen4() == RULES_MODERN_START


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_whitespace_and_newlines_are_stripped(impl: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    spaced = "\n  " + RULES_MODERN_START.replace("/", "/\n    ").replace("-", " -\t") + "  \r\n"
    assert cls(spaced).fen4() == RULES_MODERN_START
    line1 = REAL[0][0]
    assert cls(line1.replace(",", ", ").replace("{", "{ ")).fen4() == line1


def _with_rank(fen4: str, rank: int, cells: str) -> str:
    head, board = fen4.rsplit("-", 1)
    ranks = board.split("/")
    ranks[14 - rank] = cells
    return head + "-" + "/".join(ranks)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_dead_pieces_drop_their_colour(impl: str, mode: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    written_dead = _with_rank(RULES_MODERN_START, 6, "bB,bP,5,dP,4,gP,gB")
    coloured_dead = _with_rank(RULES_MODERN_START, 6, "bB,bP,5,drP,4,gP,gB")
    dead_queen = _with_rank(RULES_MODERN_START, 6, "bB,bP,5,dgD,4,gP,gB")
    assert cls(written_dead, mode=mode).fen4() == written_dead
    assert cls(coloured_dead, mode=mode).fen4() == written_dead
    assert cls(dead_queen, mode=mode).fen4() == _with_rank(RULES_MODERN_START, 6, "bB,bP,5,dD,4,gP,gB")


def test_dead_piece_reads_as_no_seat() -> None:
    board = Board(_with_rank(RULES_MODERN_START, 6, "bB,bP,5,drP,4,gP,gB"), mode="ffa")
    piece = board.piece_at(sq("h6"))
    assert piece is not None and piece.is_dead and piece.seat is None
    assert piece.piece_type == PieceType.PAWN and piece.symbol() == "dP"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_one_point_queen_letter_d(impl: str, mode: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    fen4 = _with_rank(RULES_MODERN_START, 13, "x,x,x,yP,yP,yP,yD,yP,yP,yP,yP,x,x,x")
    fen4 = _with_rank(fen4, 2, "x,x,x,rP,rP,rP,rP,rD,rP,rP,rP,x,x,x")
    assert cls(fen4, mode=mode).fen4() == fen4
    assert cls(fen4.replace("yD", "yQ"), mode=mode).fen4() != fen4  # D and Q are different pieces
    if impl == "core":
        piece = Board(fen4, mode=mode).piece_at(sq("g13"))
        assert piece is not None and piece.is_one_point_queen and piece.piece_type == PieceType.QUEEN
        assert piece.seat == Seat.YELLOW


# --- reading by hand -------------------------------------------------------------------------


def test_line_1_reads_as_stated() -> None:
    """Modern start after h2-h3 .. b4-d4; Yellow to move; Blue en-passant entry c4:d4."""
    for mode in MODES:
        board = Board(REAL[0][0], mode=mode)
        assert board.turn == Seat.YELLOW and board.ply_clock == 0 and board.points == (0, 0, 0, 0)
        d4 = board.piece_at(sq("d4"))
        assert d4 is not None and d4.seat == Seat.BLUE and d4.piece_type == PieceType.PAWN
        h3 = board.piece_at(sq("h3"))
        assert h3 is not None and h3.seat == Seat.RED and h3.piece_type == PieceType.PAWN
        for empty in ("b4", "c4", "h2"):
            assert board.piece_at(sq(empty)) is None
        # Yellow's pawns are on rank 13: none attacks c4 (it would need one on b5 or d5), so
        # Yellow has just its 16 pawn and 4 knight moves and nothing lands on c4.
        moves = list(board.legal_moves)
        assert len(moves) == 20
        assert all(move.to_square != sq("c4") for move in moves)
        assert "{'enPassant':('','c4:d4','','')}" in board.fen4()


# Line 1 with Red's d-pawn already on d3 and Red to move: d3 attacks c4, the square Blue's pawn
# skipped, so d3-c4 is an en-passant capture that removes the pawn on d4 (docs/rules.md §4).
EP_FOR_RED = (
    "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-5-{'enPassant':('','c4:d4','','')}-"
    "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/"
    "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/"
    "bN,bP,10,gP,gN/bR,2,bP,8,gP,gR/x,x,x,rP,3,rP,3,x,x,x/x,x,x,1,rP,rP,rP,1,rP,rP,rP,x,x,x/"
    "x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
)


@pytest.mark.parametrize("mode", MODES)
def test_en_passant_from_an_extras_entry_is_generated(mode: str) -> None:
    board = Board(EP_FOR_RED, mode=mode)
    moves = {str(move) for move in board.legal_moves}
    assert "d3-c4" in moves
    assert "d3-d4" not in moves and "d3-e4" not in moves  # d4 is occupied, e4 empty
    assert {str(m) for m in reference.Board(EP_FOR_RED, mode=mode).legal_moves} == moves
    board.push_move("d3-c4")
    assert board.piece_at(sq("d4")) is None
    c4 = board.piece_at(sq("c4"))
    assert c4 is not None and c4.seat == Seat.RED and c4.piece_type == PieceType.PAWN
    assert board.ply_clock == 0  # fine point 9: en passant is a capture
    if mode == "ffa":
        assert board.points == (1, 0, 0, 0)  # a live pawn is 1 point


def test_en_passant_entry_round_trips_after_a_double_step() -> None:
    for cls in IMPLEMENTATIONS.values():
        board = cls()
        board.push_move("h2-h4")
        written = board.fen4()
        assert "-{'enPassant':('h3:h4','','','')}-" in written
        assert cls(written).fen4() == written


def test_more_hand_reads() -> None:
    line2 = Board(REAL[1][0])
    assert line2.turn == Seat.YELLOW and line2.ply_clock == 2
    line5 = Board(REAL[4][0], mode="ffa")
    assert line5.turn == Seat.YELLOW and line5.points == (15, 18, 9, 5)
    line8 = Board(REAL[7][0])
    assert line8.turn == Seat.RED
    assert line8.king_square(Seat.YELLOW) == sq("h14") and line8.king_square(Seat.GREEN) == sq("n7")
    assert Board(REAL[13][0]).turn == Seat.BLUE and Board(REAL[5][0]).turn == Seat.GREEN
    classic = Board(REAL[17][0])
    assert str(classic.piece_at(sq("a8"))) == "bK" and str(classic.piece_at(sq("n7"))) == "gK"


# Red's i1 and j1 are empty, so only the castling flag decides whether h1-j1 is legal (§4).
_SHORT_OPEN = _with_rank(RULES_MODERN_START, 1, "x,x,x,rR,rN,rB,rQ,rK,2,rR,x,x,x")


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_castling_flags_are_read(impl: str) -> None:
    cls = IMPLEMENTATIONS[impl]
    assert "h1-j1" in {str(m) for m in cls(_SHORT_OPEN).legal_moves}
    no_red_short = _SHORT_OPEN.replace("-1,1,1,1-1,1,1,1-", "-0,1,1,1-1,1,1,1-", 1)
    board = cls(no_red_short)
    assert "h1-j1" not in {str(m) for m in board.legal_moves}
    assert board.fen4().split("-")[2:4] == ["0,1,1,1", "1,1,1,1"]


@pytest.mark.parametrize("points, ply", [("0,0,0,0", "0" * 40 + "7"), ("0,000000000000003,0,0", "00")])
def test_numbers_with_leading_zeros_read_alike(points: str, ply: str) -> None:
    """Leading zeros in the points and ply clock fields change nothing, however many (a 128-digit
    ply clock of zeros was refused by the core and read by the reference: found by fuzzing)."""
    fields = fourchess.MODERN_START_FEN4.split("-")
    fields[4], fields[5] = points, ply
    text = "-".join(fields)
    core, slow = Board(text), reference.Board(text)
    assert core.fen4() == slow.fen4()
    assert core.ply_clock == int(ply) and tuple(core.points) == tuple(map(int, points.split(",")))

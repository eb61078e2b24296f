"""FEN4 reading and writing: round trips of real positions and errors for malformed input."""

from pathlib import Path

import pytest

from fourchess.reference import Board, Fen4Error

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLES = {"real.txt": DATA / "fen4_real.txt", "other-dialects.txt": DATA / "fen4" / "other-dialects.txt"}
MODERN_START = (
    "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/"
    "x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/"
    "bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/"
    "bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
)


def _sample_lines(name: str) -> list[str]:
    return [line.split(" ; ")[0].strip() for line in SAMPLES[name].read_text().splitlines() if line.strip()]


def test_start_position_is_written_exactly() -> None:
    assert Board().fen4() == MODERN_START
    assert Board(MODERN_START).fen4() == MODERN_START


def test_classic_start_swaps_blue_and_green_king_and_queen() -> None:
    board = Board(setup="classic")
    assert board.piece_at(7 * 14 + 0) == "bK"  # a8
    assert board.piece_at(6 * 14 + 0) == "bQ"  # a7
    assert board.piece_at(7 * 14 + 13) == "gQ"  # n8
    assert board.piece_at(6 * 14 + 13) == "gK"  # n7


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("dialect_file", ["real.txt", "other-dialects.txt"])
def test_samples_round_trip(mode: str, dialect_file: str) -> None:
    for text in _sample_lines(dialect_file):
        written = Board(text, mode=mode).fen4()
        assert Board(written, mode=mode).fen4() == written, text
        if ",x," in text:  # the x dialect the writer uses: canonical input comes back unchanged
            assert written == text


def test_count_dialect_reads_as_x_dialect() -> None:
    counts = MODERN_START.replace("x,x,x,8,x,x,x", "14").replace("x,x,x,", "3,").replace(",x,x,x", ",3")
    assert Board(counts).fen4() == MODERN_START


def test_whitespace_is_ignored() -> None:
    spaced = MODERN_START.replace("/", "/\n  ")
    assert Board(" " + spaced + "\n").fen4() == MODERN_START


def test_en_passant_extras_round_trip() -> None:
    board = Board()
    board.push_move("h2-h4")
    assert "-{'enPassant':('h3:h4','','','')}-" in board.fen4()
    assert Board(board.fen4()).fen4() == board.fen4()


def _with_field(index: int, value: str) -> str:
    fields = MODERN_START.split("-")
    fields[index] = value
    return "-".join(fields)


MALFORMED = {
    "too few fields": "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-" + MODERN_START.split("-")[-1],
    "bad turn letter": _with_field(0, "X"),
    "flag not 0/1": _with_field(1, "0,0,2,0"),
    "three castling flags": _with_field(2, "1,1,1"),
    "non-integer points": _with_field(4, "0,a,0,0"),
    "negative ply": MODERN_START.replace("-0,0,0,0-0-", "-0,0,0,0--1-"),
    "rank too long": MODERN_START.replace("x,x,x,8,x,x,x", "x,x,x,9,x,x,x", 1),
    "rank too short": MODERN_START.replace("bR,bP,10,gP,gR", "bR,bP,9,gP,gR", 1),
    "piece on corner": MODERN_START.replace("x,x,x,8,x,x,x", "rP,x,x,8,x,x,x", 1),
    "x on playable square": MODERN_START.replace("x,x,x,8,x,x,x", "x,x,x,x,7,x,x,x", 1),
    "unknown piece letter": MODERN_START.replace("yQ", "yZ"),
    "unknown colour": MODERN_START.replace("yQ", "wQ"),
    "thirteen ranks": MODERN_START.replace("x,x,x,8,x,x,x/", "", 1),
    "two red kings": MODERN_START.replace("rQ", "rK"),
    "en passant not a double step": MODERN_START.replace("-0-x", "-0-{'enPassant':('h2:h3','','','')}-x"),
    "broken extras": MODERN_START.replace("-0-x", "-0-{'enPassant':(}-x"),
    "empty run zero": MODERN_START.replace("x,x,x,8,x,x,x", "x,x,x,0,8,x,x,x", 1),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_fen4_raises(name: str) -> None:
    with pytest.raises(Fen4Error):
        Board(MALFORMED[name])


def test_error_names_the_field() -> None:
    with pytest.raises(Fen4Error, match="turn"):
        Board(_with_field(0, "X"))
    with pytest.raises(Fen4Error, match="rank 12"):
        Board(MALFORMED["rank too long"])


def test_fen4_error_is_value_error() -> None:
    assert issubclass(Fen4Error, ValueError)


def test_ffa_side_to_move_eliminated_is_an_error() -> None:
    with pytest.raises(Fen4Error, match="turn"):
        Board(_with_field(1, "1,0,0,0"), mode="ffa")


def test_bad_mode_and_setup_raise_value_error() -> None:
    with pytest.raises(ValueError):
        Board(mode="solo")
    with pytest.raises(ValueError):
        Board(setup="future")

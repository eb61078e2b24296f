"""The FEN4 builder used by every rule test writes the start positions of docs/rules.md §3 exactly."""

from support.fen4 import fen4, parse_fen4
from support.start_positions import CLASSIC_START, MODERN_START


def start_pieces(setup="modern"):
    pieces = {}
    back = "RNBQKBNR"  # Red's back row d1..k1 in the modern setup (queen g1, king h1)
    for i, letter in enumerate(back):
        f = "defghijk"[i]
        pieces[f"{f}1"] = "r" + letter
        pieces[f"{f}2"] = "rP"
        pieces[f"{f}13"] = "yP"
    # Yellow: d14..k14 = R N B K Q B N R (king g14, queen h14)
    for f, letter in zip("defghijk", "RNBKQBNR", strict=True):
        pieces[f"{f}14"] = "y" + letter
    # Blue a4..a11 and Green n4..n11 (rank order 4..11)
    blue = "RNBKQBNR" if setup == "modern" else "RNBQKBNR"  # a7 king modern, a8 king classic
    green = "RNBQKBNR" if setup == "modern" else "RNBKQBNR"  # n8 king modern, n7 king classic
    for i in range(8):
        rank = 4 + i
        pieces[f"a{rank}"] = "b" + blue[i]
        pieces[f"b{rank}"] = "bP"
        pieces[f"m{rank}"] = "gP"
        pieces[f"n{rank}"] = "g" + green[i]
    return pieces


def test_builder_writes_modern_start():
    assert fen4(start_pieces(), "R", short=(1, 1, 1, 1), long=(1, 1, 1, 1)) == MODERN_START


def test_builder_writes_classic_start():
    assert fen4(start_pieces("classic"), "R", short=(1, 1, 1, 1), long=(1, 1, 1, 1)) == CLASSIC_START


def test_parser_reads_back_the_builder():
    text = fen4(
        {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "e4": "dP"}, "G", points=(1, 2, 3, 4), ply=7, ep={1: "c4:d4"}
    )
    fields = parse_fen4(text)
    assert fields["turn"] == "G"
    assert fields["points"] == (1, 2, 3, 4)
    assert fields["ply"] == 7
    assert fields["extras"] == "{'enPassant':('','c4:d4','','')}"
    assert fields["board"] == {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "e4": "dP"}

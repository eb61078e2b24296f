"""Hostile input: every bad record is a Pgn4Error naming what was wrong, with its text bounded."""

import io
import sys

import pytest

from fourchess import pgn4
from support.pgn4_games import text

LONGEST = "ffa-hornet-101543960.pgn4"  # 386 slots, the longest real record here


def read(source, **options):
    return pgn4.read_game(io.StringIO(source), **options)


def test_lone_surrogate_in_start_fen4():
    with pytest.raises(pgn4.Pgn4Error, match="U\\+D800"):
        read('[Variant "Teams"]\n[StartFen4 "\ud800"]\n\n1. h2-h3\n')


def test_lone_surrogate_in_start_fen4_given_as_a_header():
    setup = pgn4.setup_for_headers({"Variant": "FFA", "StartFen4": "R-0,0,0,0\udc80"})
    with pytest.raises(pgn4.Pgn4Error, match="StartFen4.*U\\+DC80"):
        setup.board()


def test_lone_surrogate_anywhere_names_its_line():
    with pytest.raises(pgn4.Pgn4Error, match="line 3: lone surrogate U\\+DFFF"):
        read('[Variant "Teams"]\n\n1. h2-h3 { \udfff }\n', validate=False)


def test_bytes_the_stream_cannot_decode():
    stream = io.TextIOWrapper(io.BytesIO(b'[Variant "Teams"]\n\n1. h2-h3 { \xff }\n'), encoding="utf-8")
    with pytest.raises(pgn4.Pgn4Error, match="utf-8"):
        pgn4.read_game(stream)


@pytest.mark.parametrize("variant", ["Solo", "Giveaway", ""])
def test_unsupported_variant(variant):
    with pytest.raises(pgn4.Pgn4Error, match="not supported"):
        read(f'[Variant "{variant}"]\n\n1. h2-h3\n')


def test_long_round_number():
    digits = "1" * 5000  # past Python's int() digit limit: a ValueError that is not a Pgn4Error
    with pytest.raises(pgn4.Pgn4Error, match="round number of 5000 digits"):
        read(f"{digits}. h2-h3\n", validate=False)


@pytest.mark.parametrize(
    "source",
    [
        "1. " + "x" * 1_000_000 + "\n",  # an entry
        '[Variant "' + "y" * 1_000_000 + '"]\n\n1. h2-h3\n',  # a tag value (tag limit)
        '[Variant "' + "y" * 50_000 + '"]\n\n1. h2-h3\n',  # a tag value (Variant)
        '[RuleVariants "' + "z" * 50_000 + '"]\n\n1. h2-h3\n',
        '[Variant "FFA"]\n[StartFen4 "' + "w" * 50_000 + '"]\n\n1. h2-h3\n',  # the core's message too
    ],
)
def test_error_messages_quote_a_bounded_prefix(source):
    with pytest.raises(pgn4.Pgn4Error) as error:
        read(source)
    message = str(error.value)
    assert len(message) < 600 and "characters" in message


def _nested_text(entries):
    # "1. e1 .. e2 ( .. e2 .. e3 ( .. e3 .. e4 ( ... ) ) )": each variation is an alternative to
    # the entry before it, so the tree (and the nesting) is as deep as the game is long.
    parts = [f"1. {entries[0]} .. {entries[1]}"]
    for previous, entry in zip(entries[1:-1], entries[2:], strict=True):
        parts.append(f"( .. {previous} .. {entry}")
    return " ".join(parts) + " )" * (len(entries) - 2) + "\n"


def _depth(game):
    deepest, stack = 0, [(game, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + (index > 0)) for index, child in enumerate(node.variations))
    return deepest


@pytest.fixture
def shallow_stack():
    # Variations nested deeper than the frames left: recursion would raise RecursionError.
    limit = sys.getrecursionlimit()
    frames = 0
    frame = sys._getframe()
    while frame is not None:
        frames, frame = frames + 1, frame.f_back
    sys.setrecursionlimit(frames + 150)
    yield
    sys.setrecursionlimit(limit)


def test_variations_nested_as_deep_as_the_game(shallow_stack):
    record = text(LONGEST)
    headers = record.split("\n\n", 1)[0]
    entries = [node.text for node in read(record).mainline()]
    source = headers + "\n\n" + _nested_text(entries)
    game = read(source)
    assert _depth(game) == len(entries) - 2
    written = pgn4.write_game(game)
    again = read(written)
    assert _depth(again) == len(entries) - 2
    assert pgn4.write_game(again) == written


def test_unbalanced_deep_nesting_is_a_pgn4_error():
    with pytest.raises(pgn4.Pgn4Error, match="never closed"):
        read("1. h2-h3 .. b7-c7 " + "( .. b8-c8 " * 5000 + "\n", validate=False)
    with pytest.raises(pgn4.Pgn4Error, match="without"):
        read("1. h2-h3 " + ")" * 5000 + "\n", validate=False)

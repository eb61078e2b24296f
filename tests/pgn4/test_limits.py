"""Reader cost: the documented limits raise Pgn4Error, and cost grows linearly below them.

No timing is asserted. Memory is compared with tracemalloc; cases that were quadratic in C code
(string joins, slices) run under a generous wall-clock budget that only guards against a hang:
each takes well under a second now and took minutes before.
"""

import io
import signal
import tracemalloc
from contextlib import contextmanager

import pytest

from fourchess import pgn4
from fourchess.pgn4.limits import MAX_GAME_CHARS, MAX_NODES, MAX_TAG_CHARS

HANG_GUARD_SECONDS = 30


class Hung(Exception):
    pass


@contextmanager
def hang_guard(seconds=HANG_GUARD_SECONDS):
    def expire(signum, frame):
        raise Hung(f"still reading after {seconds} s: cost is not linear")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Pipe(io.StringIO):
    def seekable(self):
        return False


def primed(source, stream=io.StringIO):
    # StringIO turns its text into 4 bytes a character on the first read: do that before tracing.
    handle = stream(source)
    handle.read()
    handle.seek(0)
    return handle


def peak_bytes(source, stream=io.StringIO, **options):
    handle = primed(source, stream)
    tracemalloc.start()
    try:
        pgn4.read_game(handle, **options)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def moves(count):
    return "1. " + " .. ".join(["h2-h3"] * count) + "\n"


# -- the limits ------------------------------------------------------------------------------
def test_game_longer_than_the_limit():
    source = '[Variant "Teams"]\n\n1. h2-h3 { ' + "n" * MAX_GAME_CHARS + " }\n"
    with pytest.raises(pgn4.Pgn4Error, match=f"more than {MAX_GAME_CHARS} characters"):
        pgn4.read_game(io.StringIO(source))
    with pytest.raises(pgn4.Pgn4Error, match=f"at most {MAX_GAME_CHARS}"):
        pgn4.parse_game(source)


def test_game_of_exactly_the_limit_then_the_next_game():
    head = '[Variant "Teams"]\n\n1. h2-h3 {'
    first = head + "n" * (MAX_GAME_CHARS - len(head) - 2) + "}\n"
    assert len(first) == MAX_GAME_CHARS
    handle = io.StringIO(first + '[Variant "FFA"]\n\n1. k2-k4\n')
    assert len(pgn4.read_game(handle).next().comment) == MAX_GAME_CHARS - len(head) - 2
    assert pgn4.read_game(handle).headers == {"Variant": "FFA"}


def test_game_past_the_limit_is_not_read_whole():
    # One line of 3x the limit: the reader stops after the limit, its memory stays near it.
    handle = primed("1. h2-h3 { " + "n" * (3 * MAX_GAME_CHARS) + " }\n")
    tracemalloc.start()
    try:
        with pytest.raises(pgn4.Pgn4Error, match="more than"):
            pgn4.read_game(handle)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * MAX_GAME_CHARS


def test_tag_line_longer_than_the_limit():
    value = "x" * MAX_TAG_CHARS
    with pytest.raises(pgn4.Pgn4Error, match=f"tag line of {MAX_TAG_CHARS + 9} characters"):
        pgn4.read_game(io.StringIO(f'[Note "{value}"]\n\n1. h2-h3\n'))


def test_tag_just_under_the_limit_is_read():
    value = "x" * (MAX_TAG_CHARS - 9)
    game = pgn4.read_game(io.StringIO(f'[Note "{value}"]\n\n1. h2-h3\n'))
    assert game.headers["Note"] == value


def test_more_entries_than_the_limit():
    with pytest.raises(pgn4.Pgn4Error, match=f"more than {MAX_NODES} entries"):
        pgn4.read_game(io.StringIO(moves(MAX_NODES + 1)), validate=False)


@pytest.mark.slow
def test_entries_up_to_the_limit_are_read():
    game = pgn4.read_game(io.StringIO(moves(MAX_NODES)), validate=False)
    assert sum(1 for _ in game.mainline()) == MAX_NODES


# -- linear cost -----------------------------------------------------------------------------
def test_comment_over_many_blank_lines_from_a_pipe():
    # Each blank line recounted every bracket read so far (37 s for 100 KB, quadratic).
    source = '[Variant "Teams"]\n\n1. h2-h3 {' + "\n" * 400_000 + "} .. b7-c7\n"
    with hang_guard():
        game = pgn4.read_game(Pipe(source))
    assert game.next().comment == "" and game.next().next().text == "b7-c7"


def test_many_comments_after_one_entry():
    # Each comment was joined onto the ones before it (quadratic in the comments' total size).
    comment = "a" * 30
    source = '[Variant "Teams"]\n\n1. h2-h3 ' + f"{{{comment}}}" * 125_000 + "\n"
    with hang_guard():
        game = pgn4.read_game(io.StringIO(source))
    assert len(game.next().comment) == 125_000 * 31 - 1


def test_word_of_many_round_numbers():
    # "1.1.1.1...": each round number was sliced off the rest of the word.
    source = "1." * 1_000_000 + "h2-h3\n"
    with hang_guard():
        game = pgn4.read_game(io.StringIO(source), validate=False)
    assert game.next().text == "h2-h3"


def test_long_tag_memory():
    # The tag regex kept backtracking state per character (1.7 GB for a 10 MB tag).
    value = "x" * (MAX_TAG_CHARS - 9)
    peak = peak_bytes(f'[Note "{value}"]\n\n1. h2-h3\n')
    assert peak < 16 * len(value)


def test_memory_grows_linearly_with_entries():
    small, large = peak_bytes(moves(2_000), validate=False), peak_bytes(moves(8_000), validate=False)
    assert large < 4 * small * 1.25


def test_memory_grows_linearly_with_a_comment():
    def source(size):
        return '[Variant "Teams"]\n\n1. h2-h3 {' + "\n" * size + "}\n"

    small, large = peak_bytes(source(25_000)), peak_bytes(source(100_000))
    assert large < 4 * small * 1.25
    assert large < 8 * len(source(100_000))  # the bound limits.py documents

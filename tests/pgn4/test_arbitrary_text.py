"""Any text at all: read_game returns a Game or None, or raises Pgn4Error; nothing else; and
what it reads, write_game writes back readable.

Random text rarely gets past the first token, so most examples are built from PGN4's own pieces
(tags, round numbers, moves from the start, markers, brackets) mixed with arbitrary text.
"""

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourchess import MODERN_START_FEN4, pgn4

TAGS = [
    '[Variant "Teams"]',
    '[Variant "FFA"]',
    '[Variant "Solo"]',
    '[Variant "teams"]',
    "[Variant]",
    '[StartFen4 "4PC"]',
    '[StartFen4 "4PCo"]',
    f'[StartFen4 "{MODERN_START_FEN4}"]',
    f'[StartFen4 "{MODERN_START_FEN4[:60]}"]',
    '[StartFen4 "\ud800"]',
    '[StartFen4 ""]',
    '[RuleVariants "DeadKingWalking"]',
    '[RuleVariants "Chaos"]',
    '[Note "a \\" b"]',
    '[Note "',
]
MOVETEXT = [
    "1. ",
    "2. ",
    "3.",
    "99999999999. ",
    ".. ",
    "..",
    "h2-h3 ",
    "b7-c7 ",
    "g13-g12 ",
    "m8-l8 ",
    "h3-h4 ",
    "b6-c6 ",
    "k2-k4 ",
    "d2-d4 ",
    "Kh1-g1 ",
    "O-O ",
    "h8xQg7=D ",
    "Qi4-h4++ ",
    "R ",
    "T ",
    "S ",
    "# ",
    "R# ",
    "Kk1-k2R ",
    "( ",
    ") ",
    "{ note } ",
    "{ ",
    "} ",
    "; rest\n",
    "; a } b {\n",
    "\n",
    "\r\n",
    "\n\n",
    "\ud800",
    "\x00",
    "\u2028",
]
tag_value = st.text(max_size=12).map(lambda value: f'[StartFen4 "{value}"]')
tags = st.lists(st.one_of(st.sampled_from(TAGS), tag_value), max_size=4).map(lambda lines: "\n".join(lines))
movetext = st.lists(
    st.one_of(st.sampled_from(MOVETEXT), st.sampled_from(MOVETEXT), st.text(max_size=3)), max_size=30
).map("".join)
records = st.tuples(tags, st.sampled_from(["\n\n", "\n", ""]), movetext).map("".join)
streams = st.lists(records, min_size=2, max_size=4).map("\n".join)
decoded = st.binary(max_size=200).map(lambda data: data.decode("utf-8", "surrogateescape"))


class Pipe(io.StringIO):
    def seekable(self):
        return False


def read_all(source, validate, stream):
    games = 0
    handle = stream(source)
    try:
        while (game := pgn4.read_game(handle, validate=validate)) is not None:
            games += 1
            if not validate:  # an unchecked tree: writing it replays it, with the same contract
                try:
                    pgn4.write_game(game)
                except pgn4.Pgn4Error:
                    pass
            assert games < 10_000, "read_game does not advance"
    except pgn4.Pgn4Error as error:
        assert len(str(error)) < 1000


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.one_of(st.text(), decoded, records, streams),
    validate=st.booleans(),
    stream=st.sampled_from([io.StringIO, Pipe]),
)
def test_read_game_raises_only_pgn4_error(source, validate, stream):
    read_all(source, validate, stream)


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300))
def test_undecodable_bytes(data):
    handle = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        pgn4.read_game(handle)
    except pgn4.Pgn4Error:
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=records)
def test_what_is_read_is_written_readable(source):
    try:
        game = pgn4.read_game(io.StringIO(source))
    except pgn4.Pgn4Error:
        return
    if game is None or not (game.headers or game.variations or game.comment):
        return  # nothing to write: the text of an empty game reads as no game
    written = pgn4.write_game(game)
    again = pgn4.read_game(io.StringIO(written))
    assert again.mainline_moves() == game.mainline_moves()
    assert pgn4.write_game(again) == written

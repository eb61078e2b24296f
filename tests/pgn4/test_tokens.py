"""Tokenizer: entries, suffixes, markers, variations, comments, line ends, streams, errors."""

import io

import pytest

from fourchess import pgn4
from fourchess.pgn4.tokens import Entry, parse_tag, split_entry, tokenize_movetext


def kinds(text):
    return [(token.kind, token.value) for token in tokenize_movetext(text)]


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("h2-h3", Entry("h2-h3", "", None)),
        ("Bh2xNl6", Entry("Bh2xNl6", "", None)),
        ("h8xQg7=D", Entry("h8xQg7=D", "", None)),
        ("e8-d8=R", Entry("e8-d8=R", "", None)),  # promotion to a rook, not a resignation
        ("O-O", Entry("O-O", "", None)),
        ("O-O-O", Entry("O-O-O", "", None)),
        ("Qi4-h4+", Entry("Qi4-h4", "+", None)),
        ("Qi4-h4++", Entry("Qi4-h4", "++", None)),
        ("Qi4-h4+++", Entry("Qi4-h4", "+++", None)),
        ("Qe2-f1+#", Entry("Qe2-f1", "+#", None)),
        ("Qi4-i11#", Entry("Qi4-i11", "#", None)),
        ("i7-i8=D+", Entry("i7-i8=D", "+", None)),
        ("Kk1-k2R", Entry("Kk1-k2", "", "R")),
        ("Kj8xNj9T", Entry("Kj8xNj9", "", "T")),
        ("R", Entry(None, "", "R")),
        ("T", Entry(None, "", "T")),
        ("S", Entry(None, "", "S")),
        ("#", Entry(None, "", "#")),
        ("R#", Entry(None, "#", "R")),
        ("h2h3", Entry("h2h3", "", None)),
    ],
)
def test_split_entry(text, entry):
    assert split_entry(text) == entry


@pytest.mark.parametrize("text", ["x", "h2-", "Zh2-h3", "++", "h2-h3X", "a15-a16"])
def test_split_entry_refuses(text):
    with pytest.raises(pgn4.Pgn4Error, match=text.replace("+", r"\+")):
        split_entry(text)


def test_rounds_slots_and_entries():
    assert kinds("1. h2-h3 .. b7-c7\n2.h3-h4 ..b6-c6") == [
        ("round", "1"),
        ("entry", "h2-h3"),
        ("slot", ".."),
        ("entry", "b7-c7"),
        ("round", "2"),
        ("entry", "h3-h4"),
        ("slot", ".."),
        ("entry", "b6-c6"),
    ]


def test_variation_crossing_rounds():
    tokens = kinds("1. h2-h3 .. b7-c7 ( .. b9-d9 .. i13-i12\n2. Bi1-c7 )  .. i13-i12")
    assert ("open", "(") in tokens and ("close", ")") in tokens
    assert tokens[tokens.index(("open", "(")) + 1] == ("slot", "..")


def test_comments_span_lines_and_keep_text():
    tokens = list(tokenize_movetext("1. h2-h3 { a\nlong note } .. b7-c7 ; rest of line\n.. g13-g12"))
    assert tokens[2].kind == "comment" and tokens[2].value == "a\nlong note"
    assert tokens[4].line == 2  # the line count goes on after a multi-line comment
    assert ("comment", "rest of line") in [(t.kind, t.value) for t in tokens]


def test_unclosed_comment():
    with pytest.raises(pgn4.Pgn4Error, match="never closed"):
        list(tokenize_movetext("1. h2-h3 { oops"))


def test_tags():
    assert parse_tag('[CurrentMove "2-1-14"]') == ("CurrentMove", "2-1-14")
    assert parse_tag('[Termination "Blue forfeit on time. 1-0"]') == ("Termination", "Blue forfeit on time. 1-0")
    assert parse_tag('[Note "say \\"hi\\""]') == ("Note", 'say "hi"')
    assert parse_tag("1. h2-h3") is None


def test_current_move_tag_is_kept():
    game = pgn4.read_game(io.StringIO('[Variant "Teams"]\n[CurrentMove "2-1-14"]\n\n1. h2-h3\n'))
    assert game.headers["CurrentMove"] == "2-1-14"


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r\r\n"])
def test_line_endings(newline):
    text = newline.join(['[Variant "FFA"]', '[Red "a"]', "", "1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8", "2. h3-h4", ""])
    game = pgn4.read_game(io.StringIO(text, newline=""))
    assert game.headers == {"Variant": "FFA", "Red": "a"}
    assert [str(m) for m in game.mainline_moves()] == ["h2-h3", "b7-c7", "g13-g12", "m8-l8", "h3-h4"]


def test_crcrlf_file_in_text_mode():
    # Some collected files end their lines with CR CR LF; universal newlines make a blank line
    # after each one.
    text = '[Variant "FFA"]\r\r\n\r\r\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\r\r\n2. h3-h4\r\r\n'
    game = pgn4.read_game(io.StringIO(text))
    assert len(game.mainline_moves()) == 5


def test_unseekable_stream_splits_at_blank_lines():
    class Pipe(io.StringIO):
        def seekable(self):
            return False

    stream = Pipe('[Variant "Teams"]\n\n1. h2-h3\n\n[Variant "FFA"]\n\n1. k2-k4\n')
    assert [game.headers["Variant"] for game in pgn4.iter_games(stream)] == ["Teams", "FFA"]


def test_stream_of_games():
    stream = io.StringIO(
        '[Variant "Teams"]\n\n1. h2-h3 .. b7-c7\n\n'
        '[Variant "FFA"]\n\n1. k2-k4\n'
        '[Variant "Teams"]\n\n1. d2-d4 .. b8-c8 .. k13-k11\n'
    )
    games = list(pgn4.iter_games(stream))
    assert [game.headers["Variant"] for game in games] == ["Teams", "FFA", "Teams"]
    assert [len(game.mainline_moves()) for game in games] == [2, 1, 3]
    assert pgn4.read_game(stream) is None


def test_malformed_record_names_round_seat_and_text():
    text = '[Variant "Teams"]\n\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. h3-h5 .. b6-c6\n'
    with pytest.raises(pgn4.Pgn4Error) as error:
        pgn4.read_game(io.StringIO(text))
    assert error.value.round == 2 and error.value.seat == 0 and error.value.text == "h3-h5"
    assert "round 2" in str(error.value) and "Red" in str(error.value) and "h3-h5" in str(error.value)


def test_garbage_entry_names_its_text():
    with pytest.raises(pgn4.Pgn4Error, match="'h2-h3!'"):
        pgn4.read_game(io.StringIO("1. h2-h3!\n"))


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r\r\n"])
def test_stream_of_games_from_a_file(tmp_path, newline):
    # The next game's tag line is pushed back by seeking to the game's start and reading again.
    games = [
        '[Variant "Teams"]',
        "",
        "1. h2-h3 .. b7-c7 { é }",
        '[Variant "FFA"]',
        "",
        "1. k2-k4",
        '[Variant "Teams"]',
        "",
        "1. d2-d4 .. b8-c8",
        ".. k13-k11",
        "",
    ]
    path = tmp_path / "games.pgn4"
    path.write_bytes(newline.join(games).encode("utf-8"))
    with path.open(encoding="utf-8") as handle:
        read = list(pgn4.iter_games(handle))
    assert [game.headers["Variant"] for game in read] == ["Teams", "FFA", "Teams"]
    assert [len(game.mainline_moves()) for game in read] == [2, 1, 3]

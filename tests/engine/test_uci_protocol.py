"""The 4PC UCI dialect of ``fourchess uci`` (docs/uci.md): a transcript per command, and every
bad input answered with one error line while the engine stays usable.

Each transcript runs twice: the loop in this process on pipes, and ``python -m fourchess uci`` as
a real subprocess. The session fixture also checks, after each test, that every line printed was
a protocol line (no traceback, no stray text) and that the engine exited cleanly.
"""

from __future__ import annotations

import io

import pytest

from fourchess import MODERN_START_FEN4, Board, __version__
from fourchess.engine.search import MAX_DEPTH, max_hash_mb
from fourchess.engine.uci import MAX_LINE_CHARS, UciLoop
from support.uci_session import PROTOCOL_LINE, UciSession

# Blue's dead flag set: Teams reads a finished game (docs/rules.md §11.7), FFA a game Blue is out of.
BLUE_DEAD_FEN4 = MODERN_START_FEN4.replace("R-0,0,0,0-", "R-0,1,0,0-", 1)


@pytest.fixture(params=["in-process", "subprocess"])
def session(request: pytest.FixtureRequest):
    uci = UciSession(request.param)
    try:
        yield uci
        if not hasattr(uci, "returncode"):
            uci.finish()
        assert uci.returncode == 0
        assert uci.stderr == ""
        strays = [line for line in uci.seen if not PROTOCOL_LINE.fullmatch(line)]
        assert strays == []
    finally:
        uci.kill()


def error_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("info string error: ")]


def assert_plays(session: UciSession, board: Board, go: str = "go depth 1") -> str:
    """``go`` on the position set: info lines, then a bestmove legal on ``board``."""
    session.send(go)
    lines = session.until("bestmove")
    assert error_lines(lines) == []
    assert any(line.startswith("info depth ") for line in lines), lines
    move = lines[-1].split()[1]
    board.copy().push_move(move)  # raises if the engine's move is not legal
    return move


# -- a transcript per command


def test_uci_names_the_engine_and_its_options(session: UciSession) -> None:
    session.send("uci")
    assert session.until("uciok") == [
        f"id name fourchess {__version__}",
        "id author the fourchess authors",
        f"option name Hash type spin default 64 min 1 max {max_hash_mb()}",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Mode type combo default teams var teams var ffa",
        "uciok",
    ]


def test_isready_answers_readyok(session: UciSession) -> None:
    assert session.exchange() == []
    assert session.exchange("ucinewgame") == []


def test_setoption_takes_each_option_silently(session: UciSession) -> None:
    assert (
        session.exchange(
            "setoption name Hash value 16", "setoption name Threads value 2", "setoption name mode value FFA"
        )
        == []
    )
    session.send("position startpos")
    assert_plays(session, Board(mode="ffa"))


def test_startpos_searches_red(session: UciSession) -> None:
    session.send("position startpos")
    assert_plays(session, Board())


def test_startpos_with_moves_searches_the_seat_to_move(session: UciSession) -> None:
    board = Board()
    for text in ("h2-h3", "b7c7", "Nj14-i12"):  # the engine form, and the other forms push_move reads
        board.push_move(text)
    session.send("position startpos moves h2-h3 b7c7 Nj14-i12")
    assert_plays(session, board)


def test_fen_with_moves(session: UciSession) -> None:
    board = Board()
    board.push_move("h2-h3")
    fen4 = board.fen4()
    board.push_move("b7-c7")
    session.send(f"position fen {fen4} moves b7-c7")
    assert_plays(session, board)


def test_each_go_limit_returns_a_legal_move(session: UciSession) -> None:
    session.send("position startpos")
    for go in (
        "go depth 2",
        "go nodes 2000",
        "go movetime 50",
        "go rtime 2000 btime 2000 ytime 2000 gtime 2000 rinc 100 binc 100 yinc 100 ginc 100",
        "go rtime 1000",  # the side to move's clock alone
    ):
        assert_plays(session, Board(), go)


def test_infinite_searches_until_stop_and_answers_isready_meanwhile(session: UciSession) -> None:
    session.send("position startpos", "go infinite")
    assert "bestmove" not in " ".join(session.exchange())  # readyok comes while it searches
    session.send("stop")
    Board().push_move(session.until("bestmove")[-1].split()[1])


def test_stop_when_idle_is_ignored(session: UciSession) -> None:
    assert session.exchange("stop") == []


def test_mode_ffa_plays_ffa(session: UciSession) -> None:
    session.send("setoption name Mode value ffa", f"position fen {BLUE_DEAD_FEN4}")
    assert_plays(session, Board(BLUE_DEAD_FEN4, mode="ffa"))


def test_mode_change_reads_the_position_again(session: UciSession) -> None:
    session.send(f"position fen {BLUE_DEAD_FEN4}", "go depth 1")
    assert session.until("bestmove") == ["bestmove (none)"]  # Teams: the game is over
    session.send("setoption name Mode value ffa", "go depth 1")
    Board(BLUE_DEAD_FEN4, mode="ffa").push_move(session.until("bestmove")[-1].split()[1])


def test_no_legal_move_answers_bestmove_none(session: UciSession) -> None:
    session.send(f"position fen {BLUE_DEAD_FEN4}", "go infinite")
    assert session.until("bestmove") == ["bestmove (none)"]


def test_quit_ends_a_search(session: UciSession) -> None:
    session.send("position startpos", "go infinite")
    session.exchange()
    rest = session.finish()
    assert rest and rest[-1].startswith("bestmove ")


def test_end_of_input_is_quit(session: UciSession) -> None:
    session.send("position startpos", "go infinite")
    session.exchange()
    rest = session.finish(eof=True)
    assert rest and rest[-1].startswith("bestmove ")


# -- bad input: one error line, and the engine goes on


BAD_INPUT = [
    ("frobnicate now", "unknown command 'frobnicate'"),
    ("Go depth 1", "unknown command 'Go'"),
    ("go depth 1 wtime 100", "go: unknown word 'wtime'"),
    ("go ponder", "go: unknown word 'ponder'"),
    ("go depth", "go: depth needs a value"),
    ("go depth two", "go: depth: expected an integer, got 'two'"),
    ("go movetime 1.5", "go: movetime: expected an integer, got '1.5'"),
    ("go nodes ١٢", "go: nodes: expected an integer, got '١٢'"),  # int() would read Arabic-Indic digits
    ("go depth 0", f"go: depth: '0' is out of range 1..{MAX_DEPTH}"),
    (f"go depth {MAX_DEPTH + 1}", f"go: depth: '{MAX_DEPTH + 1}' is out of range 1..{MAX_DEPTH}"),
    ("go depth 9999999999999999999999", f"go: depth: '9999999999999999999999' is out of range 1..{MAX_DEPTH}"),
    ("go movetime 0", "go: movetime: '0' is out of range 1..1000000000000"),
    ("go nodes -5", "go: nodes: '-5' is out of range 1..9223372036854775807"),
    ("go depth 1 depth 2", "go: depth given twice"),
    ("go btime 1000", "go: clocks given but none for the side to move (rtime)"),
    ("go rinc 100", "go: increments given without clocks (rtime btime ytime gtime)"),
    ("setoption name Hash value lots", "setoption Hash: expected an integer, got 'lots'"),
    ("setoption name Hash value 0", f"setoption Hash: '0' is out of range 1..{max_hash_mb()}"),
    ("setoption name Hash value 70000", f"setoption Hash: '70000' is out of range 1..{max_hash_mb()}"),
    ("setoption name Threads value 257", "setoption Threads: '257' is out of range 1..256"),
    ("setoption name Threads", "setoption Threads: needs 'value <integer 1..256>'"),
    ("setoption name Mode value chess", "setoption Mode: expected 'teams' or 'ffa', got 'chess'"),
    ("setoption name Ponder value true", "setoption: unknown option 'ponder' (options: Hash, Threads, Mode)"),
    ("setoption Hash 16", "setoption: expected 'name <option> value <value>'"),
    ("isready now", "isready: unexpected 'now'"),
]


@pytest.mark.parametrize(("line", "error"), BAD_INPUT)
def test_bad_command_gets_one_error_line(session: UciSession, line: str, error: str) -> None:
    assert session.exchange(line) == [f"info string error: {error}"]
    session.send("position startpos")
    assert_plays(session, Board())


BAD_POSITIONS = [
    ("position", "position: expected 'startpos' or 'fen <FEN4>'"),
    ("position startfen", "position: expected 'startpos' or 'fen', got 'startfen'"),
    ("position startpos h2-h3", "position startpos: unexpected 'h2-h3' (expected 'moves')"),
    ("position fen", "position fen: the FEN4 is missing"),
    ("position fen moves h2-h3", "position fen: the FEN4 is missing"),
    ("position fen R-0,0,0,0", "position: bad FEN4: "),
    ("position startpos moves h2-h3 h2-h4", "position: move 2 of 2 'h2-h4': "),  # Blue to move
    ("position startpos moves h2-h5", "position: move 1 of 1 'h2-h5': illegal move"),
    ("position startpos moves zz", "position: move 1 of 1 'zz': invalid move text"),
]


@pytest.mark.parametrize(("line", "error"), BAD_POSITIONS)
def test_bad_position_sets_no_position(session: UciSession, line: str, error: str) -> None:
    session.send("position startpos moves h2-h3")  # a good position first: it must not survive
    (answer,) = session.exchange(line)
    assert answer.startswith(f"info string error: {error}"), answer
    assert session.exchange("go depth 1") == [
        "info string error: go: no position set (the last 'position' was refused)"
    ]
    session.send("position startpos")
    assert_plays(session, Board())


def test_go_while_searching_is_refused_and_the_search_goes_on(session: UciSession) -> None:
    session.send("position startpos", "go infinite")
    for line in ("go depth 1", "setoption name Hash value 1", "ucinewgame"):
        (answer,) = error_lines(session.exchange(line))  # info lines of the search come meanwhile
        assert "refused while searching" in answer
    session.send("stop")
    Board().push_move(session.until("bestmove")[-1].split()[1])


def test_long_garbage_is_quoted_bounded(session: UciSession) -> None:
    for line in ("x" * 100_000, "go depth " + "9" * 50_000, "position fen " + "r" * 100_000):
        (answer,) = session.exchange(line)
        assert answer.startswith("info string error: ") and "characters)" in answer
        assert len(answer) < 400
    session.send("position startpos")
    assert_plays(session, Board())


def test_over_long_line_is_dropped(session: UciSession) -> None:
    (answer,) = session.exchange("isready" + " " * MAX_LINE_CHARS + "quit")  # neither word may act
    assert answer.startswith(f"info string error: line ignored: longer than {MAX_LINE_CHARS} characters")
    assert session.exchange() == []


def test_bytes_that_are_not_utf8(session: UciSession) -> None:
    (answer,) = session.exchange(b"\xff\xfe go")
    assert answer.startswith("info string error: unknown command ")
    session.send("position startpos")
    assert_plays(session, Board())


def test_control_characters_are_escaped_in_errors(session: UciSession) -> None:
    assert session.exchange("go depth \x1b[2J") == ["info string error: go: depth: expected an integer, got '\\x1b[2J'"]


def test_blank_lines_and_spacing_are_ignored(session: UciSession) -> None:
    session.send("", "   ", "\t isready \t")
    assert session.until("readyok") == ["readyok"]


# -- the loop on plain text streams, as an embedder would run it


def test_loop_on_string_streams() -> None:
    output = io.StringIO()
    code = UciLoop(io.StringIO("uci\nbogus\nisready\nposition startpos\ngo depth 1\n"), output).run()
    lines = output.getvalue().splitlines()
    assert code == 0
    assert lines[5:8] == ["uciok", "info string error: unknown command 'bogus'", "readyok"]
    assert lines[-1].startswith("bestmove ")  # end of input stopped the search, which still answers
    Board().push_move(lines[-1].split()[1])

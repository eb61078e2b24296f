"""``UciEngine`` driving ``python -m fourchess uci`` as a real subprocess, and tiny fake engines
(Python scripts written to tmp_path) that fail in each way an engine can: an illegal move,
silence, death mid-game, garbage before ``uciok``.

Times are loose upper bounds only a hung engine or a hung client would break.
"""

from __future__ import annotations

import gc
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fourchess import MODERN_START_FEN4, Board, Move
from fourchess.engine.client import UciEngine, go_command, position_command
from fourchess.engine.client_errors import (
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalEngineMoveError,
)

FOURCHESS_UCI = [sys.executable, "-m", "fourchess", "uci"]
HUNG_BOUND_SECONDS = 20.0  # a timeout of 0.5 s must fire well within this


def play_plies(engine: UciEngine, board: Board, plies: int) -> None:
    for _ in range(plies):
        if board.is_game_over():
            return
        board.push(engine.choose_move(board))  # push refuses an illegal move


def fake_engine(
    tmp_path: Path, *, on_go: str, on_uci: str = 'say("uciok")', on_quit: str = "break", on_position: str = "pass"
) -> list[str]:
    """A UCI program whose answers to ``uci``, ``position``, ``go`` and ``quit`` are the given
    statements."""
    script = tmp_path / "fake_engine.py"
    script.write_text(
        textwrap.dedent(f"""\
        import sys, time
        def say(line):
            sys.stdout.write(line + "\\n")
            sys.stdout.flush()
        gos = 0
        for line in sys.stdin:
            word = (line.split() or [""])[0]
            if word == "uci":
                {on_uci}
            elif word == "isready":
                say("readyok")
            elif word == "position":
                {on_position}
            elif word == "go":
                gos += 1
                {on_go}
            elif word == "quit":
                {on_quit}
        """)
    )
    return [sys.executable, str(script)]


# -- the real engine


def test_plays_a_teams_game_opening() -> None:
    board = Board()
    with UciEngine(FOURCHESS_UCI, depth=1) as engine:
        assert engine.id["name"].startswith("fourchess ")
        assert {"hash", "threads", "mode"} <= set(engine.options)
        play_plies(engine, board, 8)
    assert engine.returncode == 0  # it quit when asked
    assert len(board.move_stack) == 8


def test_plays_an_ffa_game_opening_and_follows_the_board_mode() -> None:
    with UciEngine(FOURCHESS_UCI, movetime=0.05) as engine:
        ffa = Board(mode="ffa")
        play_plies(engine, ffa, 8)
        teams = Board()
        play_plies(engine, teams, 4)  # the same engine, switched back to Teams
    assert len(ffa.move_stack) == 8 and len(teams.move_stack) == 4


def test_play_reports_the_last_info() -> None:
    board = Board()
    board.push_move("h2-h3")
    with UciEngine(FOURCHESS_UCI) as engine:
        result = engine.play(board, depth=2)
    assert result.move in board.legal_moves
    info = result.info
    assert info.depth == 2 and info.score is not None and info.nodes and info.nodes > 0
    assert info.pv and info.pv[0] == result.move


def test_play_with_clocks_and_increments() -> None:
    with UciEngine(FOURCHESS_UCI) as engine:
        result = engine.play(Board(), clocks=(1.0, 1.0, 1.0, 1.0), increments=(0.05,) * 4)
    assert result.move in Board().legal_moves


def test_ffa_history_with_a_resignation_sends_the_position_after_it() -> None:
    board = Board(mode="ffa")
    board.push_move("h2-h3")
    board.resign(1)  # Blue leaves: the dialect has no word for it
    after_resign = board.fen4()
    board.push_move("g13-g12")
    assert position_command(board) == f"position fen {after_resign} moves g13-g12"
    with UciEngine(FOURCHESS_UCI, depth=1) as engine:
        play_plies(engine, board, 3)
    assert len(board.move_stack) == 5


def test_position_and_go_commands() -> None:
    board = Board()
    assert position_command(board) == "position startpos"
    board.push_move("h2-h3")
    board.push_move("b7-c7")
    assert position_command(board) == "position startpos moves h2-h3 b7-c7"
    other = Board(board.fen4())
    other.push_move("g13-g12")
    assert position_command(other) == f"position fen {board.fen4()} moves g13-g12"
    assert go_command({"movetime": 0.05}) == "go movetime 50"
    assert go_command({"movetime": 0.0001, "depth": 3}) == "go depth 3 movetime 1"  # never 0 by rounding
    assert go_command({"clocks": (60.0, 1.5, 0.0, 2.0), "increments": (0.1, 0, 0, 0)}) == (
        "go rtime 60000 btime 1500 ytime 0 gtime 2000 rinc 100 binc 0 yinc 0 ginc 0"
    )


def test_options_are_sent_and_checked() -> None:
    with UciEngine(FOURCHESS_UCI, options={"Hash": 8, "Threads": 1}, mode="ffa", depth=1) as engine:
        assert engine.choose_move(Board(mode="ffa")) in Board(mode="ffa").legal_moves
        with pytest.raises(ValueError, match="plays ffa, the board is teams"):
            engine.choose_move(Board())
        with pytest.raises(ValueError, match="refused option Hash.*out of range"):
            engine.configure("Hash", 0)
        with pytest.raises(ValueError, match="has no option 'Ponder'"):
            engine.configure("Ponder", True)


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match="mode"):
        UciEngine(FOURCHESS_UCI, mode="chess")
    with pytest.raises(ValueError, match="depth"):
        UciEngine(FOURCHESS_UCI, depth=0)
    with UciEngine(FOURCHESS_UCI) as engine:
        with pytest.raises(ValueError, match="no depth, nodes or movetime"):
            engine.choose_move(Board())
        with pytest.raises(ValueError, match="clocks needs four"):
            engine.play(Board(), clocks=(1.0, 1.0))
        with pytest.raises(ValueError, match="legal move"):
            engine.play(Board(MODERN_START_FEN4.replace("R-0,0,0,0-", "R-0,1,0,0-", 1)), depth=1)


def test_dropped_engine_is_killed_without_warnings() -> None:
    engine = UciEngine(FOURCHESS_UCI, depth=1)
    process = engine._process
    del engine
    gc.collect()  # __del__ kills; an unclosed pipe would be a ResourceWarning, an error here
    assert process.returncode is not None


# -- engines that fail


def test_illegal_bestmove(tmp_path: Path) -> None:
    with UciEngine(fake_engine(tmp_path, on_go='say("bestmove h2-h5")'), depth=1) as engine:
        with pytest.raises(IllegalEngineMoveError, match="'h2-h5'") as caught:
            engine.choose_move(Board())
        assert caught.value.text == "h2-h5" and caught.value.fen4 == MODERN_START_FEN4
        assert engine.returncode is None  # still in step: the caller decides what comes next


def test_bestmove_none_with_legal_moves(tmp_path: Path) -> None:
    command = fake_engine(tmp_path, on_go='say("info string error: no idea"); say("bestmove (none)")')
    with UciEngine(command, depth=1) as engine:
        with pytest.raises(IllegalEngineMoveError, match=r"gave no move.*error: no idea"):
            engine.choose_move(Board())


def test_huge_bestmove_is_quoted_bounded(tmp_path: Path) -> None:
    with UciEngine(fake_engine(tmp_path, on_go='say("bestmove " + "q" * 100_000)'), depth=1) as engine:
        with pytest.raises(IllegalEngineMoveError) as caught:
            engine.choose_move(Board())
    assert len(str(caught.value)) < 400 and len(caught.value.text) <= 80


def test_refused_position_is_an_engine_error(tmp_path: Path) -> None:
    command = fake_engine(tmp_path, on_position='say("info string error: position: bad FEN4: nope")', on_go="pass")
    with UciEngine(command, depth=1) as engine:
        with pytest.raises(EngineError, match="refused the position: error: position: bad FEN4: nope"):
            engine.choose_move(Board())


def test_refused_go_is_an_engine_error_not_a_wait(tmp_path: Path) -> None:
    command = fake_engine(tmp_path, on_go='say("info string error: go: no position set")')
    start = time.monotonic()
    with UciEngine(command, depth=1) as engine:  # depth alone: no deadline, only the refusal ends the wait
        with pytest.raises(EngineError, match="refused 'go depth 1': error: go: no position set"):
            engine.choose_move(Board())
    assert time.monotonic() - start < HUNG_BOUND_SECONDS


def test_engine_that_never_answers_go_times_out_and_is_killed(tmp_path: Path) -> None:
    engine = UciEngine(fake_engine(tmp_path, on_go="pass"), timeout=0.5, movetime=0.05)
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="no bestmove in time; it was killed"):
        engine.choose_move(Board())
    assert time.monotonic() - start < HUNG_BOUND_SECONDS
    assert engine.returncode is not None
    with pytest.raises(EngineTerminatedError):
        engine.choose_move(Board())
    engine.close()


def test_engine_that_exits_mid_game(tmp_path: Path) -> None:
    command = fake_engine(tmp_path, on_go='say("bestmove h2-h3") if gos == 1 else sys.exit(3)')
    board = Board()
    with UciEngine(command, depth=1) as engine:
        board.push(engine.choose_move(board))
        with pytest.raises(EngineTerminatedError, match="exit status 3") as caught:
            engine.choose_move(board)
    assert caught.value.returncode == 3


def test_garbage_before_uciok_is_skipped(tmp_path: Path) -> None:
    on_uci = "; ".join(
        [
            r'sys.stdout.buffer.write(b"\xff\xfe\x00 not utf-8\r\n" + b"z" * 200_000 + b"\nbestmove a1-a2\n")',
            'say("id name Fake Engine 1")',
            'say("option name Mode type combo default teams var teams var ffa")',
            'say("uciok")',
        ]
    )
    with UciEngine(fake_engine(tmp_path, on_uci=on_uci, on_go='say("bestmove h2-h3")'), depth=1) as engine:
        assert engine.id["name"] == "Fake Engine 1"
        assert engine.choose_move(Board()) == Move.from_str("h2-h3")


def test_engine_that_never_sends_uciok(tmp_path: Path) -> None:
    command = fake_engine(tmp_path, on_uci='say("hello"); say("uciok?")', on_go="pass")
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="no uciok in time"):
        UciEngine(command, timeout=0.5)
    assert time.monotonic() - start < HUNG_BOUND_SECONDS


def test_engine_that_exits_before_uciok(tmp_path: Path) -> None:
    with pytest.raises(EngineTerminatedError, match="exit status 1"):
        UciEngine(fake_engine(tmp_path, on_uci="sys.exit(1)", on_go="pass"))


def test_missing_program(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="cannot start engine"):
        UciEngine([str(tmp_path / "no-such-engine")])


def test_engine_without_mode_cannot_play_ffa(tmp_path: Path) -> None:
    with UciEngine(fake_engine(tmp_path, on_go='say("bestmove h2-h3")'), depth=1) as engine:
        assert engine.choose_move(Board()) == Move.from_str("h2-h3")  # Teams needs no Mode
        with pytest.raises(EngineError, match="no Mode option"):
            engine.choose_move(Board(mode="ffa"))


def test_engine_that_ignores_quit_is_killed_on_close(tmp_path: Path) -> None:
    engine = UciEngine(fake_engine(tmp_path, on_go="pass", on_quit="time.sleep(600)"), timeout=0.5)
    start = time.monotonic()
    engine.close()
    assert time.monotonic() - start < HUNG_BOUND_SECONDS
    assert engine.returncode is not None and engine.returncode < 0  # killed by a signal

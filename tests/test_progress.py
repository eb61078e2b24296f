"""The long commands' progress: a bar on standard error when it is a terminal, none otherwise
(the subprocess tests of each command see no terminal: their output is lines only)."""

from __future__ import annotations

import io
import sys

import pytest

from fourchess import _progress
from fourchess.__main__ import main


class Terminal(io.StringIO):
    """Standard error as a terminal would be: a stream that says it is one."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """Standard error made a terminal for the test's body (set there, after pytest's capture)."""
    monkeypatch.setattr(_progress, "DELAY", 0.0)  # show the bar at once, however quick the run,
    monkeypatch.setattr(_progress, "REDRAW", 0.0)  # and every step of it
    return Terminal()


def run(monkeypatch: pytest.MonkeyPatch, terminal: Terminal, *argv: str) -> int:
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stderr", terminal)
        return main(list(argv))


def test_perft_divide_on_a_terminal_shows_a_bar_over_the_root_moves(capsys, monkeypatch, terminal):
    assert run(monkeypatch, terminal, "perft", "3", "--divide") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len([line for line in lines if line.endswith(" nodes/s)")]) == 20  # every root move still printed
    assert "nodes 7800" in lines  # docs/rules.md §9
    assert "20/20" in terminal.getvalue() and "7,800 nodes" in terminal.getvalue()


def test_perft_on_a_terminal_counts_by_root_move_and_gives_the_same_total(capsys, monkeypatch, terminal):
    assert run(monkeypatch, terminal, "perft", "3", "--game", "martian", "--players", "4") == 0
    out = capsys.readouterr().out
    assert f"nodes {_martian_perft(4, 3)}" in out.splitlines()
    assert " nodes" in terminal.getvalue()  # the bar ran


def test_nothing_but_lines_when_standard_error_is_no_terminal(capsys):
    assert main(["perft", "3", "--divide"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "\r" not in captured.out


def test_a_quiet_match_shows_no_bar(capsys, monkeypatch, terminal):
    assert run(monkeypatch, terminal, "match", "random", "random", "--games", "2", "--max-plies", "8", "--quiet") == 0
    assert terminal.getvalue() == ""
    assert "Teams match, 2 games" in capsys.readouterr().out


def test_a_match_on_a_terminal_carries_its_progress_line_in_the_bar(capsys, monkeypatch, terminal):
    assert run(monkeypatch, terminal, "match", "random", "random", "--games", "2", "--max-plies", "8") == 0
    assert "2/2" in terminal.getvalue() and " Elo " in terminal.getvalue()
    assert "Teams match, 2 games" in capsys.readouterr().out


def _martian_perft(players: int, depth: int) -> int:
    from fourchess.martian import Board

    return Board(players=players).perft(depth)

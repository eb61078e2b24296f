"""Perft cut into subtrees and counted apart (fourchess.perft_split), here on threads: the same
counts as the plain perft, and the checkpoint that lets a long count resume."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fourchess import Board, martian
from fourchess.perft_checkpoint import Checkpoint, CheckpointError
from fourchess.perft_split import SplitPerft, default_split, thread_executor
from support.child_env import child_env


@pytest.mark.parametrize("depth", range(0, 5))
@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_subtrees_add_up_to_perft(depth: int, mode: str) -> None:
    board = Board(mode=mode, setup="classic")
    for split in sorted({default_split(depth), *range(min(depth, 1), min(depth, 3) + 1)}):
        count = SplitPerft(board, depth, split)
        lines = dict(count.run(thread_executor(2)))
        assert sum(count.counts.values()) == board.perft(depth), split
        if depth:
            assert lines == {str(move): nodes for move, nodes in board.divide(depth).items()}


def test_martian_subtrees_add_up_to_perft() -> None:
    for players in (2, 4):
        board = martian.Board(players=players)
        assert SplitPerft(board, 4).total(thread_executor(2)) == board.perft(4)


@pytest.mark.parametrize("split", [-1, 5, True, 1.0, "2"])
def test_a_split_outside_the_tree_is_refused(split: object) -> None:
    with pytest.raises(ValueError, match="split must be from 1 to the depth"):
        SplitPerft(Board(), 4, split)  # type: ignore[arg-type]


@pytest.mark.parametrize("threads", [0, 257, True])
def test_thread_counts_are_checked(threads: object) -> None:
    with pytest.raises(ValueError, match="threads must be from 1 to 256"):
        thread_executor(threads)  # type: ignore[arg-type]


def test_a_line_cut_short_is_counted_again(tmp_path: Path) -> None:
    board = Board()
    path = str(tmp_path / "cut.jsonl")
    count = SplitPerft(board, 4)
    with Checkpoint(path, count) as saved:
        for _ in count.run(thread_executor(2), None, saved.save):
            pass
    text = Path(path).read_text()
    Path(path).write_text(text[: len(text) - 9])  # killed while writing the last line
    again = SplitPerft(board, 4)
    with Checkpoint(path, again) as saved:
        assert len(saved.known) == len(count.subtrees) - 1
        assert again.total(thread_executor(1), saved.known) == 152050
    assert Path(path).read_text().count("\n") == len(count.subtrees) + 1  # the header and each subtree once


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda: SplitPerft(Board(), 5), "depth"),
        (lambda: SplitPerft(Board(mode="ffa"), 4), "rules"),
        (lambda: SplitPerft(Board(setup="classic"), 4), "position"),
        (lambda: SplitPerft(Board(), 4, split=3), "split"),
        (lambda: SplitPerft(martian.Board(), 4), "game"),
    ],
)
def test_the_checkpoint_of_another_count_is_refused(tmp_path: Path, change, field: str) -> None:
    path = str(tmp_path / "other.jsonl")
    Checkpoint(path, SplitPerft(Board(), 4)).close()
    with pytest.raises(CheckpointError, match=f"its {field} is"):
        Checkpoint(path, change())


@pytest.mark.parametrize(
    "text", ["not json\n", '{"format": "something else"}\n', '{"format": "fourchess perft checkpoint 1"', "\x00" * 50]
)
def test_a_file_that_is_no_checkpoint_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(CheckpointError):
        Checkpoint(str(path), SplitPerft(Board(), 3))


def test_a_bad_line_inside_the_checkpoint_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "bad.jsonl")
    count = SplitPerft(Board(), 3)
    Checkpoint(path, count).close()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"path": ["d2-d3", "z9-z1"], "nodes": 5}\n{"path": ["d2-d3", "b4-d4"], "nodes": 20}\n')
    with pytest.raises(CheckpointError, match="line 2"):
        Checkpoint(path, SplitPerft(Board(), 3))


def test_the_command_resumes_from_its_checkpoint_without_ray(tmp_path: Path) -> None:
    checkpoint = tmp_path / "perft4.jsonl"
    command = [sys.executable, "-m", "fourchess", "perft", "4", "--checkpoint", str(checkpoint), "--threads", "2"]
    first = subprocess.run(command, capture_output=True, text=True, env=child_env(), timeout=120)
    assert first.returncode == 0, first.stderr
    assert "nodes 152050" in first.stdout.splitlines()
    again = subprocess.run([*command, "--divide"], capture_output=True, text=True, env=child_env(), timeout=120)
    assert again.returncode == 0, again.stderr
    assert "resuming from" in again.stderr and "395 of 395 subtrees counted (152,050 nodes)" in again.stderr
    assert "nodes 152050" in again.stdout.splitlines()
    assert "d2-d3 7800  (from the checkpoint)" in again.stdout.splitlines()

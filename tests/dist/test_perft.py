"""Perft on a real Ray cluster: the published counts, the local divide subtree by subtree, for
both games; a worker killed mid-count; a count interrupted and resumed from its checkpoint."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest

from fourchess import Board, martian
from fourchess.dist import perft as dist_perft
from fourchess.perft_checkpoint import Checkpoint, CheckpointError
from fourchess.perft_split import Counted, SplitPerft, thread_executor
from support.child_env import child_env
from support.fen4 import fen4
from support.tables import DATA, perft_rows, real_fen4s


def _local_divide(board, depth):
    return {str(move): count for move, count in board.divide(depth).items()}


@pytest.mark.parametrize(
    "row", [pytest.param(row, id=f"{row.setup}-{row.mode}-{row.depth}") for row in perft_rows() if row.depth >= 5]
)
def test_published_counts(ray_cluster: ModuleType, row) -> None:
    board = Board(mode=row.mode, setup=row.setup)
    assert dist_perft.perft(board, row.depth) == row.nodes


def _martian_rows():
    for line in (DATA / "martian_perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            players, depth, nodes = map(int, line.split())
            yield players, depth, nodes


@pytest.mark.parametrize("players, depth, nodes", list(_martian_rows()))
def test_martian_counts(ray_cluster: ModuleType, players: int, depth: int, nodes: int) -> None:
    assert dist_perft.perft(martian.Board(players=players), depth) == nodes


@pytest.mark.parametrize("mode", ["teams", "ffa"])
@pytest.mark.parametrize("fen4, note", real_fen4s()[:6])
def test_divide_equals_the_local_divide(ray_cluster: ModuleType, fen4: str, note: str, mode: str) -> None:
    """Real mid-game positions (castling rights, en passant, points): the root moves' counts, and
    at a deeper cut every subtree's, equal the local count."""
    board = Board(fen4, mode=mode)
    assert dist_perft.divide(board, 3) == _local_divide(board, 3)


def test_every_subtree_equals_its_local_count(ray_cluster: ModuleType) -> None:
    board = Board(mode="ffa")
    count = SplitPerft(board, 5, split=2)
    list(count.run(dist_perft.ray_executor()))
    assert len(count.counts) == 395
    for path, nodes in count.counts.items():
        below = Board(mode="ffa")
        for text in path:
            below.push_move(text)
        assert nodes == below.perft(3), path


def test_martian_divide_equals_the_local_divide(ray_cluster: ModuleType) -> None:
    for players in (2, 4):
        board = martian.Board(players=players)
        for _ in range(3):  # a few plies in: pieces already in the other zones
            board.push(next(iter(board.divide(1))))
        assert dist_perft.divide(board, 4) == _local_divide(board, 4)


def test_depth_zero_and_one(ray_cluster: ModuleType) -> None:
    board = Board()
    assert dist_perft.divide(board, 0) == {"": 1}
    assert dist_perft.divide(board, 1) == _local_divide(board, 1)


# Red's bare king on h1 boxed in by Blue's rook d2 and Green's knights (tests/rules/test_teams_game_end.py);
# Green's rook k8 mates on h8 when its turn comes.
BOXED = {"h1": "rK", "a7": "bK", "d2": "bR", "g14": "yK", "n8": "gK", "f3": "gN", "j3": "gN"}


def test_games_that_end_inside_the_cut_have_nothing_below(ray_cluster: ModuleType) -> None:
    """Green mates on the third ply: paths cut there lead to empty subtrees, as the local count has it."""
    board = Board(fen4(dict(BOXED, k8="gR"), "B"), mode="teams")
    for split in (1, 2, 3):
        assert dist_perft.divide(board, 4, split=split) == _local_divide(board, 4)
    assert dist_perft.divide(board, 4) != {}


def test_a_finished_game_counts_nothing(ray_cluster: ModuleType) -> None:
    stalemate = Board(fen4(BOXED, "R"), mode="teams")
    assert dist_perft.divide(stalemate, 3) == {} == _local_divide(stalemate, 3)
    assert dist_perft.perft(stalemate, 3) == 0 == stalemate.perft(3)


def test_counts_from_a_board_with_history_equal_its_local_count(ray_cluster: ModuleType) -> None:
    board = Board(mode="ffa")
    for text in ("h2-h3", "b7-c7", "g13-g12", "m8-l8"):
        board.push_move(text)
    assert dist_perft.perft(board, 4) == board.perft(4)


def _perft_workers() -> list[int]:
    found = subprocess.run(["ps", "-eo", "pid=,args="], capture_output=True, text=True, check=True).stdout
    return [int(line.split()[0]) for line in found.splitlines() if "ray::fourchess perft" in line]


def test_a_killed_worker_is_retried_and_counted_once(ray_cluster: ModuleType) -> None:
    """Workers are killed (SIGKILL) while they count; Ray runs their tasks again, and the total
    is still the local count: nothing lost, nothing counted twice."""
    board = Board()
    expected = board.perft(6, threads=2)
    killed: list[int] = []
    finished = threading.Event()

    def kill_some() -> None:
        deadline = time.monotonic() + 60
        while len(killed) < 2 and not finished.is_set() and time.monotonic() < deadline:
            for pid in _perft_workers():
                if pid not in killed:
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    break
            time.sleep(0.05)

    killer = threading.Thread(target=kill_some)
    killer.start()
    try:
        total = dist_perft.perft(board, 6, split=1)  # 20 tasks of a few million nodes each
    finally:
        finished.set()
        killer.join()
    assert killed, "no worker was seen counting"
    assert total == expected


def test_a_resumed_count_equals_an_uninterrupted_one(ray_cluster: ModuleType, tmp_path: Path) -> None:
    board = Board(mode="ffa")
    checkpoint = str(tmp_path / "perft5.jsonl")
    first = SplitPerft(board, 5)
    with Checkpoint(checkpoint, first) as saved:
        stopped_after = 0
        for _ in first.run(dist_perft.ray_executor(), saved.known, saved.save):
            stopped_after += 1
            if stopped_after == 7:  # seven root moves counted: stop, as an interrupted run does
                break
    kept = len(first.counts)
    assert 0 < kept < len(first.subtrees)

    second = SplitPerft(board, 5)
    counted_again: list[Counted] = []
    with Checkpoint(checkpoint, second) as saved:
        assert len(saved.known) == kept
        lines = dict(
            second.run(dist_perft.ray_executor(), saved.known, lambda c: (saved.save(c), counted_again.append(c)))
        )
    assert len(counted_again) == len(second.subtrees) - kept
    assert lines == _local_divide(board, 5)
    assert sum(lines.values()) == 3452310  # docs/rules.md §9
    with Checkpoint(checkpoint, SplitPerft(board, 5)) as saved:
        assert saved.known == second.counts


def _fourchess(*arguments: str, **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourchess", *arguments], capture_output=True, text=True, env=child_env(), **options
    )


def _divide_lines(output: str) -> dict[str, int]:
    lines = {}
    for line in output.splitlines():
        if line.endswith(("nodes/s)", "(from the checkpoint)")):
            move, count = line.split()[:2]
            lines[move] = int(count)
    return lines


def test_the_command_divides_as_the_local_one(ray_address: str) -> None:
    local = _fourchess("perft", "4", "--divide", "--mode", "ffa", timeout=120)
    spread = _fourchess("perft", "4", "--divide", "--mode", "ffa", "--ray", "--address", ray_address, timeout=120)
    assert local.returncode == 0 and spread.returncode == 0, spread.stderr
    assert _divide_lines(spread.stdout) == _divide_lines(local.stdout) != {}
    assert list(_divide_lines(spread.stdout)) == list(_divide_lines(local.stdout))  # the same order
    assert "nodes 152050" in spread.stdout.splitlines()


def test_the_command_resumes_after_an_interruption(ray_address: str, tmp_path: Path) -> None:
    checkpoint = tmp_path / "perft6.jsonl"
    arguments = ("perft", "6", "--ray", "--address", ray_address, "--checkpoint", str(checkpoint), "--divide")
    running = subprocess.Popen(
        [sys.executable, "-m", "fourchess", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not checkpoint.exists() or checkpoint.read_text().count("\n") < 30):
            time.sleep(0.1)
        running.send_signal(signal.SIGINT)
        out, err = running.communicate(timeout=60)
    finally:
        running.kill()
    assert running.returncode == 130, (running.returncode, err[-3000:])
    assert "the same command resumes" in err
    kept = checkpoint.read_text().count("\n") - 1
    assert 30 <= kept < 395

    resumed = _fourchess(*arguments, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming from {checkpoint}: {kept} of 395 subtrees" in resumed.stderr
    assert "nodes 77430383" in resumed.stdout.splitlines()  # docs/rules.md §9
    assert len(_divide_lines(resumed.stdout)) == 20


def test_ray_options_without_the_extra_name_it(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from fourchess.__main__ import main

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as it does without the extra
    assert main(["perft", "3", "--ray"]) == 2
    assert "pip install 'fourchess[ray]'" in capsys.readouterr().err


def test_address_without_ray_is_refused(capsys) -> None:
    from fourchess.__main__ import main

    assert main(["perft", "3", "--address", "127.0.0.1:6379"]) == 2
    assert "--address is the Ray cluster's" in capsys.readouterr().err

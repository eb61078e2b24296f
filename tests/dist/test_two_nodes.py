"""Perft on a cluster of two nodes (two raylets on 127.0.0.1's machine): the tasks really spread
over both, and the count and the command's divide are the local ones."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fourchess import Board
from support.child_env import child_env
from support.ray_cluster import require_ray

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("mode", ["teams", "ffa"])
def test_perft_spreads_over_two_nodes(mode: str) -> None:
    require_ray()
    done = subprocess.run(
        [sys.executable, str(HERE / "two_nodes.py"), mode], capture_output=True, text=True, timeout=600, env=child_env()
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["nodes_alive"] == 2
    assert len(report["counted_on"]) == 2, "every task ran on one node"
    local = {str(move): count for move, count in Board(mode=mode).divide(5).items()}
    assert report["divide"] == local
    assert report["command_status"] == 0, report["command_err"]
    assert "nodes 3452310" in report["command_out"].splitlines()  # docs/rules.md §9
    shown = [line.split()[:2] for line in report["command_out"].splitlines() if "nodes/s)" in line]
    assert {move: int(count) for move, count in shown} == local

"""The cluster the tests run on is a real Ray one, and fourchess.dist joins it."""

from __future__ import annotations

import socket
import subprocess
import sys
from types import ModuleType

import pytest

from fourchess.dist import ClusterUnreachable, connect
from support.child_env import child_env
from support.ray_cluster import require_ray


def test_connect_joins_the_running_cluster(ray_cluster: ModuleType) -> None:
    assert connect() is ray_cluster
    assert ray_cluster.cluster_resources()["CPU"] == 2

    @ray_cluster.remote
    def square(number: int) -> int:
        return number * number

    assert ray_cluster.get([square.remote(number) for number in range(5)]) == [0, 1, 4, 9, 16]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # free once the probe is closed: nothing listens there


@pytest.mark.parametrize("command", [["perft", "3"], ["selfplay", "--games", "1", "--output", "unused.parquet"]])
def test_an_address_where_no_cluster_answers_is_refused_at_once(command: list[str], tmp_path) -> None:
    require_ray()
    address = f"127.0.0.1:{_closed_port()}"
    done = subprocess.run(
        [sys.executable, "-m", "fourchess", *command, "--ray", "--address", address],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=child_env(),
    )
    assert done.returncode == 2
    assert f"no Ray cluster answers at '{address}'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("address", ["6379", "host:", ":6379", "host:99999", "host:port"])
def test_an_address_that_is_not_host_and_port_is_refused(address: str) -> None:
    require_ray()
    from fourchess.dist.cluster import _check_answers

    with pytest.raises(ClusterUnreachable, match="HOST:PORT"):
        _check_answers(address)

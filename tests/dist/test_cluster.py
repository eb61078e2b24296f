"""The cluster the tests run on is a real Ray one, and fourchess.dist joins it."""

from __future__ import annotations

from types import ModuleType

from fourchess.dist import connect


def test_connect_joins_the_running_cluster(ray_cluster: ModuleType) -> None:
    assert connect() is ray_cluster
    assert ray_cluster.cluster_resources()["CPU"] == 2

    @ray_cluster.remote
    def square(number: int) -> int:
        return number * number

    assert ray_cluster.get([square.remote(number) for number in range(5)]) == [0, 1, 4, 9, 16]

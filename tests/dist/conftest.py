"""One real local Ray cluster for the distributed tests, started once per test session (two
CPUs, as this machine has) and shut down at its end."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from support.ray_cluster import OBJECT_STORE_BYTES, require_ray


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[ModuleType]:
    """Ray, joined to a new local cluster of this session's own (``address="local"``: never a
    cluster some other run left behind)."""
    ray = require_ray()
    ray.init(
        address="local",
        num_cpus=2,
        object_store_memory=OBJECT_STORE_BYTES,
        include_dashboard=False,
        logging_level="WARNING",
        log_to_driver=False,
    )
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.fixture(scope="session")
def ray_address(ray_cluster: ModuleType) -> str:
    """The session cluster's address (``HOST:PORT`` of its head), for a child process to join it
    by ``--address``."""
    address: str = ray_cluster.get_runtime_context().gcs_address
    return address

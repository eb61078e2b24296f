"""Finding Ray and joining a cluster: the one place that imports Ray for the library."""

from __future__ import annotations

import socket
from types import ModuleType

from fourchess._quote import quoted

INSTALL_HINT = "pip install 'fourchess[ray]'"
ANSWER_SECONDS = 10.0  # how long a head named by HOST:PORT may take to accept a connection


class RayMissing(ImportError):
    """Ray is not installed: the ``--ray`` options and :mod:`fourchess.dist` need the extra."""


class ClusterUnreachable(ValueError):
    """An address that names no Ray head: not ``HOST:PORT``, or nothing answers there."""


def ray_module() -> ModuleType:
    """The ``ray`` package, or :class:`RayMissing` naming the extra that brings it."""
    try:
        import ray
    except ImportError as error:
        raise RayMissing(f"running on a Ray cluster needs the ray extra ({INSTALL_HINT}): {error}") from error
    return ray


def connect(address: str | None = None) -> ModuleType:
    """Ray, joined to a cluster: the one this process already joined, else ``address`` (``HOST:PORT``
    of a head started by ``ray start --head``, or ``"auto"``), else Ray's own choice (``RAY_ADDRESS``,
    then the cluster last started on this machine, then a new one for this process alone).
    Returns the ``ray`` module."""
    ray = ray_module()
    if not ray.is_initialized():
        if address is not None and address not in ("auto", "local") and "://" not in address:
            _check_answers(address)
        ray.init(address=address, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    return ray


def _check_answers(address: str) -> None:
    """Refuses at once an address where no head listens, which Ray itself would retry for minutes."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterUnreachable(f"a Ray cluster's address is HOST:PORT (or auto), got {quoted(address)}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=ANSWER_SECONDS):
            pass
    except OSError as error:
        raise ClusterUnreachable(
            f"no Ray cluster answers at {quoted(address)} ({error.strerror or error}); start one with "
            "`ray start --head` there, or leave the address out to start one for this run"
        ) from None

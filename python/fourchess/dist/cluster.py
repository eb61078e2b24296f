"""Finding Ray and joining a cluster: the one place that imports Ray for the library."""

from __future__ import annotations

from types import ModuleType

INSTALL_HINT = "pip install 'fourchess[ray]'"


class RayMissing(ImportError):
    """Ray is not installed: the ``--ray`` options and :mod:`fourchess.dist` need the extra."""


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
        ray.init(address=address, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    return ray

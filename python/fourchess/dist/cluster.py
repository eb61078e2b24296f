"""Finding Ray and joining a cluster: the one place that imports Ray for the library."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from fourchess._quote import quoted
from fourchess.pgn4.errors import shortened

INSTALL_HINT = "pip install 'fourchess[ray]'"
ANSWER_SECONDS = 10.0  # how long a head named by HOST:PORT may take to accept a connection


class RayMissing(ImportError):
    """Ray is not installed: the ``--ray`` options and :mod:`fourchess.dist` need the extra."""


class ClusterUnreachable(ValueError):
    """An address that names no Ray head: not ``HOST:PORT``, or nothing answers there."""


class ClusterTaskFailed(RuntimeError):
    """Work that failed on the cluster for the cluster's reasons: a worker that died on every
    retry, or a node whose fourchess is missing or another version."""


def ray_module() -> ModuleType:
    """The ``ray`` package, or :class:`RayMissing` naming the extra that brings it."""
    if "ray" not in sys.modules:  # Ray reads its authentication mode as it is imported
        _offer_token()
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
        try:
            ray.init(address=address, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
        except ConnectionError as error:
            raise ClusterUnreachable(f"could not join the Ray cluster: {shortened(str(error))}") from None
    return ray


def _offer_token() -> None:
    """``ray start --head`` (Ray 2.59 and newer) turns token authentication on and keeps the
    token in ~/.ray/auth_token, but a program that joins by address sends it only with
    RAY_AUTH_MODE=token (a cluster that ray.init starts uses it anyway). Where a token is at hand
    and the mode is not chosen, it is sent; a head without authentication ignores it."""
    if "RAY_AUTH_MODE" in os.environ:
        return
    has_token = "RAY_AUTH_TOKEN" in os.environ or "RAY_AUTH_TOKEN_PATH" in os.environ
    if has_token or (Path.home() / ".ray" / "auth_token").is_file():
        os.environ["RAY_AUTH_MODE"] = "token"


def task_result(ray: ModuleType, reference: Any, what: str) -> Any:
    """The result of a task or actor call; its own ValueError is raised as it is, a failure of
    the cluster's (a worker dead on every retry, a node without this fourchess) as
    :class:`ClusterTaskFailed` naming ``what``."""
    try:
        return ray.get(reference)
    except ray.exceptions.RayTaskError as error:
        if isinstance(error.cause, ValueError):
            raise error.cause from None
        raise ClusterTaskFailed(_failure(what, error.cause)) from error
    except ray.exceptions.RayError as error:
        raise ClusterTaskFailed(_failure(what, error)) from error


def _failure(what: str, error: BaseException) -> str:
    """One line: what failed and why (Ray's messages carry whole tracebacks after the first line)."""
    first = (str(error).strip().splitlines() or [""])[0]
    line = f"{what} failed on the cluster: {type(error).__name__}: {shortened(first)}"
    if isinstance(error, ImportError) or "No module named" in first:
        line += f"; every node needs this machine's fourchess ({INSTALL_HINT} there)"
    return line


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

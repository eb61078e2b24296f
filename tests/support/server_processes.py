"""Real servers for the tests, on 127.0.0.1: the app in a thread of this process (so a test can
hold its clock), or ``fourchess serve`` as a process of its own (so a test can kill it)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

START_TIMEOUT = 30.0


class ThreadServer:
    """The real application under uvicorn on a loopback socket, run by an event loop in a thread.
    ``clock`` (e.g. a FakeClock) is the hub's; ``advance`` moves it inside the server's loop and
    waits until the rooms have done what fell due."""

    def __init__(
        self,
        db_url: str,
        clock: Any = None,
        cpu_workers: int = 1,
        limits: Any = None,
        cpu: Any = None,
        busy_seconds: float | None = None,
    ) -> None:
        self.db_url = db_url
        self.cpu = cpu  # a CpuPlayers of the test's own, made in the server's thread by this function
        self.limits = limits
        self.busy_seconds = busy_seconds
        self.clock = clock
        self.cpu_workers = cpu_workers
        self.hub: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._run, name="fourchess-test-server", daemon=True)
        self._started = threading.Event()
        self._failed: BaseException | None = None

    def start(self) -> ThreadServer:
        self._thread.start()
        if not self._started.wait(START_TIMEOUT) or self._failed is not None:
            self._sock.close()
            raise RuntimeError(f"the test server did not start: {self._failed!r}")
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # reported to start() or stop()
            self._failed = error
            self._started.set()

    async def _main(self) -> None:
        import uvicorn

        from fourchess.server.app import create_app, server_options
        from fourchess.server.cpu import CpuPlayers
        from fourchess.server.hub import Hub
        from fourchess.server.store import open_store

        self._loop = asyncio.get_running_loop()
        origin = os.urandom(8).hex()
        self.hub = Hub(
            open_store(self.db_url, origin=origin, busy_seconds=self.busy_seconds),
            clock=self.clock,
            cpu=self.cpu() if self.cpu is not None else CpuPlayers(self.cpu_workers),
            origin=origin,
            limits=self.limits,
        )
        config = uvicorn.Config(create_app(self.hub), log_level="warning", **server_options(self.hub.limits))
        self._server = uvicorn.Server(config)
        self._sock.listen(128)
        serving = asyncio.ensure_future(self._server.serve(sockets=[self._sock]))
        while not self._server.started and not serving.done():
            await asyncio.sleep(0.01)
        self._started.set()
        await serving

    def call(self, work: Callable[[], Any]) -> Any:
        """Run ``work()`` in the server's loop (awaiting it if it returns an awaitable)."""
        assert self._loop is not None

        async def run() -> Any:
            result = work()
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                result = await result
            return result

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(START_TIMEOUT)

    def idle(self) -> None:
        """Wait until every room's own work (CPU moves, timeouts) is done, and what it sent is out."""

        async def settle() -> None:
            while True:
                rooms = list(self.hub.rooms.values())
                for room in rooms:
                    await room.idle()
                    for conn in list(room.connections):
                        await conn.flush()
                await asyncio.sleep(0)  # callbacks the work scheduled get their turn
                if not any(room.driver.busy for room in rooms):
                    return

        self.call(settle)

    def advance(self, seconds: float) -> None:
        """Move the fake clock on and let the rooms act on it."""
        self.call(lambda: self.clock.advance(seconds))
        self.idle()

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        self._thread.join(START_TIMEOUT)
        self._sock.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ProcessServer:
    """``python -m fourchess serve`` on a free loopback port, as a process a test may SIGKILL."""

    def __init__(self, db_url: str, log: Path, options: tuple[str, ...] = (), open_files: int | None = None) -> None:
        self.db_url = db_url
        self.options = options  # more `fourchess serve` options, e.g. ("--limit", "max_rooms=10")
        self.open_files = open_files  # the process's limit on open files, soft and hard, when set
        self.log = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ProcessServer:
        command = [
            sys.executable,
            "-m",
            "fourchess",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--log-level",
            "warning",
            *self.options,
        ]
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=dict(os.environ),
                preexec_fn=self._limit_files if self.open_files else None,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"fourchess serve exited with {self.process.returncode}: {self.log.read_text()[-2000:]}"
                )
            try:
                if httpx.get(self.url + "/healthz", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"fourchess serve did not answer within {START_TIMEOUT} s: {self.log.read_text()[-2000:]}")

    def _limit_files(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(START_TIMEOUT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(START_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()

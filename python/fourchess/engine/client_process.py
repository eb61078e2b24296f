"""An engine program as a subprocess whose lines are read and written by helper threads.

The caller never blocks on the pipes: a reader thread queues the engine's lines and a writer
thread feeds its input, so waiting always has a deadline and a hung engine is simply killed.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Sequence

from fourchess._quote import quoted
from fourchess.engine.client_errors import EngineError, EngineTerminatedError, EngineTimeoutError

MAX_LINE_BYTES = 1 << 16  # a longer line is cut here; the rest of it is dropped
QUEUED_LINES = 10_000  # lines read ahead of the caller; past this the engine waits on its pipe
_EOF = None


class EngineProcess:
    """The running program: ``send`` a line, ``read_line`` with a deadline, ``close``/``kill``."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        try:
            # Its own process group, so a kill also reaches whatever a wrapper script started.
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=os.name == "posix"
            )
        except (OSError, ValueError) as error:
            raise EngineError(f"cannot start engine {quoted(' '.join(self.argv))}: {error}") from error
        self._lines: queue.Queue[str | None] = queue.Queue(QUEUED_LINES)
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._closing = threading.Event()
        self._write_failed = False
        self._reader = threading.Thread(target=self._read_all, name="fourchess-engine-reader", daemon=True)
        self._writer = threading.Thread(target=self._write_all, name="fourchess-engine-writer", daemon=True)
        self._reader.start()
        self._writer.start()

    @property
    def returncode(self) -> int | None:
        return self._process.poll()

    def send(self, line: str) -> None:
        if self._write_failed or self._closing.is_set():
            raise EngineTerminatedError(f"engine {self.name} no longer reads its input", self.returncode)
        self._outbox.put((line + "\n").encode("utf-8"))

    def read_line(self, deadline: float | None) -> str:
        """The next line (without its end of line); EngineTimeoutError once ``deadline``
        (``time.monotonic()``) passes, EngineTerminatedError at the end of the engine's output."""
        try:
            if deadline is None:
                line = self._lines.get()
            else:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineTimeoutError(f"engine {self.name} did not answer in time") from None
        if line is _EOF:
            self._lines.put(_EOF)  # every later read sees the end too
            raise EngineTerminatedError(f"engine {self.name} ended{self._exit_text()}", self.returncode)
        return line

    def pending_lines(self) -> list[str]:
        """The lines already read and not yet taken (the end of output stays queued)."""
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return lines
            if line is _EOF:
                self._lines.put(_EOF)
                return lines
            lines.append(line)

    def close(self, timeout: float) -> None:
        """Sends ``quit``, waits up to ``timeout`` seconds for the exit, then kills."""
        if self._process.poll() is None and not self._write_failed:
            self._outbox.put(b"quit\n")
        self._closing.set()
        self._outbox.put(None)
        try:
            self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        """Ends the process (and its group) now and releases the pipes; safe to repeat."""
        self._closing.set()
        self._outbox.put(None)
        if self._process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self._process.pid, signal.SIGKILL)
                else:
                    self._process.kill()
            except (ProcessLookupError, PermissionError):
                self._process.kill()
        self._process.wait()
        self._writer.join(1.0)
        self._reader.join(1.0)
        if not self._reader.is_alive():  # a reader still blocked would hang on its file's lock
            self._process.stdout.close()  # type: ignore[union-attr]

    @property
    def name(self) -> str:
        return quoted(" ".join(self.argv))

    def _exit_text(self) -> str:
        try:
            code = self._process.wait(1.0)
        except subprocess.TimeoutExpired:
            return " its output (still running)"
        return f" (exit status {code})"

    def _read_all(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        cut = False  # inside an over-long line whose start was already queued
        try:
            while True:
                data = stream.readline(MAX_LINE_BYTES)
                if not data:
                    break
                whole = data.endswith(b"\n")
                if not cut:
                    self._queue(data.decode("utf-8", errors="replace").rstrip("\r\n"))
                cut = not whole
        except (OSError, ValueError):  # the pipe was closed under us
            pass
        self._queue(_EOF, force=True)

    def _queue(self, line: str | None, *, force: bool = False) -> None:
        while True:
            try:
                self._lines.put(line, timeout=0.1)
                return
            except queue.Full:
                if self._closing.is_set():  # nobody will read: drop the oldest to make room
                    if not force:
                        return
                    try:
                        self._lines.get_nowait()
                    except queue.Empty:
                        pass

    def _write_all(self) -> None:
        stream = self._process.stdin
        assert stream is not None
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):  # the engine closed its input or died
                self._write_failed = True
                break
        try:
            stream.close()
        except OSError:
            pass

"""A UCI conversation for tests: send a line, read the engine's lines with a deadline.

The same session drives ``python -m fourchess uci`` as a real subprocess or the loop in this
process (on a pair of pipes), so every transcript test runs both ways.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time

from fourchess.engine.uci import UciLoop

WAIT_SECONDS = 60.0  # far beyond any answer at depth 1-2; only a hung engine reaches it
# Every line the engine may print; anything else (a traceback, a stray print) fails the test.
PROTOCOL_LINE = re.compile(
    r"id (name|author) .+|option name \w+ type .+|uciok|readyok|bestmove \S+"
    r"|info string .*"
    r"|info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+( pv( \S+)+)?"
)


class UciSession:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        if kind == "subprocess":
            self.process = subprocess.Popen(
                [sys.executable, "-m", "fourchess", "uci"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            self._input, output = self.process.stdin, self.process.stdout
        else:
            command_read, command_write = os.pipe()
            answer_read, answer_write = os.pipe()
            self._loop_in = open(command_read, encoding="utf-8", errors="replace")
            self._loop_out = open(answer_write, "w", encoding="utf-8")
            self._input, output = open(command_write, "wb"), open(answer_read, "rb")
            self.exit_code: list[int] = []
            self.loop = threading.Thread(
                target=lambda: self.exit_code.append(UciLoop(self._loop_in, self._loop_out).run())
            )
            self.loop.start()
        self._output = output
        self._reader = threading.Thread(target=self._read_all, daemon=True)
        self._reader.start()

    def send(self, *lines: str | bytes) -> None:
        for line in lines:
            data = line if isinstance(line, bytes) else line.encode("utf-8")
            self._input.write(data + b"\n")
        self._input.flush()

    def read_line(self, timeout: float = WAIT_SECONDS) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer within {timeout} s; so far: {self.seen[-5:]}") from None
        if line is None:
            raise AssertionError(f"the engine's output ended; so far: {self.seen[-5:]}")
        return line

    def until(self, prefix: str, timeout: float = WAIT_SECONDS) -> list[str]:
        """The lines up to and including the first that starts with ``prefix``."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            line = self.read_line(max(0.0, deadline - time.monotonic()))
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def exchange(self, *lines: str) -> list[str]:
        """Sends ``lines`` then ``isready``: every line answered up to the ``readyok``."""
        self.send(*lines, "isready")
        return self.until("readyok")[:-1]

    def finish(self, *, eof: bool = False) -> list[str]:
        """Ends the session with ``quit`` (or by closing the input); the lines not yet read."""
        if not eof:
            self.send("quit")
        self._input.close()
        if self.kind == "subprocess":
            self.process.wait(WAIT_SECONDS)
            self.stderr = self.process.stderr.read().decode("utf-8", errors="replace")
            self.process.stderr.close()
            self.returncode = self.process.returncode
        else:
            self.loop.join(WAIT_SECONDS)
            assert not self.loop.is_alive(), "the loop did not end"
            self._loop_in.close()
            self._loop_out.close()
            self.stderr = ""
            self.returncode = self.exit_code[0]
        self._reader.join(WAIT_SECONDS)
        self._output.close()
        rest = []
        while (line := self.lines.get_nowait()) is not None:
            rest.append(line)
        return rest

    def _read_all(self) -> None:
        for data in self._output:
            line = data.decode("utf-8").rstrip("\n")
            self.seen.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def kill(self) -> None:
        """For a failed test: leave nothing running."""
        if self.kind == "subprocess" and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

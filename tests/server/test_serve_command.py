"""The ``fourchess serve`` command: one command gives a working site (an SQLite file in a data
directory it makes), and bad options are refused with a message, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from support.server_processes import START_TIMEOUT, free_port


def test_with_no_db_it_keeps_games_in_the_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "data" / "fourchess"  # not there yet: the command makes it
    port = free_port()
    env = {**os.environ, "FOURCHESS_DATA": str(data)}
    process = subprocess.Popen(
        [sys.executable, "-m", "fourchess", "serve", "--port", str(port), "--log-level", "warning"], env=env
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.05)
        assert answer.json() == {"ok": True, "db": "sqlite"}
        assert httpx.post(f"http://127.0.0.1:{port}/api/games", json={}).status_code == 201
        assert (data / "fourchess.sqlite3").is_file()
    finally:
        process.terminate()
        process.wait(START_TIMEOUT)


def test_bad_options_are_refused_by_name() -> None:
    for option, named in (
        (["--port", "99999"], "--port"),
        (["--db", "mysql://x"], "mysql://x"),
        (["--cpu-workers", "0"], "--cpu-workers"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "fourchess", "serve", *option], capture_output=True, text=True, timeout=START_TIMEOUT
        )
        assert done.returncode == 2 and named in done.stderr and "Traceback" not in done.stderr

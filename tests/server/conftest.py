"""Fixtures for the server tests: real servers on 127.0.0.1 over real databases (the throwaway
PostgreSQL server lives in tests/support/postgres.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need the server extra: pip install '.[server]'")

from fourchess.server.clock import FakeClock  # noqa: E402
from support.browser_pages import GamePage, require_browser, start_chromium, temporary_profile  # noqa: E402
from support.postgres import fresh_postgres_url, postgres_cluster, postgres_url  # noqa: E402, F401  (fixtures)
from support.server_client import Api  # noqa: E402
from support.server_processes import ProcessServer, ThreadServer  # noqa: E402
from support.stores import store_url  # noqa: E402, F401  (fixture: each store test once per backend)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Iterator[ThreadServer]:
    """The app on loopback over an SQLite file, its clock the test's FakeClock."""
    served = ThreadServer(f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock).start()
    yield served
    served.stop()


@pytest.fixture
def api(server: ThreadServer) -> Iterator[Api]:
    client = Api(server.url)
    yield client
    client.close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[ProcessServer]:
    """``fourchess serve`` as its own process over an SQLite file (with the real clock)."""
    served = ProcessServer(f"sqlite:///{tmp_path / 'live.sqlite3'}", tmp_path / "serve.log").start()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """Headless Chromium through chromedriver (the browser tests), one per test module."""
    chromium, chromedriver = require_browser()
    with temporary_profile() as profile:
        browser = start_chromium(chromium, chromedriver, profile)
        try:
            yield browser
        finally:
            browser.quit()


@pytest.fixture
def pages(driver: Any) -> Iterator[list[GamePage]]:
    """The windows a test opens; closed afterwards, leaving the driver's first window."""
    opened: list[GamePage] = []
    yield opened
    for page in opened:
        page.close()
    driver.switch_to.window(driver.window_handles[0])

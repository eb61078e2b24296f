"""Differential tests: the random games' event counts go to the terminal summary and to JSON."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest

# games.py lives beside this file; make it importable whatever pytest's import mode is.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

EVENT_LOG = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def event_log(request: pytest.FixtureRequest) -> dict[str, dict[str, object]]:
    """Run name ("default teams", "slow ffa", ...) -> the summary of its games, for the report."""
    return request.config.stash.setdefault(EVENT_LOG, {})


def _report_path(config: pytest.Config) -> Path:
    cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
    if cache is not None:
        return cache.mkdir("fourchess-differential") / "event_counts.json"
    return Path(tempfile.gettempdir()) / "fourchess-differential-event_counts.json"


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    log = config.stash.get(EVENT_LOG, None)
    if not log:
        return
    terminalreporter.section("differential random games")
    for run, summary in log.items():
        terminalreporter.write_line(
            f"{run}: {summary['games']} games, {summary['positions compared']} positions compared,"
            f" {summary['disagreements']} disagreements, {summary['seconds']:.1f} s"
        )
        for event, count in summary["events"].items():
            terminalreporter.write_line(f"    {event:<36} {count:>6}")
    path = _report_path(config)
    path.write_text(json.dumps(log, indent=2) + "\n")
    terminalreporter.write_line(f"event counts written to {path}")

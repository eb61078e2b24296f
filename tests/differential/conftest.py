"""Differential tests: the random games' event counts and the adversarial generator's shape
counts go to JSON files under the cache, and to the terminal summary with ``-v`` (by default one
line names the files)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

EVENT_LOG = pytest.StashKey[dict]()
ADVERSARIAL_LOG = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def event_log(request: pytest.FixtureRequest) -> dict[str, dict[str, object]]:
    """Run name ("default teams", "slow ffa", ...) -> the summary of its games, for the report."""
    return request.config.stash.setdefault(EVENT_LOG, {})


@pytest.fixture(scope="session")
def adversarial_log(request: pytest.FixtureRequest) -> dict[str, dict]:
    """Run name ("default", "slow") -> the adversarial generator's summary, for the report."""
    return request.config.stash.setdefault(ADVERSARIAL_LOG, {})


def _adversarial_section(terminalreporter, log: dict) -> None:
    terminalreporter.section("differential adversarial positions")
    for run, summary in log.items():
        terminalreporter.write_line(
            f"{run}: {summary['cases']} positions ({summary['perft2']} with perft(2) and every"
            f" child, {summary['children']} children compared), {summary['seconds']:.1f} s;"
            f" known core bugs {dict(summary['known_bugs'])}, unexplained {summary['unexplained_count']}"
        )
        terminalreporter.write_line("    shape" + " " * 45 + "positions")
        for shape, count in sorted(summary["shapes"].items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"    {shape:<50} {count:>8}")
        for label, entry in sorted(summary["classes"].items(), key=lambda item: -item[1]["count"]):
            terminalreporter.write_line(f"    [{entry['known bug'] or 'NEW'}] {entry['count']:>6}  {label}")


def _games_section(terminalreporter, log: dict) -> None:
    terminalreporter.section("differential random games")
    for run, summary in log.items():
        terminalreporter.write_line(
            f"{run}: {summary['games']} games, {summary['positions compared']} positions compared,"
            f" {summary['disagreements']} disagreements, {summary['seconds']:.1f} s"
        )
        for event, count in summary["events"].items():
            terminalreporter.write_line(f"    {event:<36} {count:>6}")


def _report_dir(config: pytest.Config) -> Path:
    cache = getattr(config, "cache", None)  # absent with -p no:cacheprovider
    if cache is not None:
        return cache.mkdir("fourchess-differential")
    return Path(tempfile.mkdtemp(prefix="fourchess-differential-"))


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    adversarial = config.stash.get(ADVERSARIAL_LOG, None)
    games = config.stash.get(EVENT_LOG, None)
    if not adversarial and not games:
        return
    written = []
    directory = _report_dir(config)
    if adversarial:
        path = directory / "adversarial_shapes.json"
        path.write_text(json.dumps(adversarial, indent=2, default=dict) + "\n")
        written.append(path)
    if games:
        path = directory / "event_counts.json"
        path.write_text(json.dumps(games, indent=2) + "\n")
        written.append(path)
    if config.getoption("verbose") > 0:
        if adversarial:
            _adversarial_section(terminalreporter, adversarial)
        if games:
            _games_section(terminalreporter, games)
        terminalreporter.write_line("written to " + ", ".join(map(str, written)))
        return
    totals = []
    if games:
        totals.append(
            f"{sum(s['games'] for s in games.values())} random games"
            f" ({sum(s['disagreements'] for s in games.values())} disagreements)"
        )
    if adversarial:
        totals.append(
            f"{sum(s['cases'] for s in adversarial.values())} adversarial positions"
            f" ({sum(s['unexplained_count'] for s in adversarial.values())} unexplained)"
        )
    terminalreporter.write_line(f"differential: {', '.join(totals)}; tables in {directory} (pytest -v prints them)")

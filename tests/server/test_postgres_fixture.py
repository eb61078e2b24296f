"""The throwaway PostgreSQL server of the tests: where it is found, what happens when it is not
(skip; fail under FOURCHESS_REQUIRE_POSTGRES=1), and that it runs as a site would (fsync on)."""

from __future__ import annotations

import subprocess

import pytest

from support import postgres


def nothing_installed(monkeypatch):
    monkeypatch.setattr(postgres.shutil, "which", lambda name: None)
    monkeypatch.setattr(postgres.glob, "glob", lambda pattern: [])


def test_without_postgresql_the_tests_are_skipped_with_the_reason(monkeypatch):
    nothing_installed(monkeypatch)
    monkeypatch.delenv(postgres.REQUIRE, raising=False)
    with pytest.raises(postgres.PostgresMissing, match="apt-get install postgresql"):
        postgres.find_bindir()
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        postgres._unavailable("PostgreSQL is not installed")


def test_without_postgresql_the_tests_fail_when_it_is_required(monkeypatch):
    monkeypatch.setenv(postgres.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="FOURCHESS_REQUIRE_POSTGRES=1 but PostgreSQL is not installed"):
        postgres._unavailable("PostgreSQL is not installed")


def test_the_server_syncs_its_writes_and_listens_on_loopback_only(postgres_cluster, postgres_url):
    psql = postgres_cluster.bindir / "psql"
    query = (
        "SELECT current_setting('fsync'), current_setting('synchronous_commit'), current_setting('listen_addresses')"
    )
    shown = subprocess.run(
        [str(psql), "-XAt", "-F", " ", postgres_url, "-c", query], capture_output=True, text=True, check=True
    )
    assert shown.stdout.split() == ["on", "on", "127.0.0.1"]

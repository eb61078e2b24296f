"""open_store: the ``--db`` url picks the backend; no url means the SQLite file in the data
directory (made when missing); a url of anything else is a StoreUrlError that quotes it, bounded
and without its password."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourchess._quote import quoted
from fourchess.server.store import SQLITE_FILE, StoreUrlError, default_data_dir, open_store
from fourchess.server.store.postgres import PostgresStore
from fourchess.server.store.sqlite import SqliteStore
from support.stores import asynchronous, game


def test_no_url_is_the_sqlite_file_in_the_data_directory_made_when_missing(tmp_path):
    data = tmp_path / "new" / "data"
    store = open_store(None, origin="o", data_dir=data)
    assert isinstance(store, SqliteStore) and store.path == data / SQLITE_FILE and data.is_dir()


def test_the_data_directory_comes_from_fourchess_data_or_the_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOURCHESS_DATA", str(tmp_path / "site"))
    assert open_store(None, origin="o").path == tmp_path / "site" / SQLITE_FILE
    monkeypatch.delenv("FOURCHESS_DATA")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "fourchess"


@asynchronous
async def test_the_default_store_opens_and_keeps_a_game(tmp_path):
    store = open_store(None, origin="o", data_dir=tmp_path)
    await store.open()
    await store.create_game(game())
    await store.close()
    assert (tmp_path / SQLITE_FILE).is_file()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///var/games/site.sqlite3", "/var/games/site.sqlite3"),
        ("sqlite:games/site.sqlite3", "games/site.sqlite3"),
        ("sqlite:site.sqlite3", "site.sqlite3"),
        ("sqlite:///tmp/with%20space.sqlite3", "/tmp/with space.sqlite3"),
        ("SQLite:///x.db", "/x.db"),
    ],
)
def test_a_sqlite_url_names_its_file(url, path):
    store = open_store(url, origin="o")
    assert isinstance(store, SqliteStore) and store.path == Path(path)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://fourchess@db.example:5433/site",
        "postgres://localhost/site",
        "postgresql:///site?host=/run/postgresql",
    ],
)
def test_a_postgres_url_is_the_postgres_store(url):
    store = open_store(url, origin="o")
    assert isinstance(store, PostgresStore) and store.shared and store.url == url


@pytest.mark.parametrize(
    "url",
    [
        "",
        "mysql://localhost/site",
        "site.sqlite3",
        "/var/games/site.sqlite3",
        "sqlite:",
        "sqlite://",
        "sqlite://host/site.sqlite3",
        "sqlite::memory:",
        "sqlite:///tmp/",
        "sqlite:///x.db?mode=ro",
        "postgresql://host:port/site",
    ],
)
def test_any_other_url_is_a_store_url_error_naming_it(url):
    with pytest.raises(StoreUrlError) as refused:
        open_store(url, origin="o")
    assert quoted(url) in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_huge_url_is_quoted_bounded():
    with pytest.raises(StoreUrlError) as refused:
        open_store("mysql://" + "x" * 5_000_000, origin="o")
    assert len(str(refused.value)) < 300 and "5000008 characters" in str(refused.value)


def test_a_password_is_not_repeated_in_the_error():
    with pytest.raises(StoreUrlError) as refused:
        open_store("postgresql://site:hunter2@db.example:port/site", origin="o")
    assert "hunter2" not in str(refused.value) and "site:***@db.example" in str(refused.value)
    with pytest.raises(StoreUrlError) as refused:
        open_store("mysql://site:hunter2@db.example/site", origin="o")
    assert "hunter2" not in str(refused.value)


def test_a_postgres_store_never_shows_its_password():
    store = open_store("postgresql://site:hunter2@db.example:5433/site", origin="o")
    assert "hunter2" not in repr(store) and store.where == "db.example:5433/site"


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError, match="url"):
        open_store(Path("/x.db"), origin="o")
    with pytest.raises(TypeError, match="origin"):
        open_store(None, origin=7, data_dir=Path("/nonexistent"))

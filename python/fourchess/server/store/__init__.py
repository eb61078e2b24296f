"""The server's storage: :func:`open_store` picks the backend a ``--db`` url names.

SQLite (the default: one file in the data directory, one server process) or PostgreSQL (several
server processes on one database, told of each other's moves by LISTEN/NOTIFY). Both implement
the Store of :mod:`fourchess.server.store.base`. ``DATA_ENVIRONMENT`` names the variable that moves
the data directory, ``SQLITE_FILE`` the file's name in it.
"""

from __future__ import annotations

import os
import pathlib
from urllib.parse import unquote, urlsplit, urlunsplit

from fourchess._quote import quoted
from fourchess.server.store.base import Store
from fourchess.server.store.checks import check_text
from fourchess.server.store.postgres import PostgresStore
from fourchess.server.store.sqlite import SqliteStore

DATA_ENVIRONMENT = "FOURCHESS_DATA"
SQLITE_FILE = "fourchess.sqlite3"


class StoreUrlError(ValueError):
    """A ``--db`` url that names no store this server has."""


def default_data_dir() -> pathlib.Path:
    """``$FOURCHESS_DATA``, or ``~/.local/share/fourchess``."""
    configured = os.environ.get(DATA_ENVIRONMENT)
    return pathlib.Path(configured) if configured else pathlib.Path.home() / ".local" / "share" / "fourchess"


def open_store(
    url: str | None, *, origin: str, data_dir: pathlib.Path | None = None, busy_seconds: float | None = None
) -> Store:
    """The store ``url`` names, not yet opened (await its ``open()``).

    None: the SQLite file ``fourchess.sqlite3`` in ``data_dir`` (by default
    :func:`default_data_dir`), the directory made when missing. ``sqlite:///abs/path`` or
    ``sqlite:relative/path``: that SQLite file. ``postgresql://...`` or ``postgres://...``:
    PostgreSQL (libpq's url form). ``origin`` is this process's random id, the "origin" of every
    notification it sends. Anything else is a StoreUrlError naming the url. ``busy_seconds``:
    how long an SQLite write waits for another connection's lock (default 10 s).
    """
    sqlite_options = {} if busy_seconds is None else {"busy_seconds": busy_seconds}
    check_text(origin, "origin")
    if url is None:
        directory = default_data_dir() if data_dir is None else pathlib.Path(data_dir)
        directory.mkdir(parents=True, exist_ok=True)
        return SqliteStore(directory / SQLITE_FILE, origin=origin, **sqlite_options)
    if not isinstance(url, str):
        raise TypeError(f"a store url must be a str or None, got {type(url).__name__}")
    scheme = url.partition(":")[0].lower()
    if scheme == "sqlite":
        return SqliteStore(_sqlite_path(url), origin=origin, **sqlite_options)
    if scheme in ("postgresql", "postgres"):
        _check_postgres_url(url)
        return PostgresStore(url, origin=origin)
    raise StoreUrlError(
        f"unknown store url {quoted(_without_password(url))}: expected sqlite:///path/to/file or postgresql://..."
    )


def _sqlite_path(url: str) -> pathlib.Path:
    parts = urlsplit(url)
    if parts.query or parts.fragment:
        raise StoreUrlError(f"a sqlite url takes no '?' or '#' part, got {quoted(url)}")
    if parts.netloc:
        raise StoreUrlError(
            f"a sqlite url names a file: sqlite:///absolute/path or sqlite:relative/path, got {quoted(url)}"
        )
    path = unquote(parts.path)
    if not path or path == ":memory:" or path.endswith("/"):
        raise StoreUrlError(f"a sqlite url must name a file (a store in memory would keep nothing), got {quoted(url)}")
    return pathlib.Path(path)


def _check_postgres_url(url: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError as error:
        raise StoreUrlError(f"bad PostgreSQL url {quoted(_without_password(url))}: {error}") from None
    if parts.fragment:
        raise StoreUrlError(f"a PostgreSQL url takes no '#' part, got {quoted(_without_password(url))}")


def _without_password(url: str) -> str:
    """``url`` with any password replaced by ``***``: error messages end up in logs."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        user = parts.username or ""
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
    except ValueError:
        return url.split("@")[-1] if "@" in url else url


__all__ = ["DATA_ENVIRONMENT", "SQLITE_FILE", "Store", "StoreUrlError", "default_data_dir", "open_store"]

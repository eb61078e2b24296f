"""A throwaway PostgreSQL server for the tests: initdb in a temporary directory, started on a free
loopback port with its socket in that directory (fsync on, as a site runs it), stopped and removed
at the end of the session.

PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the ``postgres`` system user
that Debian's postgresql package creates. Without PostgreSQL the tests that need it are skipped,
unless FOURCHESS_REQUIRE_POSTGRES=1 (set by .ci/run), when they fail.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REQUIRE = "FOURCHESS_REQUIRE_POSTGRES"
SUPERUSER = "postgres"
SYSTEM_USER = "postgres"  # who runs the server when the tests run as root


class PostgresMissing(Exception):
    """No PostgreSQL server programs here, or none this process may run."""


def find_bindir() -> Path:
    """The directory with initdb, pg_ctl, postgres and createdb: pg_config's, Debian's newest
    /usr/lib/postgresql/N/bin, or initdb's on PATH."""
    candidates = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        result = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if result.returncode == 0:
            candidates.append(Path(result.stdout.strip()))
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted((Path(path) for path in versions), key=lambda path: _version(path.parent.name), reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).resolve().parent)
    for directory in candidates:
        if all((directory / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres", "createdb")):
            return directory
    raise PostgresMissing(
        "PostgreSQL is not installed (no initdb, pg_ctl, postgres and createdb found): apt-get install postgresql"
    )


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresCluster:
    """One PostgreSQL server of the test session: ``start()``, ``url(database)``,
    ``create_database()``, ``stop()``."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.user = self._server_user()
        self.root = Path(tempfile.mkdtemp(prefix="fourchess-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self._names = itertools.count(1)
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)

    @staticmethod
    def _server_user() -> pwd.struct_passwd | None:
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            raise PostgresMissing(
                f"running as root, and there is no {SYSTEM_USER!r} user to run PostgreSQL as"
            ) from None

    def _run(self, *command: str | Path) -> None:
        """Run a server program, as the postgres user when we are root."""
        as_user = {} if self.user is None else {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        result = subprocess.run(
            [str(part) for part in command],
            cwd=self.root,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
            **as_user,
        )
        if result.returncode != 0:
            log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
            raise RuntimeError(f"{command[0]} failed ({result.returncode}): {result.stdout}{result.stderr}\n{log}")

    def start(self) -> None:
        """initdb, then start the server on a free port (trying a few if one is taken meanwhile)."""
        # --no-sync: initdb's own final flush is no use to a throwaway cluster; the server's fsync stays on
        self._run(
            self.bindir / "initdb",
            "-D",
            self.data,
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        for attempt in range(3):
            self.port = free_port()
            try:
                self._start_server()
                return
            except RuntimeError:
                if attempt == 2:
                    raise

    def _start_server(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port}"
            f" -c unix_socket_directories={self.root} -c max_connections=200"
        )
        self._run(self.bindir / "pg_ctl", "-D", self.data, "-l", self.log, "-o", options, "-w", "-t", "60", "start")

    def halt(self, mode: str = "immediate") -> None:
        """Stop the server and keep its data: ``immediate`` is a crash (recovery runs at the next
        start), ``fast`` a clean shutdown that disconnects the clients."""
        self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def resume(self) -> None:
        """Start the halted server again, on the same port."""
        self._start_server()

    def url(self, database: str = "postgres") -> str:
        """The postgresql:// url of ``database`` on this server."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new, empty database's url."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        subprocess.run(
            [str(self.bindir / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", SUPERUSER, name],
            env=environment,
            check=True,
            capture_output=True,
        )
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast: disconnect the clients) and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{REQUIRE}=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server (skipped, or failed under FOURCHESS_REQUIRE_POSTGRES=1,
    when PostgreSQL is not installed)."""
    try:
        cluster = PostgresCluster()
    except PostgresMissing as missing:
        _unavailable(str(missing))
    try:
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The url of a database made for the session on the throwaway server."""
    return postgres_cluster.create_database()


@pytest.fixture
def fresh_postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The url of a new, empty database for one test (no tables, no listeners of other tests)."""
    return postgres_cluster.create_database()

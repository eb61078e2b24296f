"""Telling a database that cannot work now from a mistake: the errors a store raises when the
disk is full, the file is locked, removed or read-only, or PostgreSQL is down or restarting. A
request that meets one changed nothing and may be tried again later (HTTP 503); anything else is
a fault of the server's own."""

from __future__ import annotations

import sqlite3
import sys


class StoreUnavailable(RuntimeError):
    """The database cannot do the operation now (closed, locked, full, unwritable, unreachable)."""


def is_store_failure(error: BaseException) -> bool:
    """Did ``error`` come from a database that cannot work now, rather than from a mistake?"""
    if isinstance(error, (StoreUnavailable, OSError, TimeoutError)):  # OSError: refused, reset, no such file
        return True
    if isinstance(error, sqlite3.DatabaseError):  # locked, full, read-only, I/O error, not a database
        return not isinstance(error, (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError))
    asyncpg = sys.modules.get("asyncpg")  # loaded only when PostgreSQL is used
    if asyncpg is not None:
        exceptions = asyncpg.exceptions
        unavailable = (
            exceptions.PostgresConnectionError,  # class 08: the connection failed or was lost
            exceptions.InterfaceError,  # the client's connection is closed or in a broken state
            exceptions.OperatorInterventionError,  # class 57: shutting down, crashed, cannot connect now
            exceptions.InsufficientResourcesError,  # class 53: disk full, out of memory, too many connections
            exceptions.PostgresSystemError,  # class 58: I/O error
            # the driver's own state broke with the connection ("cannot switch to state ...;
            # another operation is in progress"), seen when a shutdown cuts a statement short
            exceptions.InternalClientError,
        )
        return isinstance(error, unavailable)
    return False

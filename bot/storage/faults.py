"""The database's failures as the bot tells them: bounds on every wait, the driver errors that mean the
database is down or busy (`Unavailable`) or read-only (`WriteRefused`), and one log line per outage.

A statement waits at most `LOCK_WAIT` seconds for a lock another session holds (PostgreSQL's
`lock_timeout`, SQLite's busy timeout), runs at most `STATEMENT_LIMIT` seconds on a PostgreSQL server,
and the client gives up on an answer after `ANSWER_LIMIT`. Migrations and copies lift these bounds.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

import asyncpg

from bot.storage.repository import Unavailable, WriteRefused

log = logging.getLogger(__name__)

LOCK_WAIT = 4.0
STATEMENT_LIMIT = 10.0
ANSWER_LIMIT = 15.0
LONG = 3600.0  # the bound for PostgreSQL migrations and `tammi db copy`
MIGRATION_WAIT = 60.0  # how long an opening SQLite file waits for another process's migration

_SQLITE_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
_SQLITE_READ_ONLY = ("SQLITE_READONLY", "SQLITE_PERM")
_SQLITE_DOWN = ("SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_NOMEM", "SQLITE_PROTOCOL",
                "SQLITE_CORRUPT", "SQLITE_NOTADB")
# PostgreSQL: a lock or statement that timed out; then the connection or the server failing.
_PG_BUSY = (asyncpg.LockNotAvailableError, asyncpg.QueryCanceledError)
_PG_DOWN = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,
            asyncpg.InsufficientResourcesError)
# Found by the client, not said by the server: a write under way may have been kept.
_PG_LOST = (OSError, asyncio.TimeoutError, asyncpg.exceptions.ConnectionDoesNotExistError)


def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def sqlite_fault(error: BaseException) -> Unavailable | WriteRefused | None:
    """What a SQLite error means to the bot, or None for one that is a bug. SQLite rolls back a
    statement or transaction that fails, so nothing was written."""
    name = getattr(error, "sqlite_errorname", "") if isinstance(error, sqlite3.Error) else ""
    if name.startswith(_SQLITE_BUSY):
        return Unavailable("busy", f"the database is locked by another connection ({_said(error)})")
    if name.startswith(_SQLITE_READ_ONLY):
        return WriteRefused("read_only", f"the database cannot be written ({_said(error)})")
    if name.startswith(_SQLITE_DOWN):
        return Unavailable("down", f"the database file cannot be used ({_said(error)})")
    return None


def postgres_fault(error: BaseException, *, writing: bool) -> Unavailable | WriteRefused | None:
    """What an asyncpg error means to the bot, or None for one that is a bug. `writing`: a write was
    under way on the connection, so a lost connection leaves it unknown whether it was kept (a lock or
    statement timeout, or an error the server reported, rolled it back)."""
    if isinstance(error, _PG_BUSY):
        return Unavailable("busy", f"the database kept the request waiting too long ({_said(error)})")
    if isinstance(error, asyncpg.ReadOnlySQLTransactionError):
        return WriteRefused("read_only", f"the database takes no writes ({_said(error)})")
    closed = isinstance(error, asyncpg.InterfaceError) and "connection is closed" in str(error)
    if isinstance(error, _PG_DOWN) or closed:
        lost = writing and isinstance(error, _PG_LOST) and not isinstance(error, ConnectionRefusedError)
        return Unavailable("down", f"the database is not answering ({_said(error)})", unsure=lost)
    return None


class Outage:
    """Says each spell of database failures in one log line: the first failure of a kind ("down",
    "busy", "read_only") is logged, later ones are not, and the next write that goes through ends every
    spell (said in one more line, with how long it lasted and how many requests failed)."""

    def __init__(self, database: str) -> None:
        self.database = database
        self._spells: dict[str, tuple[float, int]] = {}  # kind: (since, failures)

    def failed(self, error: Unavailable | WriteRefused) -> None:
        kind = error.reason
        if kind in self._spells:
            since, count = self._spells[kind]
            self._spells[kind] = (since, count + 1)
            return
        self._spells[kind] = (time.monotonic(), 1)
        log.warning("%s: %s; requests are answered so until it works again", self.database, error)

    def wrote(self) -> None:
        """A write went through: the database works again."""
        if not self._spells:
            return
        since = min(start for start, _ in self._spells.values())
        count = sum(failures for _, failures in self._spells.values())
        self._spells.clear()
        log.info("the %s database works again after %.0f s (%d requests failed meanwhile)", self.database,
                 time.monotonic() - since, count)

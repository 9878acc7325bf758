"""The SQLite file underneath the repository: migrations, and a guard that refuses writes the file
cannot keep (a read-only file, or one deleted or replaced while the bot runs).

SQLite keeps writing to a file that was deleted (or renamed away) through its open handle, and a restart
then finds none of it. So before and after every write the guard checks that the path still names the
file that was opened; if not, the write is refused (and a write already committed is reported as failed,
so it is never acknowledged).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite

from bot.storage.faults import LOCK_WAIT, MIGRATION_WAIT
from bot.storage.repository import StorageError, WriteRefused
from bot.storage.rows import migrations

log = logging.getLogger(__name__)

_READ_ONLY = frozenset({"SQLITE_READONLY", "SQLITE_READONLY_DBMOVED", "SQLITE_READONLY_DIRECTORY",
                        "SQLITE_READONLY_RECOVERY", "SQLITE_READONLY_CANTLOCK", "SQLITE_READONLY_ROLLBACK",
                        "SQLITE_CANTOPEN", "SQLITE_PERM"})


def statements(script: str) -> list[str]:
    """The statements of a migration script (no statement in ours contains a semicolon inside)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


def is_read_only(error: BaseException) -> bool:
    """Whether a SQLite error says the file cannot be written."""
    return isinstance(error, sqlite3.Error) and getattr(error, "sqlite_errorname", "") in _READ_ONLY


async def connect(path: Path | str) -> aiosqlite.Connection:
    """A connection to the file at `path` (created, with its folder, if needed) in WAL mode; a file or
    folder that cannot be opened is a `StorageError` naming the path."""
    try:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        pending = aiosqlite.connect(str(path), isolation_level=None)
        try:
            connection = await pending
        except BaseException:
            # aiosqlite stops its thread after a failed connect; wait for it while the loop still runs.
            thread = getattr(pending, "_thread", None)
            if thread is not None and thread.is_alive():
                await asyncio.to_thread(thread.join, 5)
            raise
    except (OSError, sqlite3.Error) as error:
        raise StorageError(str(error)) from error
    try:
        await connection.execute(f"PRAGMA busy_timeout = {int(LOCK_WAIT * 1000)}")
        await _wal(connection)
        # NORMAL in WAL mode survives a killed process; only a power cut can lose the last commits.
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await connection.close()
        raise
    return connection


async def _wal(db: aiosqlite.Connection) -> None:
    """Switch the file to WAL mode. Two openers of a fresh file may both try at once, and SQLite then
    answers one of them "locked" without waiting (the busy timeout does not apply): try again a while."""
    for attempt in range(100):
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.Error as error:
            if is_read_only(error):
                return
            busy = getattr(error, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED")
            if not busy or attempt == 99:
                raise
        await asyncio.sleep(0.01 + 0.002 * attempt)


Then = Callable[[aiosqlite.Connection], Awaitable[None]]


async def migrate(db: aiosqlite.Connection, then: Then | None = None) -> bool:
    """Bring the schema up to date in one write transaction, and do `then` in it once the schema is
    current (the rebuilds a migration asked for); False if the file is read-only (and already current:
    a read-only file with an old schema is a `StorageError`)."""
    scripts = migrations("sqlite")
    # Another process may be migrating the file: wait for it longer than a request waits.
    await db.execute(f"PRAGMA busy_timeout = {int(MIGRATION_WAIT * 1000)}")
    try:
        return await _migrate(db, scripts, then)
    finally:
        await db.execute(f"PRAGMA busy_timeout = {int(LOCK_WAIT * 1000)}")


async def _migrate(db: aiosqlite.Connection, scripts: list[str], then: Then | None) -> bool:
    try:
        await db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        if not is_read_only(error):
            raise
        return await _current(db, len(scripts))
    try:
        async with db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = int(row[0]) if row else 0
        if version < 0:
            raise StorageError(f"the file's schema version (PRAGMA user_version) is {version}, which no "
                               "Tammi database has: the file is damaged or not a Tammi database")
        if version > len(scripts):
            raise StorageError(f"the database schema is version {version}, newer than this Tammi knows "
                               f"({len(scripts)}); upgrade Tammi")
        for number in range(version + 1, len(scripts) + 1):
            for statement in statements(scripts[number - 1]):
                await db.execute(statement)
        if then is not None:
            await then(db)
        # Written even when nothing changed: it is also the probe that the file takes writes.
        await db.execute(f"PRAGMA user_version = {len(scripts)}")
    except BaseException as error:
        await db.execute("ROLLBACK")
        if is_read_only(error):
            return await _current(db, len(scripts))
        raise
    await db.execute("COMMIT")
    return True


async def _current(db: aiosqlite.Connection, latest: int) -> bool:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = int(row[0]) if row else 0
    if version != latest:
        raise StorageError(f"the database is read-only and its schema (version {version}) needs an "
                           f"upgrade to version {latest}")
    return False


class FileGuard:
    """Watches the database file: writable, and still the file that was opened."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.read_only = False
        self._identity = self._stat()
        self._gone = False

    def _stat(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_dev, found.st_ino)

    def check(self) -> None:
        """Raise `WriteRefused` unless a write can be kept."""
        if self.read_only:
            raise WriteRefused("read_only", f"the database {self.path} is read-only")
        if self._gone or self.path is None:
            if self._gone:
                raise WriteRefused("gone", f"the database file {self.path} was deleted or replaced")
            return
        if self._stat() != self._identity:
            self._gone = True
            log.error("the database file %s was deleted or replaced while Tammi runs: every write is "
                      "refused from now on (restart Tammi to use the file now at that path)", self.path)
            raise WriteRefused("gone", f"the database file {self.path} was deleted or replaced")

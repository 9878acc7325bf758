"""A database's finished games, read without writing anything: for `tammi puzzles mine`.

The repositories bring a database's schema up to date when they open it; this reader never does. An
SQLite file is opened read-only (``mode=ro``); a PostgreSQL session is made read-only
(``default_transaction_read_only``). A database whose schema is older than this Tammi's is refused with
a word to migrate it first. Games set aside as unreadable are left out, and so is a row that cannot be
read back.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.config_values import Database
from bot.domain.model import Game
from bot.storage.repository import StorageError
from bot.storage.rows import GAME_SELECT, migrations, readable

FINISHED = f"{GAME_SELECT} WHERE status = 'finished' AND set_aside IS NULL ORDER BY id"


async def finished_games(database: Database) -> list[Game]:
    """Every finished game of `database`, oldest first."""
    if database.url is not None:
        rows = await _postgres_rows(database.url)
    else:
        assert database.path is not None
        rows = await asyncio.to_thread(_sqlite_rows, database.path)
    return [game for game in map(readable, rows) if isinstance(game, Game)]


def _too_old(version: int, backend: str) -> None:
    latest = len(migrations(backend))
    if version < latest:
        raise StorageError(f"the database's schema is version {version}, older than this Tammi's ({latest}): "
                           "bring it up to date with `tammi db migrate` first")


def _sqlite_rows(path: Path) -> list[Sequence[Any]]:
    if not path.is_file():
        raise StorageError(f"there is no database file {path}")
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            _too_old(int(db.execute("PRAGMA user_version").fetchone()[0]), "sqlite")
            return list(db.execute(FINISHED).fetchall())
    except sqlite3.Error as error:
        raise StorageError(f"{type(error).__name__}: {error}") from error


async def _postgres_rows(url: str) -> list[Sequence[Any]]:
    try:
        connection = await asyncpg.connect(url, server_settings={"default_transaction_read_only": "on"})
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StorageError(f"cannot connect to PostgreSQL: {error}") from None
    try:
        exists = await connection.fetchval("SELECT to_regclass('tammi_schema') IS NOT NULL")
        version = int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM tammi_schema")) \
            if exists else 0
        _too_old(version, "postgres")
        return [tuple(row) for row in await connection.fetch(FINISHED)]
    except asyncpg.PostgresError as error:
        raise StorageError(f"{type(error).__name__}: {error}") from error
    finally:
        await connection.close()

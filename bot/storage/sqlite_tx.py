"""One SQLite write transaction as the shared tournament writes use it
(`bot.storage.tournament_store.Tx`). Its `BEGIN IMMEDIATE` holds the whole file, so its locks are
nothing more."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiosqlite

from bot.domain.model import NewGame


class SqliteTx:
    def __init__(self, db: aiosqlite.Connection,
                 insert_game: Callable[[aiosqlite.Connection, NewGame], Awaitable[int]]) -> None:
        self._db = db
        self._insert_game = insert_game

    async def run(self, sql: str, *params: Any) -> int:
        cursor = await self._db.execute(sql, params)
        return int(cursor.rowcount)

    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]:
        return list(await self._db.execute_fetchall(sql, params))

    async def insert(self, sql: str, *params: Any) -> int:
        cursor = await self._db.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def insert_game(self, new: NewGame) -> int:
        return await self._insert_game(self._db, new)

    async def lock(self, key: str, tournament_id: int | None = None) -> None:
        return None

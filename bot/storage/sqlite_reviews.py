"""Game reviews and hints in SQLite, mixed into `SqliteRepository` (which keeps its file under 400 lines)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import aiosqlite


class _Database(Protocol):
    def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None: ...


class SqliteReviews:
    """The review and hint methods of the repository."""

    async def saved_review(self: _Database, game_id: int, plies: int) -> str | None:
        """The stored review of the game's first `plies` moves (JSON text), if there is one."""
        row = await self._one("SELECT data FROM reviews WHERE game_id = ? AND plies = ?", (game_id, plies))
        return str(row[0]) if row else None

    async def save_review(self: _Database, game_id: int, plies: int, data: str, now: float) -> None:
        """Store a review (JSON text), replacing the game's earlier one."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO reviews (game_id, plies, data, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET plies = excluded.plies, data = excluded.data,"
                " created_at = excluded.created_at", (game_id, plies, data, now))

    async def record_hint(self: _Database, game_id: int, ply: int, user_id: str, move: str,
                          now: float) -> None:
        """Record that a hint was shown before move `ply` (once per position)."""
        async with self._transaction() as db:
            await db.execute("INSERT OR IGNORE INTO hints (game_id, ply, user_id, move, created_at)"
                             " VALUES (?, ?, ?, ?, ?)", (game_id, ply, user_id, move, now))

    async def hints_used(self: _Database, game_id: int) -> int:
        """How many positions of the game a hint was shown in."""
        row = await self._one("SELECT COUNT(*) FROM hints WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

"""PostgreSQL statements written with `?` placeholders, and one transaction as the shared tournament
writes use it (`bot.storage.tournament_store.Tx`)."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

import asyncpg

from bot.domain.model import NewGame

_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """A statement written with `?` placeholders in PostgreSQL's `$1, $2, ...` (no `?` of ours is
    inside a string literal).

    >>> numbered("SELECT ? + ?")
    'SELECT $1 + $2'
    """
    first, *rest = sql.split("?")
    return first + "".join(f"${number}{part}" for number, part in enumerate(rest, 1))


def changed(status: str) -> int:
    """The row count of a command status such as 'UPDATE 1'.

    >>> changed("UPDATE 0"), changed("INSERT 0 1")
    (0, 1)
    """
    return int(status.rsplit(" ", 1)[-1])


class PostgresTx:
    """A transaction on one connection: statements, inserts that return their id, the repository's game
    insert (seats checked under their advisory locks), and locks: a tournament's row (`FOR UPDATE`, which
    the round's claim takes too), or an advisory lock on a key."""

    def __init__(self, db: asyncpg.Connection,
                 insert_game: Callable[[asyncpg.Connection, NewGame], Awaitable[int]]) -> None:
        self._db = db
        self._insert_game = insert_game

    async def run(self, sql: str, *params: Any) -> int:
        return changed(await self._db.execute(numbered(sql), *params))

    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]:
        return cast(list[Sequence[Any]], await self._db.fetch(numbered(sql), *params))

    async def insert(self, sql: str, *params: Any) -> int:
        return int(await self._db.fetchval(numbered(sql + " RETURNING id"), *params))

    async def insert_game(self, new: NewGame) -> int:
        return await self._insert_game(self._db, new)

    async def lock(self, key: str, tournament_id: int | None = None) -> None:
        if tournament_id is not None:
            await self._db.execute("SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE", tournament_id)
        else:
            await self._db.execute(_LOCK, key)

"""Claims on background work (a sweep, the opponent's turn in a game), so that it is done once.

`LocalClaims` keeps them within one process (all that one SQLite process needs). `PostgresClaims` adds a
session-level advisory lock on one connection of its own, so a claim holds across every process on
the database. Its lease is that connection: if the process dies, the server ends its session and the
claims with it, and the next process to try takes the work over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import asyncpg

from bot.storage.faults import ANSWER_LIMIT, Outage, postgres_fault

log = logging.getLogger(__name__)


class LocalClaims:
    """Claims held by the tasks of this process."""

    def __init__(self) -> None:
        self._held: set[str] = set()

    @contextlib.asynccontextmanager
    async def claim(self, work: str) -> AsyncIterator[bool]:
        """Hold `work` while the block runs; yields False (and holds nothing) if it is held already."""
        if work in self._held:
            yield False
            return
        self._held.add(work)
        try:
            yield await self._take(work)
        finally:
            self._held.discard(work)
            await self._give_back(work)

    async def _take(self, work: str) -> bool:
        return True

    async def _give_back(self, work: str) -> None:
        return None

    async def close(self) -> None:
        return None


class PostgresClaims(LocalClaims):
    """Claims held across processes by advisory locks on a connection of their own."""

    _KEY = "hashtextextended($1, 1)"

    def __init__(self, url: str, outage: Outage) -> None:
        super().__init__()
        self._url = url
        self._outage = outage
        self._connection: asyncpg.Connection | None = None
        self._owner: dict[str, asyncpg.Connection] = {}
        self._lock = asyncio.Lock()

    async def _take(self, work: str) -> bool:
        """Take the lock on `work`; a database that is down is `Unavailable` (logged once per outage)."""
        try:
            return await self._try(work)
        except Exception as error:
            found = postgres_fault(error, writing=False)
            if found is None:
                raise
            self._outage.failed(found)
            raise found from error

    async def _try(self, work: str) -> bool:
        async with self._lock:
            if self._connection is None or self._connection.is_closed():
                self._connection = await asyncpg.connect(self._url, timeout=ANSWER_LIMIT,
                                                         command_timeout=ANSWER_LIMIT)
            connection = self._connection
            if not await connection.fetchval(f"SELECT pg_try_advisory_lock({self._KEY})", work):
                return False
            self._owner[work] = connection
            return True

    async def _give_back(self, work: str) -> None:
        connection = self._owner.pop(work, None)
        if connection is None or connection.is_closed():
            return  # never taken, or its session ended and the server let it go
        async with self._lock:
            try:
                await connection.fetchval(f"SELECT pg_advisory_unlock({self._KEY})", work)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("could not release the claim on %s: %s", work, error)

    async def close(self) -> None:
        async with self._lock:
            if self._connection is not None:
                await self._connection.close()
                self._connection = None

"""The SQLite backend: one aiosqlite connection in WAL mode, explicit transactions, numbered migrations.

Every write runs in `BEGIN IMMEDIATE ... COMMIT` and is committed before the method returns, so a restart
(even `kill -9`) loses nothing that was acknowledged. Migrations are SQL files applied in order; the
schema version (`PRAGMA user_version`) is read and the migrations applied inside one write transaction,
so two processes opening a fresh file at once migrate it exactly once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ChannelSettings,
    Game,
    NewChallenge,
    NewGame,
    Result,
    Status,
)
from bot.storage.claims import LocalClaims
from bot.storage.reads import SqlReads
from bot.storage.repository import Busy, Pending, RatingRule, StorageError
from bot.storage.rows import (
    CHALLENGE_CLOSE,
    CHALLENGE_GAME,
    CHALLENGE_INSERT,
    CHALLENGE_PENDING,
    CHALLENGE_TAKE,
    GAME_INSERT,
    GAME_UPDATE,
    PERSON_UPSERT,
    RATING_INSERT,
    RATING_SELECT,
    RATING_UPDATE,
    REMINDED_UPDATE,
    SEAT_INSERT,
    SEAT_TAKEN,
    SEATS_FREE,
    SETTINGS_UPSERT,
    channel_move,
    game_values,
    migrations,
    new_challenge_values,
    new_game_values,
    rating_updates,
)
from bot.storage.transfer import Rows
from engine import Color


class SqliteRepository(SqlReads):
    """The repository over one SQLite file. Use `await SqliteRepository.open(path, ratings)`."""

    _TABLES = ("SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c"
               " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid")

    def __init__(self, connection: aiosqlite.Connection, ratings: RatingRule) -> None:
        self._db = connection
        self._ratings = ratings
        self._lock = asyncio.Lock()
        self._closed = False
        self.claims = LocalClaims()

    @classmethod
    async def open(cls, path: Path | str, ratings: RatingRule) -> SqliteRepository:
        """Open (creating if needed) the database at `path` and bring its schema up to date."""
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
        try:
            await connection.execute("PRAGMA busy_timeout = 10000")
            await _use_wal(connection)
            # NORMAL in WAL mode survives a killed process; only a power cut can lose the last commits.
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            repository = cls(connection, ratings)
            await repository._migrate()
        except BaseException:
            await connection.close()
            raise
        return repository

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        async with self._lock:
            await self._db.close()

    async def _migrate(self) -> None:
        scripts = migrations("sqlite")
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            async with self._db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            version = int(row[0]) if row else 0
            if version > len(scripts):
                raise StorageError(f"the database schema is version {version}, newer than this Tammi knows "
                                   f"({len(scripts)}); upgrade Tammi")
            for number in range(version + 1, len(scripts) + 1):
                for statement in _statements(scripts[number - 1]):
                    await self._db.execute(statement)
                await self._db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise
        await self._db.execute("COMMIT")

    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0]) if row else 0

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        return self.claims.claim(work)

    # -- plumbing --------------------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def import_rows(self, rows: Rows) -> None:
        """Insert whole tables in one transaction (foreign keys checked at its commit)."""
        async with self._transaction() as db:
            await db.execute("PRAGMA defer_foreign_keys = ON")
            for table, (columns, values) in rows.items():
                await db.executemany(f"INSERT INTO {table} ({', '.join(columns)})"
                                     f" VALUES ({', '.join('?' for _ in columns)})", values)

    # -- games -----------------------------------------------------------------------------------

    async def _insert_game(self, db: aiosqlite.Connection, new: NewGame) -> int:
        for user_id in new.seated:
            async with db.execute(SEAT_TAKEN, (new.platform, new.channel_id, user_id)) as cursor:
                if await cursor.fetchone():
                    raise Busy(user_id)
        cursor = await db.execute(GAME_INSERT, new_game_values(new))
        game_id = cursor.lastrowid
        assert game_id is not None
        for user_id in new.seated:
            await db.execute(SEAT_INSERT, (new.platform, new.channel_id, user_id, game_id))
        return game_id

    async def create_game(self, new: NewGame) -> Game:
        async with self._transaction() as db:
            game_id = await self._insert_game(db, new)
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def update_game(self, game: Game, *, expected_version: int) -> Game | None:
        """Write the game if unchanged since `expected_version`. A game that becomes finished frees its
        players' seats and, if rated, updates both players' ratings in the same transaction."""
        params = (*game_values(game), game.id, expected_version)
        if game.status is Status.ACTIVE:
            # A single UPDATE is atomic on its own (autocommit): one trip, committed when it returns.
            async with self._lock:
                if self._closed:
                    raise StorageError("the storage is closed")
                cursor = await self._db.execute(GAME_UPDATE, params)
                changed = cursor.rowcount
            return game.replace(version=expected_version + 1) if changed == 1 else None
        async with self._transaction() as db:
            cursor = await db.execute(GAME_UPDATE, params)
            if cursor.rowcount != 1:
                return None
            await db.execute(SEATS_FREE, (game.id,))
            if game.rated and game.result is not Result.ONGOING:
                await self._rate(db, game)
        return game.replace(version=expected_version + 1)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        async with self._transaction() as db:
            cursor = await db.execute(REMINDED_UPDATE, (stage, game_id, version))
            return cursor.rowcount == 1

    async def _standing(self, db: aiosqlite.Connection, game: Game, color: Color) -> tuple[float, int]:
        player = game.player(color)
        async with db.execute(RATING_SELECT, (game.platform, game.channel_id, player.user_id)) as cursor:
            row = await cursor.fetchone()
        if row is not None:
            return float(row[0]), int(row[1])
        await db.execute(RATING_INSERT,
                         (game.platform, game.channel_id, player.user_id, player.name, self._ratings.initial))
        return self._ratings.initial, 0

    async def _rate(self, db: aiosqlite.Connection, game: Game) -> None:
        white = await self._standing(db, game, Color.WHITE)
        black = await self._standing(db, game, Color.BLACK)
        await db.executemany(RATING_UPDATE, rating_updates(self._ratings, game, white, black))

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge) -> Challenge:
        async with self._transaction() as db:
            key = (new.platform, new.channel_id, new.challenger.user_id, new.created_at)
            async with db.execute(CHALLENGE_PENDING, key) as found:
                row = await found.fetchone()
            if row is not None:
                raise Pending(int(row[0]))
            cursor = await db.execute(CHALLENGE_INSERT, new_challenge_values(new))
            challenge_id = cursor.lastrowid
        assert challenge_id is not None
        challenge = await self.get_challenge(challenge_id)
        assert challenge is not None
        return challenge

    async def close_challenge(self, challenge_id: int, status: ChallengeStatus) -> bool:
        """Move an open challenge to `status`; False if it was not open."""
        async with self._transaction() as db:
            cursor = await db.execute(CHALLENGE_CLOSE, (status.value, challenge_id))
            return cursor.rowcount == 1

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> Game | None:
        async with self._transaction() as db:
            cursor = await db.execute(CHALLENGE_TAKE, (challenge_id,))
            if cursor.rowcount != 1:
                return None
            game_id = await self._insert_game(db, new)
            await db.execute(CHALLENGE_GAME, (game_id, challenge_id))
        return await self.get_game(game_id)

    # -- channel settings and people -------------------------------------------------------------

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        async with self._transaction() as db:
            await db.execute(SETTINGS_UPSERT, (platform, channel_id, settings.language, settings.variant))

    async def move_channel(self, platform: str, old: str, new: str) -> int:
        async with self._transaction() as db:
            counts = [(await db.execute(sql, params)).rowcount
                      for sql, params in channel_move(platform, old, new)]
            return int(counts[0])

    async def remember_person(self, platform: str, user_id: str, name: str, now: float) -> None:
        """Record a user's display name so a typed name can find them later."""
        async with self._transaction() as db:
            await db.execute(PERSON_UPSERT, (platform, user_id, name, name.casefold(), now))


async def _use_wal(connection: aiosqlite.Connection, *, seconds: float = 10.0) -> None:
    """Switch the file to WAL mode. The switch takes the file's exclusive lock without waiting for it
    (the busy timeout does not apply), so a process opening the file while another one migrates it
    tries again until `seconds` have passed."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or asyncio.get_running_loop().time() > deadline:
                raise
        await asyncio.sleep(0.02)


def _statements(script: str) -> list[str]:
    """The statements of a migration script (no statement in ours contains a semicolon inside)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


__all__ = ["SqliteRepository"]

"""The SQLite backend: one aiosqlite connection in WAL mode, explicit transactions, numbered migrations.

Every write runs in `BEGIN IMMEDIATE ... COMMIT` and is committed before the method returns, so a restart
(even `kill -9`) loses nothing that was acknowledged. A request waits at most `LOCK_WAIT` seconds for the
ones before it and as long again for a lock another connection holds; a failing file (full, I/O errors)
or a lock held past that is `Unavailable`, logged once per spell (`bot.storage.faults`). Migrations are
SQL files applied in order; the schema version (`PRAGMA user_version`) is read and the migrations applied
inside one write transaction, so two processes opening a fresh file at once migrate it exactly once
(`bot.storage.sqlite_file`, which also guards writes: a read-only file, or one deleted or replaced while
running, takes none).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from bot.domain.glicko import Rating
from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ChannelSettings,
    Damaged,
    Game,
    NewChallenge,
    NewGame,
    RatingChange,
    Result,
    Saved,
    Status,
)
from bot.storage import rebuild
from bot.storage.claims import LocalClaims
from bot.storage.daily_store import DailyStore
from bot.storage.faults import LOCK_WAIT, Outage, sqlite_fault
from bot.storage.live_store import LiveStore
from bot.storage.mined_store import MinedStore
from bot.storage.ping_store import PingStore
from bot.storage.puzzle_store import PuzzleStore
from bot.storage.repository import Busy, Pending, RatingRule, StorageError, Unavailable
from bot.storage.rows import (
    CHALLENGE_CLOSE,
    CHALLENGE_GAME,
    CHALLENGE_INSERT,
    CHALLENGE_PENDING,
    CHALLENGE_TAKE,
    END_SET_ASIDE,
    GAME_INSERT,
    GAME_UPDATE,
    HANDLE_DROP,
    HANDLE_UPSERT,
    HINT_INSERT,
    NAME_UPSERT,
    RATING_INSERT,
    RATING_SELECT,
    RATING_UPDATE,
    REMINDED_UPDATE,
    REVIEW_UPSERT,
    SEAT_INSERT,
    SEAT_TAKEN,
    SEATS_FREE,
    SET_ASIDE,
    SETTINGS_UPSERT,
    channel_move,
    game_values,
    new_challenge_values,
    new_game_values,
    rating_changes,
    rating_key,
    rating_standing,
    rating_updates,
    seat_key,
    set_aside_note,
    settings_values,
)
from bot.storage.sqlite_file import FileGuard, connect, migrate
from bot.storage.sqlite_tx import SqliteTx
from bot.storage.tournament_store import TournamentStore, Tx
from bot.storage.transfer import Rows
from engine import Color

log = logging.getLogger(__name__)


class SqliteRepository(PingStore, PuzzleStore, LiveStore, MinedStore, DailyStore, TournamentStore):
    """The repository over one SQLite file. Use `await SqliteRepository.open(path, ratings)`."""

    _TABLES = ("SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c"
               " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid")

    def __init__(self, connection: aiosqlite.Connection, ratings: RatingRule,
                 path: Path | None = None) -> None:
        self._db = connection
        self._ratings = ratings
        self._lock = asyncio.Lock()
        self._closed = False
        self.claims = LocalClaims()
        self.guard = FileGuard(path)
        self.outage = Outage("SQLite")

    @property
    def read_only(self) -> bool:
        """Whether the file takes no writes (found at opening)."""
        return self.guard.read_only

    @classmethod
    async def open(cls, path: Path | str, ratings: RatingRule) -> SqliteRepository:
        """Open (creating if needed) the database at `path` and bring its schema up to date."""
        connection = await connect(path)
        try:
            repository = cls(connection, ratings, None if str(path) == ":memory:" else Path(path))
            repository.guard.read_only = not await migrate(connection, repository._rebuild_ratings)
        except BaseException:
            await connection.close()
            raise
        if repository.read_only:
            log.warning("the database %s is read-only: games can be shown, but nothing can be saved "
                        "(moves, challenges and settings are refused)", path)
        return repository

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0]) if row else 0

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        return self.claims.claim(work)

    # -- plumbing --------------------------------------------------------------------------------

    @asynccontextmanager
    async def _turn(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, to one request at a time: one waits at most `LOCK_WAIT` for those before it,
        and a SQLite error that means the file cannot be used now becomes `Unavailable` (or
        `WriteRefused`), said once per spell in the log."""
        try:
            async with asyncio.timeout(LOCK_WAIT):
                await self._lock.acquire()
        except TimeoutError:
            fault = Unavailable("busy", "the database is still busy with the requests before this one")
            self.outage.failed(fault)
            raise fault from None
        try:
            if self._closed:
                raise StorageError("the storage is closed")
            yield self._db
        except sqlite3.Error as error:
            found = sqlite_fault(error)
            if found is None:
                raise
            self.outage.failed(found)
            raise found from error
        finally:
            self._lock.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._turn() as db:
            self.guard.check()
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                await db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:  # a failed COMMIT can leave it open
                    with contextlib.suppress(sqlite3.Error):
                        await db.execute("ROLLBACK")
                raise
            self.guard.check()  # committed to a file that is gone: not kept, so not acknowledged
        self.outage.wrote()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Tx]:
        async with self._transaction() as db:
            yield SqliteTx(db, self._insert_game)

    async def _write(self, sql: str, params: Sequence[Any]) -> int:
        """Run one statement on its own (atomic in autocommit: one trip, committed when it returns); the
        number of rows it changed."""
        async with self._turn() as db:
            self.guard.check()
            cursor = await db.execute(sql, tuple(params))
            changed = int(cursor.rowcount)
            self.guard.check()
        self.outage.wrote()
        return changed

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._turn() as db:
            return list(await db.execute_fetchall(sql, tuple(params)))

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
            async with db.execute(SEAT_TAKEN, seat_key(new, user_id)) as cursor:
                if await cursor.fetchone():
                    raise Busy(user_id)
        cursor = await db.execute(GAME_INSERT, new_game_values(new))
        game_id = cursor.lastrowid
        assert game_id is not None
        for user_id in new.seated:
            await db.execute(SEAT_INSERT, (*seat_key(new, user_id), game_id))
        return game_id

    async def create_game(self, new: NewGame) -> Game:
        async with self._transaction() as db:
            game_id = await self._insert_game(db, new)
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def update_game(self, game: Game, *, expected_version: int) -> Saved | None:
        """Write the game if unchanged since `expected_version`. A game that becomes finished frees its
        players' seats and, if rated, updates both players' ratings in the same transaction (the change
        comes back in the `Saved`)."""
        params = (*game_values(game), game.id, expected_version)
        if game.status is Status.ACTIVE:
            changed = await self._write(GAME_UPDATE, params)
            return Saved(replace(game, version=expected_version + 1)) if changed == 1 else None
        ratings: tuple[RatingChange, ...] = ()
        async with self._transaction() as db:
            cursor = await db.execute(GAME_UPDATE, params)
            if cursor.rowcount != 1:
                return None
            await db.execute(SEATS_FREE, (game.id,))
            if game.rated and game.result is not Result.ONGOING:
                ratings = await self._rate(db, game)
        return Saved(replace(game, version=expected_version + 1), ratings)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        async with self._transaction() as db:
            cursor = await db.execute(REMINDED_UPDATE, (stage, game_id, version))
            return cursor.rowcount == 1

    async def set_aside(self, damaged: Damaged) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(SET_ASIDE, (set_aside_note(damaged), damaged.id))
            if cursor.rowcount != 1:
                return False
            await db.execute(SEATS_FREE, (damaged.id,))
            return True

    async def end_set_aside(self, game_id: int, now: float) -> bool:
        return await self._write(END_SET_ASIDE, (now, game_id)) == 1

    async def _standing(self, db: aiosqlite.Connection, game: Game, color: Color) -> Rating:
        key = rating_key(game, color)
        async with db.execute(RATING_SELECT, key) as cursor:
            found = rating_standing(await cursor.fetchone())
        if found is not None:
            return found
        initial = self._ratings.initial
        await db.execute(RATING_INSERT, (*key, game.player(color).name, initial.rating, initial.deviation,
                                         initial.volatility))
        return initial

    async def _rate(self, db: aiosqlite.Connection, game: Game) -> tuple[RatingChange, RatingChange]:
        white = await self._standing(db, game, Color.WHITE)
        black = await self._standing(db, game, Color.BLACK)
        changes = rating_changes(self._ratings, game, white, black)
        await db.executemany(RATING_UPDATE, rating_updates(game, changes))
        return changes

    async def _rebuild_ratings(self, db: aiosqlite.Connection) -> None:
        """In the migration's transaction: fill the ratings from the stored games if a migration asked
        for it (`bot.storage.rebuild`)."""
        async with db.execute(rebuild.PENDING) as cursor:
            if await cursor.fetchone() is None:
                return
        games = await db.execute_fetchall(rebuild.GAMES)
        await db.execute(rebuild.CLEAR)
        await db.executemany(rebuild.INSERT, rebuild.replay(self._ratings, games))
        await db.execute(rebuild.DONE)

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
            await db.execute(SETTINGS_UPSERT, settings_values(platform, channel_id, settings))

    async def move_channel(self, platform: str, old: str, new: str) -> int:
        async with self._transaction() as db:
            counts = [(await db.execute(sql, params)).rowcount
                      for sql, params in channel_move(platform, old, new)]
            return int(counts[0])

    async def note_name(self, platform: str, channel_id: str, user_id: str, name: str, *, exact_key: str,
                        look_key: str, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(NAME_UPSERT, (platform, channel_id, user_id, name, exact_key, look_key, now))

    async def save_review(self, game_id: int, plies: int, data: str, now: float) -> None:
        """Store a review (JSON text), replacing the game's earlier one."""
        async with self._transaction() as db:
            await db.execute(REVIEW_UPSERT, (game_id, plies, data, now))

    async def record_hint(self, game_id: int, ply: int, user_id: str, move: str, now: float) -> None:
        """Record that a hint was shown before move `ply` (once per position)."""
        async with self._transaction() as db:
            await db.execute(HINT_INSERT, (game_id, ply, user_id, move, now))

    async def note_handle(self, platform: str, handle: str, user_id: str, name: str, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(HANDLE_DROP, (platform, user_id, handle))
            await db.execute(HANDLE_UPSERT, (platform, handle, user_id, name, now))


__all__ = ["SqliteRepository"]

"""The PostgreSQL backend: an asyncpg connection pool shared by the tasks of one process, and the same
database shared by several processes.

Every write runs in a transaction committed before the method returns. A game changes only through the
version-checked UPDATE (a row lock in the server: of two racing writes one applies, the other finds a
new version). Checks that read before they insert (a seat, an open challenge) take a transaction-scoped
advisory lock on what they check, so two processes cannot both pass them; ratings rows are locked in a
fixed order. Migrations are SQL files applied in order under an advisory lock, so several processes
starting together on a fresh database migrate it exactly once.

Every session bounds its waits (`lock_timeout`, `statement_timeout`: `bot.storage.faults`), and a
connection failing after its work is done (as it goes back to the pool) leaves that work standing: the
result stands, the connection is dropped. A database that is down or busy is `Unavailable`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import replace
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import asyncpg

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
from bot.storage import rows as shared
from bot.storage.claims import PostgresClaims
from bot.storage.daily_store import DailyStore
from bot.storage.faults import ANSWER_LIMIT, LOCK_WAIT, LONG, STATEMENT_LIMIT, Outage, postgres_fault
from bot.storage.live_store import LiveStore
from bot.storage.mined_store import MinedStore
from bot.storage.ping_store import PingStore
from bot.storage.postgres_tx import PostgresTx, changed, numbered
from bot.storage.puzzle_store import PuzzleStore
from bot.storage.repository import Busy, Pending, RatingRule, StorageError
from bot.storage.tournament_store import TournamentStore, Tx
from bot.storage.transfer import Rows
from engine import Color

log = logging.getLogger(__name__)

# The advisory lock key that serialises migrations (any fixed number; this one spells "tammi mg").
MIGRATION_LOCK = 0x74616D6D69206D67
_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))"
_UNBOUNDED = ("SET LOCAL lock_timeout = 0", "SET LOCAL statement_timeout = 0")


def bounds(url: str) -> dict[str, str]:
    """The session settings that bound every wait, less those the URL sets itself.

    >>> bounds("postgresql://db/tammi?statement_timeout=30s")
    {'lock_timeout': '4000ms'}
    """
    given = parse_qs(urlsplit(url).query)
    wanted = {"lock_timeout": LOCK_WAIT, "statement_timeout": STATEMENT_LIMIT}
    return {name: f"{seconds * 1000:.0f}ms" for name, seconds in wanted.items() if name not in given}


class PostgresRepository(PingStore, PuzzleStore, LiveStore, MinedStore, DailyStore, TournamentStore):
    """The repository over a PostgreSQL database. Use `await PostgresRepository.open(url, ratings)`."""

    _TABLES = ("SELECT table_name, column_name FROM information_schema.columns"
               " WHERE table_schema = current_schema() AND table_name <> 'tammi_schema'"
               " ORDER BY table_name, ordinal_position")

    def __init__(self, pool: asyncpg.Pool, ratings: RatingRule, url: str) -> None:
        self._pool = pool
        self._ratings = ratings
        self._closed = False
        self.outage = Outage("PostgreSQL")
        self.claims = PostgresClaims(url, self.outage)

    @classmethod
    async def open(cls, url: str, ratings: RatingRule, *, max_connections: int = 10) -> PostgresRepository:
        """Connect to the database at `url` (postgresql://user@host:port/dbname) and bring its schema
        up to date."""
        # No floor of open connections: asyncpg would log a traceback for each try to restore it while
        # the server is away. The first connection is made here, and kept for the next request.
        try:
            pool = await asyncpg.create_pool(url, min_size=0, max_size=max_connections, timeout=ANSWER_LIMIT,
                                             command_timeout=ANSWER_LIMIT, server_settings=bounds(url))
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StorageError(f"cannot connect to PostgreSQL: {error}") from None
        repository = cls(pool, ratings, url)
        try:
            try:
                await pool.execute("SELECT 1")
            except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                raise StorageError(f"cannot connect to PostgreSQL: {error}") from None
            await repository._migrate()
        except BaseException:
            await pool.close()
            raise
        return repository

    async def close(self) -> None:
        """Close the pool (idempotent), waiting for the queries under way."""
        if self._closed:
            return
        self._closed = True
        await self.claims.close()
        await self._pool.close()

    async def _migrate(self) -> None:
        scripts = shared.migrations("postgres")
        async with self._transaction() as db:
            for statement in _UNBOUNDED:  # another process may be migrating: wait for it
                await db.execute(statement)
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=LONG)
            await db.execute("CREATE TABLE IF NOT EXISTS tammi_schema"
                             " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
            version = int(await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM tammi_schema"))
            if version > len(scripts):
                raise StorageError(f"the database schema is version {version}, newer than this Tammi knows "
                                   f"({len(scripts)}); upgrade Tammi")
            for number in range(version + 1, len(scripts) + 1):
                await db.execute(scripts[number - 1], timeout=LONG)
                await db.execute("INSERT INTO tammi_schema (version, applied_at) VALUES ($1, $2)",
                                 number, time.time())
            await self._rebuild_ratings(db)

    async def _rebuild_ratings(self, db: asyncpg.Connection) -> None:
        """In the migration's transaction: fill the ratings from the stored games if a migration asked
        for it (`bot.storage.rebuild`)."""
        if await db.fetchval(rebuild.PENDING) is None:
            return
        games = await db.fetch(rebuild.GAMES, timeout=LONG)
        await db.execute(rebuild.CLEAR)
        await db.executemany(numbered(rebuild.INSERT), rebuild.replay(self._ratings, games), timeout=LONG)
        await db.execute(rebuild.DONE)

    async def schema_version(self) -> int:
        row = await self._one("SELECT COALESCE(MAX(version), 0) FROM tammi_schema")
        return int(row[0]) if row else 0

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        return self.claims.claim(work)

    # -- plumbing --------------------------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self, *, writing: bool = False) -> AsyncIterator[asyncpg.Connection]:
        """A connection of the pool for the block. Driver errors that mean the database is down or busy
        become `Unavailable` (`writing`: a write is under way in the block, which a lost connection
        leaves unsure). Giving the connection back cannot fail the block: what it did stands."""
        if self._closed:
            raise StorageError("the storage is closed")
        try:
            connection = await self._pool.acquire(timeout=ANSWER_LIMIT)
        except Exception as error:
            self._raise_fault(error, writing=False)
            raise
        try:
            yield cast(asyncpg.Connection, connection)
        except Exception as error:
            self._raise_fault(error, writing=writing)
            raise
        finally:
            try:
                await self._pool.release(connection)
            except Exception as error:  # the pool drops the connection and opens a new one when needed
                log.info("a database connection failed as it was given back (%s: %s); what was done on it "
                         "stands", type(error).__name__, error)
        if writing:
            self.outage.wrote()

    def _raise_fault(self, error: Exception, *, writing: bool) -> None:
        """Raise `error` as the storage's own when it means the database cannot be used now."""
        found = postgres_fault(error, writing=writing)
        if found is not None:
            self.outage.failed(found)
            raise found from error

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._connection(writing=True) as db, db.transaction():
            yield db

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._connection() as db:
            return cast(list[Sequence[Any]], await db.fetch(numbered(sql), *params))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Tx]:
        async with self._transaction() as db:
            yield PostgresTx(db, self._insert_game)

    @staticmethod
    async def _run(db: asyncpg.Connection, sql: str, *params: Any) -> int:
        """Execute one statement; the number of rows it changed."""
        return changed(await db.execute(numbered(sql), *params))

    @staticmethod
    async def _lock(db: asyncpg.Connection, *keys: str) -> None:
        """Hold advisory locks on `keys` until the transaction ends (taken in sorted order)."""
        for key in sorted(set(keys)):
            await db.execute(numbered(_LOCK), key)

    async def import_rows(self, rows: Rows) -> None:
        """Insert whole tables in one transaction (foreign keys checked at its commit), then move the id
        sequences past the ids copied."""
        async with self._transaction() as db:
            for statement in (*_UNBOUNDED, "SET CONSTRAINTS ALL DEFERRED"):
                await db.execute(statement)
            for table, (columns, values) in rows.items():
                await db.copy_records_to_table(table, records=values, columns=columns, timeout=LONG)
                if "id" in columns:
                    await db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                     f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}")

    async def export_rows(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """Every row of `table`, in the order of its first column (with no bound on the time it takes)."""
        async with self._transaction() as db:
            for statement in _UNBOUNDED:
                await db.execute(statement)
            rows = await db.fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1", timeout=LONG)
        return [tuple(row) for row in rows]

    # -- games -----------------------------------------------------------------------------------

    async def _insert_game(self, db: asyncpg.Connection, new: NewGame) -> int:
        seats = [shared.seat_key(new, user_id) for user_id in new.seated]
        await self._lock(db, *("seat\n" + "\n".join(map(str, seat)) for seat in seats))
        for seat in seats:
            if await db.fetchval(numbered(shared.SEAT_TAKEN), *seat):
                raise Busy(seat[2])
        game_id = int(await db.fetchval(numbered(shared.GAME_INSERT + " RETURNING id"),
                                        *shared.new_game_values(new)))
        for seat in seats:
            await self._run(db, shared.SEAT_INSERT, *seat, game_id)
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
        params = (*shared.game_values(game), game.id, expected_version)
        if game.status is Status.ACTIVE:
            # One UPDATE is atomic on its own: the server's row lock lets one of two racing writes in.
            async with self._connection(writing=True) as db:
                count = await self._run(db, shared.GAME_UPDATE, *params)
            return Saved(replace(game, version=expected_version + 1)) if count == 1 else None
        ratings: tuple[RatingChange, ...] = ()
        async with self._transaction() as db:
            if await self._run(db, shared.GAME_UPDATE, *params) != 1:
                return None
            await self._run(db, shared.SEATS_FREE, game.id)
            if game.rated and game.result is not Result.ONGOING:
                ratings = await self._rate(db, game)
        return Saved(replace(game, version=expected_version + 1), ratings)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        async with self._transaction() as db:
            return await self._run(db, shared.REMINDED_UPDATE, stage, game_id, version) == 1

    async def set_aside(self, damaged: Damaged) -> bool:
        async with self._transaction() as db:
            if await self._run(db, shared.SET_ASIDE, shared.set_aside_note(damaged), damaged.id) != 1:
                return False
            await self._run(db, shared.SEATS_FREE, damaged.id)
            return True

    async def end_set_aside(self, game_id: int, now: float) -> bool:
        async with self._transaction() as db:
            return await self._run(db, shared.END_SET_ASIDE, now, game_id) == 1

    async def _rate(self, db: asyncpg.Connection, game: Game) -> tuple[RatingChange, RatingChange]:
        standings: dict[Color, Rating] = {}
        initial = self._ratings.initial
        # Lock both rows in the order of their ids, so two games finishing at once cannot deadlock.
        for color in sorted((Color.WHITE, Color.BLACK), key=lambda c: game.player(c).user_id):
            key = shared.rating_key(game, color)
            await db.execute(numbered(shared.RATING_INSERT + " ON CONFLICT DO NOTHING"), *key,
                             game.player(color).name, initial.rating, initial.deviation, initial.volatility)
            found = shared.rating_standing(await db.fetchrow(numbered(shared.RATING_SELECT + " FOR UPDATE"),
                                                             *key))
            assert found is not None
            standings[color] = found
        changes = shared.rating_changes(self._ratings, game, standings[Color.WHITE], standings[Color.BLACK])
        await db.executemany(numbered(shared.RATING_UPDATE), shared.rating_updates(game, changes))
        return changes

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge) -> Challenge:
        async with self._transaction() as db:
            await self._lock(db, f"challenger\n{new.platform}\n{new.channel_id}\n{new.challenger.user_id}")
            pending = await db.fetchval(numbered(shared.CHALLENGE_PENDING), new.platform, new.channel_id,
                                        new.challenger.user_id, new.created_at)
            if pending is not None:
                raise Pending(int(pending))
            challenge_id = int(await db.fetchval(numbered(shared.CHALLENGE_INSERT + " RETURNING id"),
                                                 *shared.new_challenge_values(new)))
        challenge = await self.get_challenge(challenge_id)
        assert challenge is not None
        return challenge

    async def close_challenge(self, challenge_id: int, status: ChallengeStatus) -> bool:
        """Move an open challenge to `status`; False if it was not open."""
        async with self._transaction() as db:
            return await self._run(db, shared.CHALLENGE_CLOSE, status.value, challenge_id) == 1

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> Game | None:
        async with self._transaction() as db:
            if await self._run(db, shared.CHALLENGE_TAKE, challenge_id) != 1:
                return None
            game_id = await self._insert_game(db, new)
            await self._run(db, shared.CHALLENGE_GAME, game_id, challenge_id)
        return await self.get_game(game_id)

    # -- channel settings and people -------------------------------------------------------------

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        async with self._transaction() as db:
            values = shared.settings_values(platform, channel_id, settings)
            await self._run(db, shared.SETTINGS_UPSERT, *values)

    async def move_channel(self, platform: str, old: str, new: str) -> int:
        async with self._transaction() as db:
            counts = [await self._run(db, sql, *params)
                      for sql, params in shared.channel_move(platform, old, new)]
            return counts[0]

    async def note_name(self, platform: str, channel_id: str, user_id: str, name: str, *, exact_key: str,
                        look_key: str, now: float) -> None:
        async with self._transaction() as db:
            await self._run(db, shared.NAME_UPSERT, platform, channel_id, user_id, name, exact_key, look_key,
                            now)

    async def save_review(self, game_id: int, plies: int, data: str, now: float) -> None:
        """Store a review (JSON text), replacing the game's earlier one."""
        async with self._transaction() as db:
            await self._run(db, shared.REVIEW_UPSERT, game_id, plies, data, now)

    async def record_hint(self, game_id: int, ply: int, user_id: str, move: str, now: float) -> None:
        """Record that a hint was shown before move `ply` (once per position)."""
        async with self._transaction() as db:
            await self._run(db, shared.HINT_INSERT, game_id, ply, user_id, move, now)

    async def note_handle(self, platform: str, handle: str, user_id: str, name: str, now: float) -> None:
        async with self._transaction() as db:
            await self._run(db, shared.HANDLE_DROP, platform, user_id, handle)
            await self._run(db, shared.HANDLE_UPSERT, platform, handle, user_id, name, now)


__all__ = ["PostgresRepository"]

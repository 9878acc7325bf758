"""The SQLite backend: one aiosqlite connection in WAL mode, explicit transactions, numbered migrations.

Every write runs in `BEGIN IMMEDIATE ... COMMIT` and is committed before the method returns, so a restart
(even `kill -9`) loses nothing that was acknowledged. Migrations are SQL files applied in order; the
schema version (`PRAGMA user_version`) is read and the migrations applied inside one write transaction,
so two processes opening a fresh file at once migrate it exactly once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib import resources
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
    PlayerStats,
    Result,
    Standing,
    Status,
)
from bot.storage.repository import Busy, Pending, RatingRule, StorageError
from bot.storage.rows import (
    CHALLENGE_SELECT,
    GAME_MUTABLE,
    GAME_SELECT,
    challenge_from_row,
    game_from_row,
    game_values,
)
from bot.storage.sqlite_reviews import SqliteReviews
from engine import Color

_GAME_UPDATE = (
    "UPDATE games SET " + ", ".join(f"{column} = ?" for column in GAME_MUTABLE)
    + ", version = version + 1 WHERE id = ? AND version = ? AND status = 'active'"
)
_STANDING = "SELECT user_id, name, rating, games, wins, losses, draws FROM ratings"


def migrations() -> list[str]:
    """The SQLite migration scripts, in order (file names start with their number)."""
    folder = resources.files("bot.storage").joinpath("migrations", "sqlite")
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))
    return [folder.joinpath(name).read_text(encoding="utf-8") for name in names]


class SqliteRepository(SqliteReviews):
    """The repository over one SQLite file. Use `await SqliteRepository.open(path, ratings)`."""

    def __init__(self, connection: aiosqlite.Connection, ratings: RatingRule) -> None:
        self._db = connection
        self._ratings = ratings
        self._lock = asyncio.Lock()
        self._closed = False

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
            await connection.execute("PRAGMA journal_mode = WAL")
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
        scripts = migrations()
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

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def _game(self, where: str, params: Iterable[Any]) -> Game | None:
        row = await self._one(f"{GAME_SELECT} WHERE {where}", params)
        return game_from_row(row) if row else None

    async def _games(self, where: str, params: Iterable[Any] = ()) -> list[Game]:
        return [game_from_row(row) for row in await self._all(f"{GAME_SELECT} WHERE {where}", params)]

    async def _challenges(self, where: str, params: Iterable[Any]) -> list[Challenge]:
        return [challenge_from_row(row) for row in await self._all(f"{CHALLENGE_SELECT} WHERE {where}",
                                                                   params)]

    # -- games -----------------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> Game | None:
        return await self._game("id = ?", (game_id,))

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        return await self._game("id = (SELECT game_id FROM seats WHERE platform = ? AND channel_id = ?"
                                " AND user_id = ?)", (platform, channel_id, user_id))

    async def last_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        return await self._game("platform = ? AND channel_id = ? AND (white_id = ? OR black_id = ?)"
                                " ORDER BY id DESC LIMIT 1", (platform, channel_id, user_id, user_id))

    async def channel_games(self, platform: str, channel_id: str, *, limit: int = 25) -> list[Game]:
        """Active games in the channel, oldest first."""
        return await self._games("platform = ? AND channel_id = ? AND status = 'active' ORDER BY id LIMIT ?",
                                 (platform, channel_id, limit))

    async def active_games(self) -> list[Game]:
        return await self._games("status = 'active' ORDER BY id")

    async def stale_games(self, before: float) -> list[Game]:
        """Active games with no move since `before`."""
        return await self._games("status = 'active' AND updated_at < ? ORDER BY id", (before,))

    async def _insert_game(self, db: aiosqlite.Connection, new: NewGame) -> int:
        for user_id in new.seated:
            async with db.execute("SELECT 1 FROM seats WHERE platform = ? AND channel_id = ? AND user_id = ?",
                                  (new.platform, new.channel_id, user_id)) as cursor:
                if await cursor.fetchone():
                    raise Busy(user_id)
        cursor = await db.execute(
            "INSERT INTO games (platform, channel_id, variant, white_id, white_name, black_id, black_name,"
            " start_fen, fen, created_at, updated_at, rated, tournament, bot_level, challenge_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new.platform, new.channel_id, new.variant, new.white.user_id, new.white.name, new.black.user_id,
             new.black.name, new.start_fen, new.start_fen, new.created_at, new.created_at, int(new.rated),
             int(new.tournament), new.bot_level, new.challenge_id),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        for user_id in new.seated:
            await db.execute("INSERT INTO seats (platform, channel_id, user_id, game_id) VALUES (?, ?, ?, ?)",
                             (new.platform, new.channel_id, user_id, game_id))
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
                cursor = await self._db.execute(_GAME_UPDATE, params)
                changed = cursor.rowcount
            return game.replace(version=expected_version + 1) if changed == 1 else None
        async with self._transaction() as db:
            cursor = await db.execute(_GAME_UPDATE, params)
            if cursor.rowcount != 1:
                return None
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
            if game.rated and game.result is not Result.ONGOING:
                await self._rate(db, game)
        return game.replace(version=expected_version + 1)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET reminded = ? WHERE id = ? AND version = ? AND status = 'active'",
                (stage, game_id, version))
            return cursor.rowcount == 1

    async def _standing(self, db: aiosqlite.Connection, game: Game, color: Color) -> tuple[float, int]:
        player = game.player(color)
        async with db.execute("SELECT rating, games FROM ratings WHERE platform = ? AND channel_id = ?"
                              " AND user_id = ?", (game.platform, game.channel_id, player.user_id)) as cursor:
            row = await cursor.fetchone()
        if row is not None:
            return float(row[0]), int(row[1])
        await db.execute("INSERT INTO ratings (platform, channel_id, user_id, name, rating)"
                         " VALUES (?, ?, ?, ?, ?)",
                         (game.platform, game.channel_id, player.user_id, player.name, self._ratings.initial))
        return self._ratings.initial, 0

    async def _rate(self, db: aiosqlite.Connection, game: Game) -> None:
        white = await self._standing(db, game, Color.WHITE)
        black = await self._standing(db, game, Color.BLACK)
        sides = ((Color.WHITE, white, black[0]), (Color.BLACK, black, white[0]))
        for color, (rating, games), opponent in sides:
            score = game.result.score(color)
            player = game.player(color)
            await db.execute(
                "UPDATE ratings SET name = ?, rating = ?, games = games + 1, wins = wins + ?,"
                " losses = losses + ?, draws = draws + ?"
                " WHERE platform = ? AND channel_id = ? AND user_id = ?",
                (player.name, self._ratings.update(rating, games, opponent, score), int(score == 1.0),
                 int(score == 0.0), int(score == 0.5), game.platform, game.channel_id, player.user_id))

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge) -> Challenge:
        async with self._transaction() as db:
            async with db.execute(
                "SELECT id FROM challenges WHERE platform = ? AND channel_id = ? AND challenger_id = ?"
                " AND status = 'open' AND expires_at > ?",
                (new.platform, new.channel_id, new.challenger.user_id, new.created_at),
            ) as found:
                row = await found.fetchone()
            if row is not None:
                raise Pending(int(row[0]))
            target = new.target
            cursor = await db.execute(
                "INSERT INTO challenges (platform, channel_id, challenger_id, challenger_name, target_id,"
                " target_name, variant, colour, tournament, created_at, expires_at, rematch_of)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (new.platform, new.channel_id, new.challenger.user_id, new.challenger.name,
                 target.user_id if target else None, target.name if target else None, new.variant,
                 new.colour.value, int(new.tournament), new.created_at, new.expires_at, new.rematch_of),
            )
            challenge_id = cursor.lastrowid
        assert challenge_id is not None
        challenge = await self.get_challenge(challenge_id)
        assert challenge is not None
        return challenge

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        found = await self._challenges("id = ?", (challenge_id,))
        return found[0] if found else None

    async def open_challenges(self, platform: str, channel_id: str, *, now: float) -> list[Challenge]:
        """Open, unexpired challenges in the channel, newest first."""
        return await self._challenges("platform = ? AND channel_id = ? AND status = 'open' AND expires_at > ?"
                                      " ORDER BY id DESC", (platform, channel_id, now))

    async def expired_challenges(self, now: float) -> list[Challenge]:
        return await self._challenges("status = 'open' AND expires_at <= ? ORDER BY id", (now,))

    async def close_challenge(self, challenge_id: int, status: ChallengeStatus) -> bool:
        """Move an open challenge to `status`; False if it was not open."""
        async with self._transaction() as db:
            cursor = await db.execute("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                                      (status.value, challenge_id))
            return cursor.rowcount == 1

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> Game | None:
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge_id,))
            if cursor.rowcount != 1:
                return None
            game_id = await self._insert_game(db, new)
            await db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))
        return await self.get_game(game_id)

    # -- ratings and statistics ------------------------------------------------------------------

    async def rating(self, platform: str, channel_id: str, user_id: str) -> Standing | None:
        row = await self._one(f"{_STANDING} WHERE platform = ? AND channel_id = ? AND user_id = ?",
                              (platform, channel_id, user_id))
        return Standing(*row) if row else None

    async def leaderboard(self, platform: str, channel_id: str, *, limit: int = 10) -> list[Standing]:
        rows = await self._all(f"{_STANDING} WHERE platform = ? AND channel_id = ?"
                               " ORDER BY rating DESC, games DESC, name LIMIT ?",
                               (platform, channel_id, limit))
        return [Standing(*row) for row in rows]

    async def player_stats(self, platform: str, user_id: str) -> PlayerStats:
        """Totals over every game the user played on the platform (all channels, rated or not)."""
        row = await self._one(
            "SELECT COUNT(*),"
            " SUM(CASE WHEN (white_id = ? AND result = '1-0') OR (black_id = ? AND result = '0-1')"
            "     THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN (white_id = ? AND result = '0-1') OR (black_id = ? AND result = '1-0')"
            "     THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END)"
            " FROM games WHERE platform = ? AND (white_id = ? OR black_id = ?)",
            (user_id, user_id, user_id, user_id, platform, user_id, user_id),
        )
        if row is None:
            return PlayerStats(0, 0, 0, 0, 0)
        return PlayerStats(*(int(value or 0) for value in row))

    # -- channel settings and people -------------------------------------------------------------

    async def channel_settings(self, platform: str, channel_id: str) -> ChannelSettings:
        row = await self._one("SELECT language, variant FROM channel_settings"
                              " WHERE platform = ? AND channel_id = ?",
                              (platform, channel_id))
        return ChannelSettings(row[0], row[1]) if row else ChannelSettings()

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO channel_settings (platform, channel_id, language, variant) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (platform, channel_id) DO UPDATE SET"
                " language = COALESCE(excluded.language, language),"
                " variant = COALESCE(excluded.variant, variant)",
                (platform, channel_id, settings.language, settings.variant))

    async def remember_person(self, platform: str, user_id: str, name: str, now: float) -> None:
        """Record a user's display name so a typed name can find them later."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO people (platform, user_id, name, name_key, seen_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (platform, user_id) DO UPDATE SET name = excluded.name,"
                " name_key = excluded.name_key, seen_at = excluded.seen_at",
                (platform, user_id, name, name.casefold(), now))

    async def find_person(self, platform: str, name: str) -> tuple[str, str] | None:
        """(user id, display name) of the most recently seen user with that name, if any."""
        row = await self._one("SELECT user_id, name FROM people WHERE platform = ? AND name_key = ?"
                              " ORDER BY seen_at DESC LIMIT 1", (platform, name.casefold()))
        return (row[0], row[1]) if row else None


def _statements(script: str) -> list[str]:
    """The statements of a migration script (no statement in ours contains a semicolon inside)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


__all__ = ["SqliteRepository"]

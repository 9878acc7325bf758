"""The repository: games, challenges, ratings, channel settings and known people in one SQLite file.

One long-lived aiosqlite connection in WAL mode with foreign keys on. Every write runs in an explicit
`BEGIN IMMEDIATE ... COMMIT` transaction and is committed before the caller answers the user, so a
restart (even `kill -9`) loses nothing that was acknowledged. A game row carries a version number: a
move is written only if the version is still the one the move was checked against, so two racing
submissions cannot both apply. Schema changes are numbered migrations tracked in `PRAGMA user_version`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.domain import ratings

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema.
    """
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        challenger_id TEXT NOT NULL,
        challenger_name TEXT NOT NULL,
        target_id TEXT,
        target_name TEXT,
        variant TEXT NOT NULL,
        colour TEXT NOT NULL CHECK (colour IN ('random', 'white', 'black')),
        tournament INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'open'
            CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        game_id INTEGER REFERENCES games(id),
        rematch_of INTEGER REFERENCES games(id)
    );
    CREATE INDEX challenges_open ON challenges(platform, channel_id, status);
    CREATE INDEX challenges_expiry ON challenges(status, expires_at);

    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        white_id TEXT NOT NULL,
        white_name TEXT NOT NULL,
        black_id TEXT NOT NULL,
        black_name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
        result TEXT NOT NULL DEFAULT '*' CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')),
        reason TEXT,
        start_fen TEXT NOT NULL,
        fen TEXT NOT NULL,
        moves TEXT NOT NULL DEFAULT '',
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        finished_at REAL,
        rated INTEGER NOT NULL DEFAULT 1,
        tournament INTEGER NOT NULL DEFAULT 0,
        strikes_white INTEGER NOT NULL DEFAULT 0,
        strikes_black INTEGER NOT NULL DEFAULT 0,
        offer TEXT CHECK (offer IN ('draw', 'undo')),
        offer_by TEXT CHECK (offer_by IN ('white', 'black')),
        reminded INTEGER NOT NULL DEFAULT 0,
        claim_noted TEXT,
        bot_level INTEGER,
        challenge_id INTEGER REFERENCES challenges(id)
    );
    CREATE INDEX games_channel ON games(platform, channel_id, status);
    CREATE INDEX games_white ON games(platform, white_id);
    CREATE INDEX games_black ON games(platform, black_id);
    CREATE INDEX games_active ON games(status, updated_at);

    -- One row per human player in an active game: at most one active game per player and channel.
    CREATE TABLE seats (
        platform TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        PRIMARY KEY (platform, channel_id, user_id)
    );

    CREATE TABLE ratings (
        platform TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        rating REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (platform, channel_id, user_id)
    );

    CREATE TABLE channel_settings (
        platform TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        language TEXT,
        variant TEXT,
        PRIMARY KEY (platform, channel_id)
    );

    CREATE TABLE people (
        platform TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        seen_at REAL NOT NULL,
        PRIMARY KEY (platform, user_id)
    );
    CREATE INDEX people_name ON people(platform, name_key);
    """,
)


class StorageError(RuntimeError):
    """The database cannot be used (newer schema, closed connection)."""


@dataclass(frozen=True)
class GameRecord:
    """One game as stored. `moves` are canonical move texts from `start_fen`."""

    id: int
    platform: str
    channel_id: str
    variant: str
    white_id: str
    white_name: str
    black_id: str
    black_name: str
    status: str
    result: str
    reason: str | None
    start_fen: str
    fen: str
    moves: tuple[str, ...]
    version: int
    created_at: float
    updated_at: float
    finished_at: float | None
    rated: bool
    tournament: bool
    strikes_white: int
    strikes_black: int
    offer: str | None
    offer_by: str | None
    reminded: int
    claim_noted: str | None
    bot_level: int | None
    challenge_id: int | None

    @property
    def active(self) -> bool:
        return self.status == "active"

    def player_ids(self) -> tuple[str, str]:
        return (self.white_id, self.black_id)

    def replace(self, **changes: Any) -> GameRecord:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class ChallengeRecord:
    id: int
    platform: str
    channel_id: str
    challenger_id: str
    challenger_name: str
    target_id: str | None
    target_name: str | None
    variant: str
    colour: str
    tournament: bool
    status: str
    created_at: float
    expires_at: float
    game_id: int | None
    rematch_of: int | None


@dataclass(frozen=True)
class NewGame:
    """What is needed to start a game."""

    platform: str
    channel_id: str
    variant: str
    white_id: str
    white_name: str
    black_id: str
    black_name: str
    start_fen: str
    created_at: float
    rated: bool = True
    tournament: bool = False
    bot_level: int | None = None
    challenge_id: int | None = None


@dataclass(frozen=True)
class RatingRecord:
    user_id: str
    name: str
    rating: float
    games: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True)
class PlayerStats:
    games: int
    wins: int
    losses: int
    draws: int
    active: int


class Busy(Exception):
    """A player already has an active game in the channel (carries that player's id)."""

    def __init__(self, user_id: str) -> None:
        super().__init__(user_id)
        self.user_id = user_id


class Pending(Exception):
    """The challenger already has an open challenge in the channel (carries its id)."""

    def __init__(self, challenge_id: int) -> None:
        super().__init__(challenge_id)
        self.challenge_id = challenge_id


_GAME_COLUMNS = [f.name for f in dataclasses.fields(GameRecord)]
_CHALLENGE_COLUMNS = [f.name for f in dataclasses.fields(ChallengeRecord)]
_GAME_SELECT = "SELECT " + ", ".join(_GAME_COLUMNS) + " FROM games"
_CHALLENGE_SELECT = "SELECT " + ", ".join(_CHALLENGE_COLUMNS) + " FROM challenges"
# Columns a game update may change; everything else is fixed at creation.
_GAME_MUTABLE = (
    "status", "result", "reason", "fen", "moves", "updated_at", "finished_at", "rated",
    "strikes_white", "strikes_black", "offer", "offer_by", "reminded", "claim_noted",
)

_GAME_UPDATE = (
    "UPDATE games SET " + ", ".join(f"{column} = ?" for column in _GAME_MUTABLE)
    + ", version = version + 1 WHERE id = ? AND version = ? AND status = 'active'"
)


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    values = dict(zip(_GAME_COLUMNS, tuple(row), strict=True))
    values["moves"] = tuple(values["moves"].split()) if values["moves"] else ()
    values["rated"] = bool(values["rated"])
    values["tournament"] = bool(values["tournament"])
    return GameRecord(**values)


def _challenge(row: sqlite3.Row | tuple[Any, ...]) -> ChallengeRecord:
    values = dict(zip(_CHALLENGE_COLUMNS, tuple(row), strict=True))
    values["tournament"] = bool(values["tournament"])
    return ChallengeRecord(**values)


def _score(game: GameRecord, white: bool) -> float:
    if game.result == "1/2-1/2":
        return 0.5
    return 1.0 if (game.result == "1-0") == white else 0.0


class Storage:
    """The repository over one SQLite connection. Use `await Storage.open(path)`."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
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
            await connection.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode survives a killed process; only a power cut can lose the last commits.
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA busy_timeout = 5000")
            storage = cls(connection)
            await storage._migrate()
        except BaseException:
            await connection.close()
            raise
        return storage

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        async with self._lock:
            await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = int(row[0]) if row else 0
        if version > len(MIGRATIONS):
            raise StorageError(
                f"the database schema is version {version}, newer than this Tammi knows "
                f"({len(MIGRATIONS)}); upgrade Tammi"
            )
        for number in range(version + 1, len(MIGRATIONS) + 1):
            script = MIGRATIONS[number - 1]
            await self._db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )

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
        # One trip to the connection's thread per query (execute and fetch together).
        async with self._lock:
            if self._closed:
                raise StorageError("the storage is closed")
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    # -- games -----------------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self._one(_GAME_SELECT + " WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> GameRecord | None:
        """The user's active game in the channel, if any."""
        row = await self._one(
            _GAME_SELECT + " WHERE id = (SELECT game_id FROM seats"
            " WHERE platform = ? AND channel_id = ? AND user_id = ?)",
            (platform, channel_id, user_id),
        )
        return _game(row) if row else None

    async def last_game_for(self, platform: str, channel_id: str, user_id: str) -> GameRecord | None:
        """The user's most recent game (active or finished) in the channel."""
        row = await self._one(
            _GAME_SELECT + " WHERE platform = ? AND channel_id = ? AND (white_id = ? OR black_id = ?)"
            " ORDER BY id DESC LIMIT 1",
            (platform, channel_id, user_id, user_id),
        )
        return _game(row) if row else None

    async def channel_games(self, platform: str, channel_id: str, *, limit: int = 25) -> list[GameRecord]:
        """Active games in the channel, oldest first."""
        rows = await self._all(
            _GAME_SELECT + " WHERE platform = ? AND channel_id = ? AND status = 'active' ORDER BY id LIMIT ?",
            (platform, channel_id, limit),
        )
        return [_game(row) for row in rows]

    async def active_games(self) -> list[GameRecord]:
        """Every active game on every platform."""
        rows = await self._all(_GAME_SELECT + " WHERE status = 'active' ORDER BY id")
        return [_game(row) for row in rows]

    async def stale_games(self, before: float) -> list[GameRecord]:
        """Active games with no move since `before`."""
        rows = await self._all(
            _GAME_SELECT + " WHERE status = 'active' AND updated_at < ? ORDER BY id", (before,)
        )
        return [_game(row) for row in rows]

    async def _insert_game(self, db: aiosqlite.Connection, new: NewGame) -> int:
        # Every human player takes a seat (the built-in opponent takes none).
        seated = [user_id for user_id in dict.fromkeys((new.white_id, new.black_id))
                  if new.bot_level is None or not user_id.startswith("bot:")]
        for user_id in seated:
            async with db.execute(
                "SELECT 1 FROM seats WHERE platform = ? AND channel_id = ? AND user_id = ?",
                (new.platform, new.channel_id, user_id),
            ) as cursor:
                if await cursor.fetchone():
                    raise Busy(user_id)
        cursor = await db.execute(
            "INSERT INTO games (platform, channel_id, variant, white_id, white_name, black_id, black_name,"
            " start_fen, fen, created_at, updated_at, rated, tournament, bot_level, challenge_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new.platform, new.channel_id, new.variant, new.white_id, new.white_name, new.black_id,
             new.black_name, new.start_fen, new.start_fen, new.created_at, new.created_at, int(new.rated),
             int(new.tournament), new.bot_level, new.challenge_id),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        for user_id in seated:
            await db.execute(
                "INSERT INTO seats (platform, channel_id, user_id, game_id) VALUES (?, ?, ?, ?)",
                (new.platform, new.channel_id, user_id, game_id),
            )
        return game_id

    async def create_game(self, new: NewGame) -> GameRecord:
        """Start a game; raises `Busy` if a human player already has an active game in the channel."""
        async with self._transaction() as db:
            game_id = await self._insert_game(db, new)
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def update_game(self, game: GameRecord, *, expected_version: int) -> GameRecord | None:
        """Write the game's changeable fields if its stored version is still `expected_version`.

        Returns the stored record (version + 1), or None if another change got there first. A game that
        becomes finished frees its players' seats and, if rated, updates both players' ratings in the
        same transaction.
        """
        values = [getattr(game, column) for column in _GAME_MUTABLE]
        values[_GAME_MUTABLE.index("moves")] = " ".join(game.moves)
        values[_GAME_MUTABLE.index("rated")] = int(game.rated)
        params = (*values, game.id, expected_version)
        if game.status == "active":
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
            if game.rated and game.result != "*":
                await self._rate(db, game)
        return game.replace(version=expected_version + 1)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET reminded = ? WHERE id = ? AND version = ? AND status = 'active'",
                (stage, game_id, version),
            )
            return cursor.rowcount == 1

    async def _rate(self, db: aiosqlite.Connection, game: GameRecord) -> None:
        current: dict[str, tuple[float, int]] = {}
        for user_id, name in ((game.white_id, game.white_name), (game.black_id, game.black_name)):
            async with db.execute(
                "SELECT rating, games FROM ratings WHERE platform = ? AND channel_id = ? AND user_id = ?",
                (game.platform, game.channel_id, user_id),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                await db.execute(
                    "INSERT INTO ratings (platform, channel_id, user_id, name, rating)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game.platform, game.channel_id, user_id, name, ratings.INITIAL),
                )
                current[user_id] = (ratings.INITIAL, 0)
            else:
                current[user_id] = (float(row[0]), int(row[1]))
        white_rating, white_games = current[game.white_id]
        black_rating, black_games = current[game.black_id]
        for user_id, name, rating, games, opponent, score in (
            (game.white_id, game.white_name, white_rating, white_games, black_rating, _score(game, True)),
            (game.black_id, game.black_name, black_rating, black_games, white_rating, _score(game, False)),
        ):
            new_rating = ratings.update(rating, games, opponent, score)
            await db.execute(
                "UPDATE ratings SET name = ?, rating = ?, games = games + 1, wins = wins + ?,"
                " losses = losses + ?, draws = draws + ?"
                " WHERE platform = ? AND channel_id = ? AND user_id = ?",
                (name, new_rating, int(score == 1.0), int(score == 0.0), int(score == 0.5),
                 game.platform, game.channel_id, user_id),
            )

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(
        self, *, platform: str, channel_id: str, challenger_id: str, challenger_name: str,
        target_id: str | None, target_name: str | None, variant: str, colour: str, tournament: bool,
        created_at: float, expires_at: float, rematch_of: int | None = None,
    ) -> ChallengeRecord:
        """Post a challenge; raises `Pending` if the challenger already has an open one in the channel."""
        async with self._transaction() as db:
            async with db.execute(
                "SELECT id FROM challenges WHERE platform = ? AND channel_id = ? AND challenger_id = ?"
                " AND status = 'open' AND expires_at > ?",
                (platform, channel_id, challenger_id, created_at),
            ) as found:
                row = await found.fetchone()
            if row is not None:
                raise Pending(int(row[0]))
            cursor = await db.execute(
                "INSERT INTO challenges (platform, channel_id, challenger_id, challenger_name, target_id,"
                " target_name, variant, colour, tournament, created_at, expires_at, rematch_of)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (platform, channel_id, challenger_id, challenger_name, target_id, target_name, variant,
                 colour, int(tournament), created_at, expires_at, rematch_of),
            )
            challenge_id = cursor.lastrowid
        assert challenge_id is not None
        challenge = await self.get_challenge(challenge_id)
        assert challenge is not None
        return challenge

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        row = await self._one(_CHALLENGE_SELECT + " WHERE id = ?", (challenge_id,))
        return _challenge(row) if row else None

    async def open_challenges(self, platform: str, channel_id: str, *, now: float) -> list[ChallengeRecord]:
        """Open, unexpired challenges in the channel, newest first."""
        rows = await self._all(
            _CHALLENGE_SELECT + " WHERE platform = ? AND channel_id = ? AND status = 'open'"
            " AND expires_at > ? ORDER BY id DESC",
            (platform, channel_id, now),
        )
        return [_challenge(row) for row in rows]

    async def expired_challenges(self, now: float) -> list[ChallengeRecord]:
        rows = await self._all(
            _CHALLENGE_SELECT + " WHERE status = 'open' AND expires_at <= ? ORDER BY id", (now,)
        )
        return [_challenge(row) for row in rows]

    async def close_challenge(self, challenge_id: int, status: str) -> bool:
        """Move an open challenge to `status` (declined, cancelled, expired); False if it was not open."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'", (status, challenge_id)
            )
            return cursor.rowcount == 1

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> GameRecord | None:
        """Turn an open challenge into a game in one transaction; None if it is no longer open.

        Raises `Busy` if a player already has an active game in the channel.
        """
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge_id,)
            )
            if cursor.rowcount != 1:
                return None
            game_id = await self._insert_game(db, dataclasses.replace(new, challenge_id=challenge_id))
            await db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))
        return await self.get_game(game_id)

    # -- ratings and statistics ------------------------------------------------------------------

    async def rating(self, platform: str, channel_id: str, user_id: str) -> RatingRecord | None:
        row = await self._one(
            "SELECT user_id, name, rating, games, wins, losses, draws FROM ratings"
            " WHERE platform = ? AND channel_id = ? AND user_id = ?",
            (platform, channel_id, user_id),
        )
        return RatingRecord(*row) if row else None

    async def leaderboard(self, platform: str, channel_id: str, *, limit: int = 10) -> list[RatingRecord]:
        rows = await self._all(
            "SELECT user_id, name, rating, games, wins, losses, draws FROM ratings"
            " WHERE platform = ? AND channel_id = ? ORDER BY rating DESC, games DESC, name LIMIT ?",
            (platform, channel_id, limit),
        )
        return [RatingRecord(*row) for row in rows]

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

    async def channel_settings(self, platform: str, channel_id: str) -> tuple[str | None, str | None]:
        """(language, variant) chosen for the channel, each None if not set."""
        row = await self._one(
            "SELECT language, variant FROM channel_settings WHERE platform = ? AND channel_id = ?",
            (platform, channel_id),
        )
        return (row[0], row[1]) if row else (None, None)

    async def set_channel_settings(self, platform: str, channel_id: str, *, language: str | None = None,
                                   variant: str | None = None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO channel_settings (platform, channel_id, language, variant) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (platform, channel_id) DO UPDATE SET"
                " language = COALESCE(excluded.language, language),"
                " variant = COALESCE(excluded.variant, variant)",
                (platform, channel_id, language, variant),
            )

    async def remember_person(self, platform: str, user_id: str, name: str, now: float) -> None:
        """Record a user's display name so a typed name can find them later."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO people (platform, user_id, name, name_key, seen_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (platform, user_id) DO UPDATE SET name = excluded.name,"
                " name_key = excluded.name_key, seen_at = excluded.seen_at",
                (platform, user_id, name, name.casefold(), now),
            )

    async def find_person(self, platform: str, name: str) -> tuple[str, str] | None:
        """(user id, display name) of the most recently seen user with that name, if any."""
        row = await self._one(
            "SELECT user_id, name FROM people WHERE platform = ? AND name_key = ?"
            " ORDER BY seen_at DESC LIMIT 1",
            (platform, name.casefold()),
        )
        return (row[0], row[1]) if row else None

"""The read side of the repository, written once for both SQL backends.

A backend supplies `_all(sql, params)`: the rows of one query written with `?` placeholders. Reads need
no transaction: each is one statement that sees only committed rows. A game row that cannot be read back
raises `Unreadable` when it is asked for by itself, and is left out of lists (`unreadable_games` finds
the active ones, for the sweep to set aside).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.domain.model import (
    Challenge,
    ChannelSettings,
    Damaged,
    Game,
    Openers,
    Orientation,
    PlayerStats,
    Standing,
)
from bot.domain.seats import acting_game
from bot.storage.repository import Known
from bot.storage.rows import CHALLENGE_SELECT, GAME_SELECT, challenge_from_row, game_from_row, readable

_STANDING = ("SELECT user_id, name, variant, rating, deviation, volatility, rated_at, games, wins, losses,"
             " draws FROM ratings")
_STATS = (
    "SELECT COUNT(*),"
    " SUM(CASE WHEN (white_id = ? AND result = '1-0') OR (black_id = ? AND result = '0-1')"
    "     THEN 1 ELSE 0 END),"
    " SUM(CASE WHEN (white_id = ? AND result = '0-1') OR (black_id = ? AND result = '1-0')"
    "     THEN 1 ELSE 0 END),"
    " SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END),"
    " SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END)"
    " FROM games WHERE platform = ? AND (white_id = ? OR black_id = ?) AND set_aside IS NULL"
)
_PLAYED = "set_aside IS NULL AND "  # lists leave out the games that were set aside


class SqlReads:
    """Every query of the repository interface that only reads."""

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        raise NotImplementedError

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _game(self, where: str, params: Sequence[Any]) -> Game | None:
        row = await self._one(f"{GAME_SELECT} WHERE {where}", params)
        return game_from_row(row) if row else None

    async def _games(self, where: str, params: Sequence[Any] = ()) -> list[Game]:
        found = [readable(row) for row in await self._all(f"{GAME_SELECT} WHERE {_PLAYED}{where}", params)]
        return [game for game in found if isinstance(game, Game)]

    async def _challenges(self, where: str, params: Sequence[Any]) -> list[Challenge]:
        return [challenge_from_row(row) for row in await self._all(f"{CHALLENGE_SELECT} WHERE {where}",
                                                                   params)]

    # -- whole tables (for `tammi db copy`; names come from the schema, never from users) ----------

    _TABLES = ""  # the backend's query for (table, column) pairs, in order

    async def tables(self) -> dict[str, list[str]]:
        """Each table and its columns, in order (the migrations' bookkeeping left out)."""
        found: dict[str, list[str]] = {}
        for table, column in await self._all(self._TABLES):
            found.setdefault(table, []).append(column)
        return found

    async def count_rows(self, table: str) -> int:
        row = await self._one(f"SELECT COUNT(*) FROM {table}")
        return int(row[0]) if row else 0

    async def export_rows(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """Every row of `table`, in the order of its first column."""
        rows = await self._all(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
        return [tuple(row) for row in rows]

    # -- games -----------------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> Game | None:
        return await self._game("id = ?", (game_id,))

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        """The game a command of the user's here means (`bot.domain.seats.acting_game`)."""
        return acting_game(await self.seated_games(platform, channel_id, user_id), user_id)

    async def seated_games(self, platform: str, channel_id: str, user_id: str) -> list[Game]:
        """The user's active games here (a free game, a tournament's), in one read; raises `Unreadable`
        for one that cannot be read back."""
        rows = await self._all(f"{GAME_SELECT} WHERE id IN (SELECT game_id FROM seats WHERE platform = ?"
                               " AND channel_id = ? AND user_id = ?) ORDER BY id",
                               (platform, channel_id, user_id))
        return [game_from_row(row) for row in rows]

    async def last_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        return await self._game(f"{_PLAYED}platform = ? AND channel_id = ? AND (white_id = ? OR black_id = ?)"
                                " ORDER BY id DESC LIMIT 1", (platform, channel_id, user_id, user_id))

    async def channel_games(self, platform: str, channel_id: str, *, limit: int = 25) -> list[Game]:
        """Active games in the channel, oldest first."""
        return await self._games("platform = ? AND channel_id = ? AND status = 'active' ORDER BY id LIMIT ?",
                                 (platform, channel_id, limit))

    async def finished_games(self, platform: str, channel_id: str, *, limit: int = 5) -> list[Game]:
        """The channel's games that ended most recently, newest first."""
        return await self._games("platform = ? AND channel_id = ? AND status = 'finished'"
                                 " ORDER BY finished_at DESC, id DESC LIMIT ?", (platform, channel_id, limit))

    async def active_games(self) -> list[Game]:
        return await self._games("status = 'active' ORDER BY id")

    async def stale_games(self, before: float) -> list[Game]:
        """Active games with no move since `before`."""
        return await self._games("status = 'active' AND updated_at < ? ORDER BY id", (before,))

    async def unreadable_games(self) -> list[Damaged]:
        """The active games, not set aside yet, whose stored row cannot be read back."""
        rows = await self._all(f"{GAME_SELECT} WHERE {_PLAYED}status = 'active' ORDER BY id")
        return [found for found in map(readable, rows) if isinstance(found, Damaged)]

    async def set_aside_games(self, platform: str, channel_id: str) -> list[Damaged]:
        """The channel's games that were set aside, oldest first (at most 50)."""
        rows = await self._all(f"{GAME_SELECT} WHERE set_aside IS NOT NULL AND platform = ?"
                               " AND channel_id = ? ORDER BY id LIMIT 50", (platform, channel_id))
        return [found for found in map(readable, rows) if isinstance(found, Damaged)]

    # -- challenges ------------------------------------------------------------------------------

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        found = await self._challenges("id = ?", (challenge_id,))
        return found[0] if found else None

    async def open_challenges(self, platform: str, channel_id: str, *, now: float) -> list[Challenge]:
        """Open, unexpired challenges in the channel, newest first."""
        return await self._challenges("platform = ? AND channel_id = ? AND status = 'open' AND expires_at > ?"
                                      " ORDER BY id DESC", (platform, channel_id, now))

    async def expired_challenges(self, now: float) -> list[Challenge]:
        return await self._challenges("status = 'open' AND expires_at <= ? ORDER BY id", (now,))

    # -- ratings and statistics ------------------------------------------------------------------

    async def rating(self, platform: str, channel_id: str, user_id: str, variant: str) -> Standing | None:
        row = await self._one(f"{_STANDING} WHERE platform = ? AND channel_id = ? AND variant = ?"
                              " AND user_id = ?", (platform, channel_id, variant, user_id))
        return Standing(*row) if row else None

    async def ratings(self, platform: str, channel_id: str, user_id: str) -> list[Standing]:
        """The user's ratings in the channel, one per variant played rated, the most played first."""
        rows = await self._all(f"{_STANDING} WHERE platform = ? AND channel_id = ? AND user_id = ?"
                               " ORDER BY games DESC, variant", (platform, channel_id, user_id))
        return [Standing(*row) for row in rows]

    async def leaderboard(self, platform: str, channel_id: str, variant: str, *,
                          limit: int = 10) -> list[Standing]:
        rows = await self._all(f"{_STANDING} WHERE platform = ? AND channel_id = ? AND variant = ?"
                               " ORDER BY rating DESC, games DESC, name LIMIT ?",
                               (platform, channel_id, variant, limit))
        return [Standing(*row) for row in rows]

    async def player_stats(self, platform: str, user_id: str) -> PlayerStats:
        """Totals over every game the user played on the platform (all channels, rated or not)."""
        row = await self._one(_STATS, (user_id, user_id, user_id, user_id, platform, user_id, user_id))
        if row is None:
            return PlayerStats(0, 0, 0, 0, 0)
        return PlayerStats(*(int(value or 0) for value in row))

    # -- channel settings and people -------------------------------------------------------------

    async def channel_settings(self, platform: str, channel_id: str) -> ChannelSettings:
        row = await self._one("SELECT language, variant, board, tournaments, live, threads"
                              " FROM channel_settings WHERE platform = ? AND channel_id = ?",
                              (platform, channel_id))
        if not row:
            return ChannelSettings()
        board = Orientation(row[2]) if row[2] in Orientation._value2member_map_ else None
        openers = Openers(row[3]) if row[3] in Openers._value2member_map_ else None
        live, threads = (None if flag is None else bool(flag) for flag in row[4:6])
        return ChannelSettings(row[0], row[1], board, openers, live, threads)

    async def names_like(self, platform: str, channel_id: str, look_key: str, *,
                         limit: int = 5) -> list[Known]:
        rows = await self._all("SELECT user_id, name, exact_key FROM names WHERE platform = ?"
                               " AND channel_id = ? AND look_key = ? ORDER BY seen_at DESC LIMIT ?",
                               (platform, channel_id, look_key, limit))
        return [Known(row[0], row[1], row[2]) for row in rows]

    async def by_handle(self, platform: str, handle: str) -> Known | None:
        row = await self._one("SELECT user_id, name, handle FROM handles WHERE platform = ? AND handle = ?",
                              (platform, handle))
        return Known(row[0], row[1], row[2]) if row else None

    # -- reviews and hints -----------------------------------------------------------------------

    async def saved_review(self, game_id: int, plies: int) -> str | None:
        """The stored review of the game's first `plies` moves (JSON text), if there is one."""
        row = await self._one("SELECT data FROM reviews WHERE game_id = ? AND plies = ?", (game_id, plies))
        return str(row[0]) if row else None

    async def hints_used(self, game_id: int) -> int:
        """How many positions of the game a hint was shown in."""
        row = await self._one("SELECT COUNT(*) FROM hints WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

"""Tidy channels in storage (migration 11), written once for both SQL backends: the message that is a
game's live board in a channel (`settings live on`), and the thread a game was given on Discord
(`settings threads on`).

Reads use the backend's `_all`, writes its transaction (`_tx`, one statement each). A live board's
message is replaced by the last writer: the one posted last is the one edited from then on.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.storage.reads import SqlReads
from bot.storage.tournament_store import Tx

LIVE = "SELECT message_id FROM live_boards WHERE platform = ? AND channel_id = ? AND game_id = ?"
KEEP = ("INSERT INTO live_boards (platform, channel_id, game_id, message_id, posted_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (platform, channel_id, game_id) DO UPDATE SET"
        " message_id = excluded.message_id, posted_at = excluded.posted_at")
THREAD = "SELECT thread_id FROM game_threads WHERE game_id = ?"
THREAD_GAME = "SELECT game_id FROM game_threads WHERE platform = ? AND thread_id = ? ORDER BY game_id LIMIT 1"
GIVE = ("INSERT INTO game_threads (game_id, platform, thread_id, made_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING")


class LiveStore(SqlReads):
    """The repository's live-board and game-thread methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _write_one(self, sql: str, params: Sequence[Any]) -> int:
        async with self._tx() as tx:
            return await tx.run(sql, *params)

    async def live_board(self, platform: str, channel_id: str, game_id: int) -> str | None:
        row = await self._one(LIVE, (platform, channel_id, game_id))
        return None if row is None else str(row[0])

    async def keep_live_board(self, platform: str, channel_id: str, game_id: int, message_id: str,
                              now: float) -> None:
        await self._write_one(KEEP, (platform, channel_id, game_id, message_id, now))

    async def game_thread(self, game_id: int) -> str | None:
        row = await self._one(THREAD, (game_id,))
        return None if row is None else str(row[0])

    async def thread_game(self, platform: str, thread_id: str) -> int | None:
        row = await self._one(THREAD_GAME, (platform, thread_id))
        return None if row is None else int(row[0])

    async def give_thread(self, game_id: int, platform: str, thread_id: str, now: float) -> bool:
        return await self._write_one(GIVE, (game_id, platform, thread_id, now)) == 1

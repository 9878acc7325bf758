"""Turn pings in storage (migration 8), written once for both SQL backends: a person's `notify` choice,
and the record of the pings sent, which makes each ping go at most once per game and position.

Reads use the backend's `_all`, writes its transaction (`_tx`, one statement each: the insert of a ping
that is there already changes nothing, so of two processes only one sends it).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.domain.pings import NotifyChoice, Place
from bot.storage.reads import SqlReads
from bot.storage.tournament_store import Tx

CHOICE = "SELECT enabled, language, told_at FROM notify_settings WHERE platform = ? AND user_id = ?"
CHOOSE = ("INSERT INTO notify_settings (platform, user_id, enabled, language, told_at, changed_at)"
          " VALUES (?, ?, ?, ?, NULL, ?) ON CONFLICT (platform, user_id) DO UPDATE SET"
          " enabled = excluded.enabled, language = COALESCE(excluded.language, notify_settings.language),"
          " told_at = NULL, changed_at = excluded.changed_at")
TOLD = ("UPDATE notify_settings SET told_at = ? WHERE platform = ? AND user_id = ? AND told_at IS NULL"
        " AND enabled = 1")
UNTOLD = ("UPDATE notify_settings SET told_at = NULL WHERE platform = ? AND user_id = ?"
          " AND told_at IS NOT NULL")
PING = ("INSERT INTO turn_pings (game_id, ply, user_id, link, chat, sent_at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, ply) DO NOTHING")
PLACE = "SELECT link, chat FROM turn_pings WHERE game_id = ? AND ply = ?"


class PingStore(SqlReads):
    """The repository's turn-ping methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _change(self, sql: str, params: Sequence[Any]) -> int:
        """Run one statement in a transaction of its own; the number of rows it changed."""
        async with self._tx() as tx:
            return await tx.run(sql, *params)

    async def notify_choice(self, platform: str, user_id: str) -> NotifyChoice | None:
        row = await self._one(CHOICE, (platform, user_id))
        if row is None:
            return None
        enabled, language, told_at = row
        return NotifyChoice(bool(enabled), language, told_at is not None)

    async def set_notify(self, platform: str, user_id: str, on: bool, language: str | None,
                         now: float) -> None:
        await self._change(CHOOSE, (platform, user_id, int(on), language, now))

    async def note_told(self, platform: str, user_id: str, told: bool, now: float) -> bool:
        if told:
            return await self._change(TOLD, (now, platform, user_id)) == 1
        return await self._change(UNTOLD, (platform, user_id)) == 1

    async def claim_ping(self, game_id: int, ply: int, user_id: str, place: Place, now: float) -> bool:
        return await self._change(PING, (game_id, ply, user_id, place.link, place.chat, now)) == 1

    async def ping_place(self, game_id: int, ply: int) -> Place | None:
        row = await self._one(PLACE, (game_id, ply))
        return None if row is None else Place(row[0], row[1])

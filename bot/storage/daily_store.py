"""The puzzle of the day in storage (migration 13), written once for both SQL backends.

A day is posted once per channel: the poster marks it first with a conditional update (`last_day < ?`),
which changes the row for only one of any number of tasks and processes. Turning the setting on or off
keeps the later of the days marked, so a day posted stays posted. Reads use the backend's `_all`, writes
its transaction (`_tx`).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.domain.daily import DailyPuzzle
from bot.domain.puzzles import Outcome
from bot.storage.reads import SqlReads
from bot.storage.tournament_store import Tx

_COLUMNS = "SELECT platform, channel_id, enabled, minute, last_day FROM daily_puzzles"
_ONE = f"{_COLUMNS} WHERE platform = ? AND channel_id = ?"
_DUE = (f"{_COLUMNS} WHERE enabled = 1 AND minute <= ? AND (last_day IS NULL OR last_day < ?)"
        " ORDER BY platform, channel_id")
_SET = ("INSERT INTO daily_puzzles (platform, channel_id, enabled, minute, last_day, changed_by, changed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, channel_id) DO UPDATE SET"
        " enabled = excluded.enabled, minute = excluded.minute, changed_by = excluded.changed_by,"
        " changed_at = excluded.changed_at, last_day = CASE"
        " WHEN excluded.last_day IS NULL THEN daily_puzzles.last_day"
        " WHEN daily_puzzles.last_day IS NULL OR daily_puzzles.last_day < excluded.last_day"
        " THEN excluded.last_day ELSE daily_puzzles.last_day END")
_MARK = ("UPDATE daily_puzzles SET last_day = ? WHERE platform = ? AND channel_id = ? AND enabled = 1"
         " AND (last_day IS NULL OR last_day < ?)")
_END = "UPDATE puzzles_shown SET outcome = ?, ended_at = ? WHERE id = ? AND ended_at IS NULL"


def daily_from(row: Sequence[Any]) -> DailyPuzzle:
    platform, channel_id, enabled, minute, last_day = row
    return DailyPuzzle(platform, channel_id, bool(enabled), int(minute),
                       None if last_day is None else int(last_day))


class DailyStore(SqlReads):
    """The repository's puzzle-of-the-day methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def daily_puzzle(self, platform: str, channel_id: str) -> DailyPuzzle | None:
        row = await self._one(_ONE, (platform, channel_id))
        return None if row is None else daily_from(row)

    async def set_daily_puzzle(self, platform: str, channel_id: str, on: bool, minute: int,
                               done_day: int | None, user_id: str, now: float) -> DailyPuzzle:
        async with self._tx() as tx:
            await tx.run(_SET, platform, channel_id, int(on), minute, done_day, user_id, now)
            [row] = await tx.rows(_ONE, platform, channel_id)
        return daily_from(row)

    async def due_daily_puzzles(self, day: int, minute: int) -> list[DailyPuzzle]:
        return [daily_from(row) for row in await self._all(_DUE, (minute, day))]

    async def mark_daily_puzzle(self, platform: str, channel_id: str, day: int) -> bool:
        async with self._tx() as tx:
            return await tx.run(_MARK, day, platform, channel_id, day) == 1

    async def end_puzzle(self, shown_id: int, now: float) -> bool:
        async with self._tx() as tx:
            return await tx.run(_END, Outcome.GIVEN_UP.value, now, shown_id) == 1

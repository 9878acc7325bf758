"""The puzzle of the day for the in-memory repository (`bot.storage.daily_records`), with the semantics of
`bot/storage/daily_store.py`: a day is marked posted for one caller only, and a day marked stays so."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.daily import DailyPuzzle
from bot.domain.puzzles import Outcome, Shown


class MemoryDaily:
    """Each channel's setting, by (platform, channel id)."""

    _shown: dict[int, Shown]

    def __init__(self) -> None:
        self._daily: dict[tuple[str, str], DailyPuzzle] = {}

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    def _move_daily(self, platform: str, old: str, new: str) -> None:
        """A channel's new id takes its setting along, unless it has one (`bot.storage.rows.channel_move`)."""
        setting = self._daily.pop((platform, old), None)
        if setting is not None:
            self._daily.setdefault((platform, new), replace(setting, channel_id=new))

    async def daily_puzzle(self, platform: str, channel_id: str) -> DailyPuzzle | None:
        self._read("daily_puzzle")
        return self._daily.get((platform, channel_id))

    async def set_daily_puzzle(self, platform: str, channel_id: str, on: bool, minute: int,
                               done_day: int | None, user_id: str, now: float) -> DailyPuzzle:
        self._write("set_daily_puzzle")
        before = self._daily.get((platform, channel_id))
        days = [day for day in (before.last_day if before else None, done_day) if day is not None]
        setting = DailyPuzzle(platform, channel_id, on, minute, max(days) if days else None)
        self._daily[(platform, channel_id)] = setting
        return setting

    async def due_daily_puzzles(self, day: int, minute: int) -> list[DailyPuzzle]:
        self._read("due_daily_puzzles")
        return [setting for _, setting in sorted(self._daily.items())
                if setting.on and setting.minute <= minute
                and (setting.last_day is None or setting.last_day < day)]

    async def mark_daily_puzzle(self, platform: str, channel_id: str, day: int) -> bool:
        self._write("mark_daily_puzzle")
        setting = self._daily.get((platform, channel_id))
        if setting is None or not setting.on or (setting.last_day is not None and setting.last_day >= day):
            return False
        self._daily[(platform, channel_id)] = replace(setting, last_day=day)
        return True

    async def end_puzzle(self, shown_id: int, now: float) -> bool:
        self._write("end_puzzle")
        shown = self._shown.get(shown_id)
        if shown is None or not shown.open:
            return False
        self._shown[shown_id] = replace(shown, outcome=Outcome.GIVEN_UP, ended_at=now)
        return True

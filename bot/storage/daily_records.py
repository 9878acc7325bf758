"""What the repository offers for the puzzle of the day (`DailyRecords`, part of
`bot.storage.repository.Repository`; `bot.storage.daily_store` writes it for both SQL backends, migration
13). See `bot.domain.daily` for the days and minutes."""

from __future__ import annotations

from typing import Protocol

from bot.domain.daily import DailyPuzzle


class DailyRecords(Protocol):
    async def daily_puzzle(self, platform: str, channel_id: str) -> DailyPuzzle | None:
        """The channel's puzzle-of-the-day setting, if it ever had one."""
        ...

    async def set_daily_puzzle(self, platform: str, channel_id: str, on: bool, minute: int,
                               done_day: int | None, user_id: str, now: float) -> DailyPuzzle:
        """Turn the channel's puzzle of the day on (at `minute` of the UTC day) or off; `done_day`, when
        given, counts as posted (a day posted or counted before stays so: the later of the two is kept).
        The setting now."""
        ...

    async def due_daily_puzzles(self, day: int, minute: int) -> list[DailyPuzzle]:
        """The channels whose puzzle of the day is on, its minute reached on `day`, and `day` not yet
        posted."""
        ...

    async def mark_daily_puzzle(self, platform: str, channel_id: str, day: int) -> bool:
        """Mark `day` posted for the channel, if it is on and `day` was not yet: True for the one caller
        that marked it (of any number of tasks and processes), who then posts."""
        ...

    async def end_puzzle(self, shown_id: int, now: float) -> bool:
        """End a shown puzzle without a solver and with nobody's try scored (the puzzle of the day makes
        room for itself); False when it had ended already."""
        ...

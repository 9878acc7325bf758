"""The puzzle of the day: each channel that asked for it (`settings puzzle daily [HH:MM]`, UTC) gets one
puzzle a day at its time, from the puzzles it was never shown (`bot.flows.puzzles.choose`, the channel's
own first), opened through the puzzle flow like `puzzle` opens one and posted as a notice.

A check runs on a timer, only in the process that claims it in the database ("daily-puzzles"), so
processes that share a PostgreSQL database post once; and each channel's day is marked in the database
before its puzzle is posted (a conditional update that only one caller wins, `mark_daily_puzzle`), so a
day is posted at most once per channel, also across restarts. A process dying between the mark and the
post loses that day's puzzle (it is not posted twice).

A puzzle still open in the channel at the time is ended, with nobody's try scored, and its solution is
given with the new one: the day's puzzle makes room for itself. When the channel has been shown every
puzzle of its rules, it is told that there is no new puzzle today, and none is shown twice.
"""

from __future__ import annotations

import logging

from bot.domain.daily import DEFAULT_MINUTE, DailyChoice, DailyPuzzle, day_of, minute_of, passed_today
from bot.domain.model import BOT_ID
from bot.domain.transitions import Refusal
from bot.flows import puzzles, records
from bot.flows.announce import Announce
from bot.flows.daily_news import DailyNews, DailyNoneNew, DailyPosted
from bot.flows.desk import Asker, Desk
from bot.flows.periodic import Periodic
from bot.storage.repository import Repository, Unavailable, WriteRefused

log = logging.getLogger(__name__)

CHECK_EVERY = 60.0  # seconds between checks: a post goes within a minute of its time


async def setting(repository: Repository, platform: str, channel_id: str) -> DailyPuzzle | None:
    """The channel's puzzle of the day, if it ever had one."""
    return await repository.daily_puzzle(platform, channel_id)


async def choose_daily(repository: Repository, asker: Asker, choice: DailyChoice, now: float) -> DailyPuzzle:
    """Turn the channel's puzzle of the day on (at the time given, else the one it had, else 09:00) or off.
    A time that has passed today makes tomorrow the first day."""
    before = await repository.daily_puzzle(asker.platform, asker.channel)
    minute = choice.minute if choice.minute is not None else before.minute if before else DEFAULT_MINUTE
    done = passed_today(minute, now) if choice.on else None
    return await repository.set_daily_puzzle(asker.platform, asker.channel, choice.on, minute, done,
                                             asker.user_id, now)


class DailyPuzzles(Periodic):
    """Posts the puzzles of the day; `run` is one check (the loop runs it every `interval` seconds)."""

    what = "puzzle of the day"

    def __init__(self, desk: Desk, announce: Announce, default_variant: str,
                 interval: float = CHECK_EVERY) -> None:
        super().__init__(interval, wait_first=True)
        self.desk = desk
        self.announce = announce
        self.default_variant = default_variant

    async def tick(self) -> None:
        await self.run()

    async def run(self) -> list[DailyNews]:
        """Post the puzzles due now, unless another task or process is posting; what was posted."""
        repository = self.desk.repository
        posted: list[DailyNews] = []
        async with repository.claim("daily-puzzles") as ours:
            if not ours:
                return posted
            now = self.desk.clock()
            day = day_of(now)
            for due in await repository.due_daily_puzzles(day, minute_of(now)):
                if not await repository.mark_daily_puzzle(due.platform, due.channel_id, day):
                    continue  # posted meanwhile, or turned off
                try:
                    news = await self._open(due, now)
                except (WriteRefused, Unavailable):
                    raise
                except Exception:
                    log.exception("the puzzle of the day in %s/%s failed", due.platform, due.channel_id)
                    continue
                posted.append(news)
                await self.announce(news)
        return posted

    async def _open(self, due: DailyPuzzle, now: float) -> DailyNews:
        repository, platform, channel = self.desk.repository, due.platform, due.channel_id
        asker = Asker(platform, channel, BOT_ID)
        variant = (await records.settings(repository, platform, channel)).variant or self.default_variant
        seen = await repository.shown_puzzles(platform, channel, variant)
        try:
            chosen = await puzzles.choose(repository, asker, variant, seen=seen)
        except Refusal:  # no puzzles of these rules at all
            return DailyNoneNew(platform, channel, variant, len(seen))
        if chosen.key in seen:  # choose() repeats one only when every puzzle was shown
            return DailyNoneNew(platform, channel, variant, len(seen))
        old = await repository.open_puzzle(platform, channel)
        ended = old if old is not None and await repository.end_puzzle(old.id, now) else None
        opened = await puzzles.open_puzzle(repository, asker, variant, variant, self.desk.clock,
                                           given=puzzles.One(chosen))
        return DailyPosted(platform, channel, opened, ended)

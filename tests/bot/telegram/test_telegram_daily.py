"""End to end on the fake Telegram: the puzzle of the day in a group, through python-telegram-bot, the
real service and storage (SQLite and PostgreSQL), with a clock the test controls. The group's creator sets
`/settings puzzle daily 09:00` (a member is refused); the day's puzzle arrives as a photo in the group
after 09:00 and not before, not again that day nor after a restart, and the next day a new one, which
ends yesterday's unsolved one with its solution."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.domain.daily import DAY
from bot.flows.daily_news import DailyPosted
from tests.bot.telegram.test_telegram_puzzles import ALICE, BOB, GROUP, Tammi, say
from tests.fakes.telegram_server import FakeTelegram

MONDAY = 20_000 * DAY  # a day's midnight, UTC


@pytest.fixture
async def daily(fake: FakeTelegram, database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tammi]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    fake.owners[GROUP["id"]] = ALICE["id"]  # Alice created the group: she manages it
    running = Tammi(fake, database)
    running.clock.now = MONDAY + 8 * 3600  # 08:00 UTC
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


async def run(tammi: Tammi) -> list[object]:
    assert tammi.parts is not None
    return list(await tammi.parts[1].daily.run())


async def test_the_daily_puzzle_arrives_in_the_group(fake: FakeTelegram, daily: Tammi) -> None:
    refused = await say(fake, BOB, "/settings puzzle daily 09:00")
    assert "Only people who manage this channel can change its settings" in refused.words
    on = await say(fake, ALICE, "/settings puzzle daily 09:00")
    assert "Puzzle of the day here: every day at 09:00 UTC, the next today" in on.words
    assert await run(daily) == []  # 08:00: not yet
    daily.clock.now = MONDAY + 9 * 3600 + 10
    mark = fake.mark()
    [posted] = await run(daily)
    assert isinstance(posted, DailyPosted)
    photo = await fake.wait_for("sendPhoto", mark, where=lambda c: c.chat_id == GROUP["id"])
    assert "The puzzle of the day!" in photo.words and "Puzzle #1 (" in photo.words
    assert photo.files["photo"][1].startswith(b"\x89PNG")
    first = posted.opened.shown
    daily.clock.now = MONDAY + 23 * 3600
    assert await run(daily) == []  # once a day
    await daily.stop()
    await daily.start()  # a restart
    assert await run(daily) == []  # not again
    daily.clock.now = MONDAY + DAY + 9 * 3600 + 10
    mark = fake.mark()
    [tomorrow] = await run(daily)
    assert isinstance(tomorrow, DailyPosted) and tomorrow.opened.shown.puzzle.key != first.puzzle.key
    photo = await fake.wait_for("sendPhoto", mark, where=lambda c: c.chat_id == GROUP["id"])
    assert "Puzzle #2 (" in photo.words
    assert f"Puzzle #{first.id} ends unsolved to make room for today's; its solution: " in photo.words

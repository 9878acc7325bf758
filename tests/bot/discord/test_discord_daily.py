"""End to end on the fake Discord: the puzzle of the day through discord.py, the real service and storage
(SQLite and PostgreSQL), with a clock the test controls. `/tammi settings puzzle:daily time:09:00` by the
server's owner (refused to a member), then the day's puzzle arrives in the channel as a message of its
own with its picture after 09:00 and not before, not again that day, and is answered by a typed move;
the settings options in both languages."""

from __future__ import annotations

import discord

from bot.config import DiscordConfig
from bot.domain.daily import DAY
from bot.flows.daily_news import DailyPosted
from bot.platforms.discord.tree import command_tree, definitions
from tests.bot.discord.test_discord_pings import start
from tests.bot.tammi_talk import Clock
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord

MONDAY = 20_000 * DAY  # a day's midnight, UTC


async def test_the_settings_options_in_both_languages() -> None:
    found = await definitions(command_tree(discord.Client(intents=discord.Intents.none())))
    [root] = [command for command in found if command["name"] == "tammi"]
    [settings] = [sub for sub in root["options"] if sub["name"] == "settings"]
    options = {option["name"]: option for option in settings["options"]}
    assert [choice["value"] for choice in options["puzzle"]["choices"]] == ["daily", "off"]
    assert options["puzzle"]["name_localizations"] == {"fi": "tehtävä"}
    assert options["time"]["type"] == 3 and options["time"]["name_localizations"] == {"fi": "aika"}


async def test_the_daily_puzzle_arrives_in_the_channel(fake: FakeDiscord, settings: DiscordConfig,
                                                       database: str) -> None:
    clock = Clock(MONDAY + 8 * 3600)  # 08:00 UTC
    bot = await start(database, settings, clock)
    try:
        [refused] = await fake.wait_answers(await fake.slash(BOB, "settings", puzzle="daily"))
        assert "Only people who manage this channel can change its settings" in refused.text
        [on] = await fake.wait_answers(await fake.slash(ALICE, "settings", puzzle="daily", time="09:00"))
        assert "Puzzle of the day here: every day at 09:00 UTC, the next today" in on.text
        before = len(fake.in_channel(CHANNEL_ID))
        assert await bot.service.daily.run() == []  # 08:00: not yet
        clock.now = MONDAY + 9 * 3600 + 30
        [posted] = await bot.service.daily.run()
        assert isinstance(posted, DailyPosted)
        [daily] = (await fake.wait_in_channel(CHANNEL_ID, before + 1))[before:]
        assert daily.via == "channel" and daily.interaction_id is None  # a message of its own
        assert "The puzzle of the day!" in daily.text and "Puzzle #1 (" in daily.text
        assert daily.files and daily.files[0][1].startswith(b"\x89PNG")
        clock.now = MONDAY + 22 * 3600
        assert await bot.service.daily.run() == []  # once a day
        puzzle = posted.opened.shown.puzzle
        await fake.type_message(BOB, puzzle.solution[0])
        [answer] = (await fake.wait_in_channel(CHANNEL_ID, before + 2))[before + 1:]
        assert f"bob: {puzzle.solution[0]} is right!" in answer.text or "bob solved puzzle #1!" in answer.text
        [off] = await fake.wait_answers(await fake.slash(ALICE, "settings", puzzle="off"))
        assert "Puzzle of the day here: off" in off.text
        clock.now = MONDAY + DAY + 10 * 3600
        assert await bot.service.daily.run() == []
    finally:
        await bot.close()

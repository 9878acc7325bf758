"""The puzzle of the day through the real service and storage (SQLite and PostgreSQL), with the adapter
played by the test and a clock the test controls: `settings puzzle daily [HH:MM]` and `settings puzzle
off` (and the Finnish words), refused to people who do not manage the channel, shown by `settings` and
explained by `help settings`; the day's puzzle posted as a notice after its time and not before, once a
day also from a second service on the same database (a restart, another process, both at once), the next day a
different one, and answered in the chat like any puzzle."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.chat.events import Event, Person, Reply
from bot.domain.daily import DAY
from bot.flows.daily_news import DailyPosted
from bot.platforms.base import answer
from tests.bot.tammi_talk import Chat, close_chat, open_chat

MONDAY = 20_000 * DAY  # a day's midnight, UTC


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    opened = await open_chat(database)
    opened.clock.now = MONDAY + 8 * 3600  # 08:00 UTC
    yield opened
    await close_chat(opened)


def manages(allowed: bool) -> Callable[[], Awaitable[bool]]:
    async def may_manage() -> bool:
        return allowed

    return may_manage


async def said(chat: Chat, user: str, text: str, *, manager: bool = True, locale: str | None = None) -> Reply:
    event = Event(chat.platform, chat.channel, Person(user, user), text=text, may_manage=manages(manager),
                  locale=locale)
    [reply] = await answer(chat.service, event)
    return reply


async def test_the_setting_in_both_languages_and_only_for_managers(chat: Chat) -> None:
    shown = await said(chat, "carol", "!tammi settings", manager=False)  # anyone may look
    assert "Puzzle of the day here: off (`settings puzzle daily 09:00`" in shown.text
    refused = await said(chat, "carol", "!tammi settings puzzle daily 09:00", manager=False)
    assert "Only people who manage this channel can change its settings" in refused.text
    assert await chat.storage.daily_puzzle("test", "c1") is None  # nothing changed
    on = await said(chat, "ann", "!tammi settings puzzle daily")
    assert "Puzzle of the day here: every day at 09:00 UTC, the next today" in on.text
    later = await said(chat, "ann", "!tammi asetukset tehtävä päivittäin 18.30")  # the Finnish words
    assert "every day at 18:30 UTC, the next today" in later.text  # in the reader's language
    setting = await chat.storage.daily_puzzle("test", "c1")
    assert setting is not None and (setting.on, setting.minute) == (True, 18 * 60 + 30)
    finnish = await said(chat, "ann", "!tammi asetukset fi tehtävä päivittäin 7:15")
    assert "Päivän tehtävä täällä: joka päivä kello 07:15 UTC, seuraava huomenna" in finnish.text
    off = await said(chat, "ann", "!tammi asetukset tehtävä pois")
    assert "Päivän tehtävä täällä: pois" in off.text
    setting = await chat.storage.daily_puzzle("test", "c1")
    assert setting is not None and not setting.on
    refused_off = await said(chat, "carol", "!tammi settings puzzle off", manager=False)
    assert "Only people who manage" in refused_off.text or "Vain kanavan" in refused_off.text


@pytest.mark.parametrize("words", ["settings puzzle", "settings puzzle sometimes",
                                   "settings puzzle daily 25:00",
                                   "settings 09:00", "settings puzzle off 09:00"])
async def test_words_that_say_no_setting_are_refused_with_what_to_write(chat: Chat, words: str) -> None:
    refused = await said(chat, "ann", f"!tammi {words}")
    assert "Say when the puzzle of the day comes here: `settings puzzle daily`" in refused.text
    assert await chat.storage.daily_puzzle("test", "c1") is None


async def test_help_settings_explains_it(chat: Chat) -> None:
    english = await said(chat, "ann", "!tammi help settings")
    assert "[puzzle daily [HH:MM] | puzzle off]" in english.text
    assert "`puzzle daily 09:00`: the puzzle of the day" in english.text
    finnish = await said(chat, "ann", "!tammi apua asetukset", locale="fi")
    assert "[tehtävä päivittäin [HH:MM] | tehtävä pois]" in finnish.text
    assert "`tehtävä päivittäin 09:00`: päivän tehtävä" in finnish.text


async def test_the_daily_post_once_a_day_and_a_new_one_the_next(chat: Chat, database: str) -> None:
    await said(chat, "ann", "!tammi settings puzzle daily 09:00")
    assert await chat.service.daily.run() == [] and chat.notices == []  # 08:00: not yet
    chat.clock.now = MONDAY + 9 * 3600 + 20
    [posted] = await chat.service.daily.run()
    assert isinstance(posted, DailyPosted)
    [notice] = chat.notices
    assert (notice.platform, notice.channel_id) == ("test", "c1")
    assert notice.reply.text.startswith("The puzzle of the day!\nPuzzle #1 (")
    assert "to play and win" in notice.reply.text and notice.reply.board_text
    puzzle = posted.opened.shown.puzzle
    right = await said(chat, "bob", puzzle.solution[0])  # answered in the chat like any puzzle
    assert f"bob: {puzzle.solution[0]} is right!" in right.text or "bob solved puzzle #1!" in right.text
    chat.clock.now = MONDAY + 20 * 3600
    assert await chat.service.daily.run() == [] and len(chat.notices) == 1  # not twice a day
    other = await open_chat(database)  # a second service on the same database (a restart)
    try:
        other.clock.now = chat.clock.now
        assert await other.service.daily.run() == [] and other.notices == []
        other.clock.now = MONDAY + DAY + 9 * 3600 + 5  # the next day: the other process posts it
        [tomorrow] = await other.service.daily.run()
        assert isinstance(tomorrow, DailyPosted) and tomorrow.opened.shown.puzzle.key != puzzle.key
        [second] = other.notices
        assert "The puzzle of the day!" in second.reply.text and "Puzzle #2 (" in second.reply.text
        chat.clock.now = other.clock.now
        assert await chat.service.daily.run() == []  # and this one does not
    finally:
        await close_chat(other)


async def test_the_day_is_marked_once_in_storage(chat: Chat) -> None:
    storage = chat.storage
    await storage.set_daily_puzzle("test", "c1", True, 9 * 60, None, "ann", chat.clock())
    day = int(chat.clock() // DAY)
    [due] = await storage.due_daily_puzzles(day, 9 * 60)
    assert due.channel_id == "c1" and due.last_day is None
    assert await storage.due_daily_puzzles(day, 9 * 60 - 1) == []
    assert await storage.mark_daily_puzzle("test", "c1", day)
    assert not await storage.mark_daily_puzzle("test", "c1", day)  # the second caller does not post
    assert await storage.due_daily_puzzles(day, 23 * 60) == []
    kept = await storage.set_daily_puzzle("test", "c1", True, 20 * 60, day - 1, "ann", chat.clock())
    assert kept.last_day == day  # a day posted stays posted
    off = await storage.set_daily_puzzle("test", "c1", False, 20 * 60, None, "ann", chat.clock())
    assert not off.on and not await storage.mark_daily_puzzle("test", "c1", day + 1)


async def test_the_setting_moves_with_its_channel(chat: Chat) -> None:
    await said(chat, "ann", "!tammi settings puzzle daily 10:00")
    await chat.storage.move_channel("test", "c1", "c9")  # a Telegram group became a supergroup
    assert await chat.storage.daily_puzzle("test", "c1") is None
    moved = await chat.storage.daily_puzzle("test", "c9")
    assert moved is not None and moved.on and moved.minute == 10 * 60


async def test_with_turn_pings_in_the_same_command(chat: Chat) -> None:
    text = "!tammi settings puzzle daily 10:00 notify off"
    event = Event(chat.platform, chat.channel, Person("ann", "ann"), text=text, may_manage=manages(True))
    replies = await answer(chat.service, event)
    assert "Puzzle of the day here: every day at 10:00 UTC" in replies[0].text
    assert replies[-1].text.startswith("Turn pings are off")
    setting = await chat.storage.daily_puzzle("test", "c1")
    assert setting is not None and setting.minute == 10 * 60


async def test_two_services_on_one_database_at_once_post_once(chat: Chat, database: str) -> None:
    await said(chat, "ann", "!tammi settings puzzle daily 09:00")
    other = await open_chat(database)  # another process sharing the database
    try:
        chat.clock.now = other.clock.now = MONDAY + 9 * 3600 + 1
        both = await asyncio.gather(chat.service.daily.run(), other.service.daily.run())
        assert sorted(len(posted) for posted in both) == [0, 1]
        assert len(chat.notices) + len(other.notices) == 1
        shown = await chat.storage.open_puzzle("test", "c1")
        assert shown is not None and shown.id == 1
    finally:
        await close_chat(other)


async def test_the_days_puzzle_reads_what_the_channel_was_shown_once(chat: Chat,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing the day's puzzle and opening it read the puzzles the channel was shown once, not once to
    choose, again to tell whether it is new, and again to open the one chosen."""
    await said(chat, "ann", "!tammi settings puzzle daily 09:00")
    reads: list[str] = []
    shown = chat.storage.shown_puzzles

    async def counted(platform: str, channel_id: str, variant: str) -> set[str]:
        reads.append(channel_id)
        return await shown(platform, channel_id, variant)

    monkeypatch.setattr(chat.storage, "shown_puzzles", counted)
    chat.clock.now = MONDAY + 9 * 3600 + 20
    [posted] = await chat.service.daily.run()
    assert isinstance(posted, DailyPosted) and reads == ["c1"]
    chat.clock.now += DAY  # the next day's is another one, chosen from what the channel has not seen
    [tomorrow] = await chat.service.daily.run()
    assert isinstance(tomorrow, DailyPosted) and reads == ["c1", "c1"]
    assert tomorrow.opened.shown.puzzle.key != posted.opened.shown.puzzle.key

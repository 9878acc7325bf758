"""Time spans in messages as people write them (issue 21, item 5 and the units of item 16): reminders
read "within 0 hours" and "for 0.0333333 hours" with short settings, Finnish said "min" and "t", and in a
game against the bot the reminder said that Tammi may claim the win, which nobody claims for it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.config import Config, PictureConfig
from bot.presentation.game_text import duration
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game

MINUTE, HOUR, DAY = 60, 3600, 86400


@pytest.mark.parametrize(("seconds", "english", "finnish"), [
    (1, "1 second", "1 sekunti"),
    (45, "45 seconds", "45 sekuntia"),
    (MINUTE, "1 minute", "1 minuutti"),
    (2 * MINUTE, "2 minutes", "2 minuuttia"),
    (90, "1 minute and 30 seconds", "1 minuutti ja 30 sekuntia"),
    (59 * MINUTE + 50, "1 hour", "1 tunti"),  # rounded as people round: not "59 minutes and 50 seconds"
    (HOUR, "1 hour", "1 tunti"),
    (2.5 * HOUR, "2 hours and 30 minutes", "2 tuntia ja 30 minuuttia"),
    (23 * HOUR + 58 * MINUTE, "1 day", "1 päivä"),
    (DAY, "1 day", "1 päivä"),
    (36 * HOUR, "1 day and 12 hours", "1 päivä ja 12 tuntia"),
    (72 * HOUR, "3 days", "3 päivää"),
    (30 * DAY, "30 days", "30 päivää"),
])
def test_a_span_in_words_with_plurals(seconds: float, english: str, finnish: str) -> None:
    assert duration("en", seconds) == english
    assert duration("fi", seconds) == finnish


@pytest.mark.parametrize(("role", "one", "two"), [
    ("in", "1 tunnin", "2 päivän ja 3 tunnin"),  # "... kuluessa", "... kuluttua"
    ("for", "1 tuntiin", "2 päivään ja 3 tuntiin"),  # "ei siirtänyt ..."
])
def test_finnish_spans_take_the_case_the_sentence_needs(role: str, one: str, two: str) -> None:
    assert duration("fi", HOUR, role) == one
    assert duration("fi", 2 * DAY + 3 * HOUR, role) == two
    assert duration("en", HOUR, role) == "1 hour"


@pytest.fixture
async def quick(databases: Databases) -> AsyncIterator[Chat]:
    """A service that reminds after 10 minutes and lets the waiting player claim after 12."""
    database = await databases.new("sqlite")
    config = Config(database=database, picture=PictureConfig(size=160, workers=0),
                    reminder_after=timedelta(minutes=10), abandon_after=timedelta(minutes=12))
    chat = await open_chat(database, config=config)
    yield chat
    await close_chat(chat)


@pytest.mark.parametrize(("locale", "within", "since", "ended"), [
    ("en", "within 1 minute and 30 seconds, ann may claim", "for 12 minutes: you may claim",
     "did not move for 12 minutes."),
    ("fi", "1 minuutin ja 30 sekunnin kuluessa, ann voi vaatia", "12 minuuttiin: voit vaatia",
     "ei siirtänyt 12 minuuttiin."),
])
async def test_reminders_with_short_settings_read_as_people_write(quick: Chat, locale: str, within: str,
                                                                  since: str, ended: str) -> None:
    quick.locales.update(ann=locale, bob=locale)
    await start_game(quick, "ann", "bob", "white")  # English: Red (bob) moves first
    quick.clock.advance(10 * MINUTE + 30)
    await quick.service.maintain()
    [reminder] = [notice.reply.text for notice in quick.notices]
    assert within in reminder and "0 hours" not in reminder and "0 tunnin" not in reminder
    quick.clock.advance(90)
    await quick.service.maintain()
    assert since in quick.notices[-1].reply.text
    [claimed] = await quick.say("ann", "!tammi claim")
    assert ended in claimed.text


async def test_claiming_too_early_says_how_long_in_words(quick: Chat) -> None:
    await start_game(quick, "ann", "bob", "white")
    quick.clock.advance(2 * MINUTE)
    [refused] = await quick.say("ann", "!tammi claim")
    assert "if bob does not move for 12 minutes (it has been 2 minutes)" in refused.text


async def test_a_challenge_says_when_it_expires_in_words(quick: Chat) -> None:
    [english] = await quick.say("ann", "!tammi challenge @bob")
    assert "The challenge expires in 1 day." in english.text
    [finnish] = await quick.say("eve", "!tammi haasta @carl", locale="fi")
    assert "Haaste vanhenee 1 päivän kuluttua." in finnish.text


@pytest.mark.parametrize("locale", ["en", "fi"])
async def test_the_reminder_in_a_game_against_the_bot_has_no_claim(quick: Chat, locale: str) -> None:
    quick.locales["ann"] = locale
    await quick.say("ann", "!tammi play white")  # the bot (Red) moves first
    await quick.service.wait_idle()
    quick.notices.clear()
    quick.clock.advance(10 * MINUTE + 30)
    await quick.service.maintain()
    [reminder] = [notice.reply.text for notice in quick.notices]
    assert reminder.startswith("ann, ")
    assert "Tammi" in reminder and "claim" not in reminder and "vaatia" not in reminder

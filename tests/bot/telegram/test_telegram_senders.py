"""Messages posted on behalf of a chat are nobody's moves (issue 21 item 2), end to end: the real adapter
on the fake Bot API, the real service and a SQLite file.

A linked channel's posts, which Telegram itself forwards into the discussion group (from "Telegram",
777000), are ignored: nobody typed them there. A user posting as a channel, or an anonymous administrator
(posting as the group), is no player: a move or a command that needs one gets one short answer saying so,
help and the rules are answered, and an anonymous administrator manages the group's settings (only
administrators can post anonymously)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.domain.model import ChannelSettings
from bot.platforms.telegram import TelegramAdapter
from bot.platforms.telegram.formatting import formatted
from bot.presentation import catalogue
from bot.storage import Repository
from tests.fakes.telegram_server import Call, FakeTelegram, channel, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
GROUP = group()
NEWS = channel()  # the group's linked channel, or one a member posts as


class Bot:
    def __init__(self, fake: FakeTelegram, database: Path) -> None:
        self.fake, self.database = fake, database
        self.storage: Repository | None = None
        self.parts: list[Repository | GameService | TelegramAdapter] = []

    async def start(self) -> None:
        self.storage = await open_repository(self.database)
        config = Config(database=str(self.database), picture=PictureConfig(size=96))
        service = GameService(self.storage, config)
        await service.start()
        adapter = TelegramAdapter(service, config_for(self.fake), poll_timeout=2,
                                  rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0))
        await adapter.start()
        self.parts = [adapter, service, self.storage]

    async def stop(self) -> None:
        for part in self.parts:
            await part.close()
        self.parts = []


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeTelegram]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def tammi(fake: FakeTelegram, tmp_path: Path) -> AsyncIterator[Bot]:
    bot = Bot(fake, tmp_path / "tammi.sqlite3")
    await bot.start()
    try:
        yield bot
    finally:
        await bot.stop()


async def answer(fake: FakeTelegram, post: Callable[[], dict[str, Any]]) -> Call:
    """The bot's next message after `post()` (which sends an update)."""
    mark = fake.mark()
    post()
    return await fake.wait_for("sendMessage", after=mark)


def shown(lang: str, key: str, **values: object) -> str:
    """A message of the catalogue as Telegram shows it (`code` as an entity, without backticks)."""
    return formatted(catalogue.say(lang, key, **values))[0]


async def challenges(bot: Bot) -> list[tuple[str, str | None]]:
    """(challenger id, challenged id or None) of the group's open challenges."""
    assert bot.storage is not None
    found = await bot.storage.open_challenges("telegram", str(GROUP["id"]), now=time.time())
    return [(c.challenger.user_id, c.target.user_id if c.target else None) for c in found]


async def test_a_linked_channels_posts_are_nobodys_commands(fake: FakeTelegram, tammi: Bot) -> None:
    await answer(fake, lambda: fake.send_text(GROUP, ALICE, "/games"))  # Alice's @username is known now
    fake.forward_from_channel(GROUP, NEWS, "/challenge @alice", origin=False)  # an older server's shape
    post = fake.forward_from_channel(GROUP, NEWS, "/challenge @alice")
    # Alice answers the post with a challenge: it names nobody (the post's "Telegram" is not a person).
    await answer(fake, lambda: fake.send_text(GROUP, ALICE, "/challenge", reply_to=post))
    assert await challenges(tammi) == [(str(ALICE["id"]), None)]
    assert len(fake.since(0, "sendMessage")) == 2  # nothing said to the posts


async def test_posting_as_a_channel_is_no_player(fake: FakeTelegram, tammi: Bot) -> None:
    await answer(fake, lambda: fake.send_text(GROUP, ALICE, "/games"))
    said = shown("en", "chat-post-not-player")
    assert (await answer(fake, lambda: fake.post_as(GROUP, NEWS, "/challenge @alice"))).words == said
    assert (await answer(fake, lambda: fake.post_as(GROUP, NEWS, "22-17"))).words == said
    assert (await answer(fake, lambda: fake.post_as(GROUP, NEWS, "/play 3"))).words == said
    fake.post_as(GROUP, NEWS, "what a game yesterday")  # plain chat: no answer
    rules = await answer(fake, lambda: fake.post_as(GROUP, NEWS, "/rules"))  # anyone may read the rules
    assert rules.words != said and "1." in rules.words
    settings = await answer(fake, lambda: fake.post_as(GROUP, NEWS, "/settings fi"))
    assert settings.words == shown("en", "settings-not-allowed")  # who posts as it is unknown
    assert len(fake.since(0, "sendMessage")) == 6
    assert await challenges(tammi) == []
    assert tammi.storage is not None
    assert await tammi.storage.channel_settings("telegram", str(GROUP["id"])) == ChannelSettings()


async def test_an_anonymous_admin_manages_the_group_but_cannot_play(fake: FakeTelegram, tammi: Bot) -> None:
    saved = await answer(fake, lambda: fake.post_as(GROUP, GROUP, "/settings fi"))
    said = shown("fi", "settings-saved", language=catalogue.language_name("fi", "fi"),
                 variant=catalogue.variant_title("fi", "english"))
    assert saved.words.splitlines()[0] == said  # then which way the boards face here
    assert tammi.storage is not None
    assert (await tammi.storage.channel_settings("telegram", str(GROUP["id"]))).language == "fi"
    refused = await answer(fake, lambda: fake.post_as(GROUP, GROUP, "/challenge"))
    assert refused.words == shown("fi", "chat-post-not-player")
    assert await challenges(tammi) == []
    # Alice's reply to the admin's message names no one either: her challenge is open to anyone.
    admins = fake.messages[(GROUP["id"], 1)]
    await answer(fake, lambda: fake.send_text(GROUP, ALICE, "/challenge", reply_to=admins))
    assert await challenges(tammi) == [(str(ALICE["id"]), None)]

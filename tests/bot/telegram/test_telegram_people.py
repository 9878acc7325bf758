"""Telegram names people by ids only (issue 11, item 2), end to end: the real adapter on the fake Bot
API, the real service and a SQLite file. An @username seen before a restart still names its owner after
it, never someone whose display name it is; a text mention names its user; a shared display name is
refused with a request to mention."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository, SqliteRepository
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Robert", "bob", "en")
MALLORY = user(1004, "bob", None, "en")  # her display name is Bob's username
NAMESAKE = user(1005, "Robert", None, "en")
GROUP = group()


class Bot:
    def __init__(self, fake: FakeTelegram, database: Path) -> None:
        self.fake, self.database = fake, database
        self.parts: list[Repository | GameService | TelegramAdapter] = []

    async def start(self) -> None:
        storage = await open_repository(self.database)
        service = GameService(storage, Config(database=self.database, picture=PictureConfig(size=96)))
        await service.start()
        adapter = TelegramAdapter(service, config_for(self.fake), poll_timeout=2,
                                  rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0))
        await adapter.start()
        self.parts = [adapter, service, storage]

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


async def said(fake: FakeTelegram, sender: dict[str, object], text: str, **kwargs: object) -> Call:
    mark = fake.mark()
    fake.send_text(GROUP, sender, text, **kwargs)  # type: ignore[arg-type]
    return await fake.wait_for("sendMessage", after=mark)


def pinged(call: Call) -> list[int]:
    return [e["user"]["id"] for e in call.params.get("entities", []) if e["type"] == "text_mention"]


async def test_usernames_survive_a_restart_and_never_match_display_names(fake: FakeTelegram,
                                                                          tmp_path: Path) -> None:
    bot = Bot(fake, tmp_path / "tammi.sqlite3")
    await bot.start()
    try:
        fake.send_text(GROUP, BOB, "hi all, anyone for draughts?")  # plain chat shows Bob's @username
        await said(fake, MALLORY, "/games")  # and a user whose display name is "bob"
        storage = bot.parts[2]
        assert isinstance(storage, SqliteRepository)
        async with asyncio.timeout(10):
            while await storage.by_handle("telegram", "bob") is None:
                await asyncio.sleep(0.02)
    finally:
        await bot.stop()
    await bot.start()  # the adapter's memory is empty now
    try:
        challenge = await said(fake, ALICE, "/challenge @bob")
        assert "Robert" in challenge.words and pinged(challenge) == [BOB["id"]]
        refused = await said(fake, ALICE, "/stats @nobody_here")
        assert "I don't know who “@nobody_here” is" in refused.words
    finally:
        await bot.stop()


async def test_a_text_mention_names_its_user_and_a_shared_name_is_refused(fake: FakeTelegram,
                                                                           tmp_path: Path) -> None:
    bot = Bot(fake, tmp_path / "tammi.sqlite3")
    await bot.start()
    try:
        await said(fake, BOB, "/games")
        await said(fake, NAMESAKE, "/games")  # another "Robert", seen last
        refused = await said(fake, ALICE, "/challenge Robert")
        assert "More than one person here is called “Robert”" in refused.words
        text = "/challenge Robert"
        mention = {"type": "text_mention", "offset": text.index("Robert"), "length": 6, "user": NAMESAKE}
        challenge = await said(fake, ALICE, text, entities=[mention])
        assert pinged(challenge) == [NAMESAKE["id"]]
    finally:
        await bot.stop()

"""Boards for everyone on Telegram, on the fake Bot API: a board photo's caption says whose move it is,
the last move and the pieces each side has; `/board text` shows the board as a monospace block."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.platforms.telegram import TelegramAdapter
from tests.bot.databases import Databases
from tests.fakes.telegram_server import FakeTelegram, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
CAROL = user(1003, "Carol", "carol", "en")
GROUP = group()


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram(privacy=True)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def tammi(fake: FakeTelegram, databases: Databases,
                monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    database = await databases.new("sqlite")
    storage = await open_repository(database)
    service = GameService(storage, Config(database=database, picture=PictureConfig(size=96)))
    await service.start()
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3)
    adapter = TelegramAdapter(service, config_for(fake), poll_timeout=2, rate_limiter=limiter)
    await adapter.start()
    try:
        yield
    finally:
        await adapter.close()
        await service.close()
        await storage.close()


@pytest.mark.usefixtures("tammi")
async def test_captions_describe_the_board_and_board_text_is_a_block(fake: FakeTelegram) -> None:
    hello = fake.send_text(GROUP, BOB, "anyone up for a game?")
    fake.send_text(GROUP, ALICE, "/challenge@tammi_bot black", reply_to=hello)
    challenge = await fake.wait_for("sendMessage")
    fake.press(BOB, challenge.result, dict(challenge.buttons)["Accept"])
    start = await fake.wait_for("sendPhoto")
    assert "Red (Alice) to move; no moves yet. Pieces: Red 12 men, 0 kings; White 12 men, 0 kings." \
        in start.words
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/move@tammi_bot 11-15")
    moved = await fake.wait_for("sendPhoto", after=mark)
    assert "White (Bob) to move; last move 11-15." in moved.words

    mark = fake.mark()
    fake.send_text(GROUP, CAROL, "/board@tammi_bot text #1")
    shown = await fake.wait_for("sendMessage", after=mark)
    [block] = [entity for entity in shown.params.get("entities", []) if entity["type"] == "pre"]
    board = shown.words[block["offset"]:block["offset"] + block["length"]]
    assert "White to move; last move 11-15" in board and "○" in board and "●" in board

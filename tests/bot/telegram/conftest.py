"""Fixtures for the Telegram adapter tests: the fake Bot API server and a way to run the adapter on it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from fake_telegram import FakeTelegram
from telegram.ext import AIORateLimiter

from bot.chat.events import Service
from bot.config import TelegramConfig
from bot.platforms.telegram import TelegramAdapter

StartAdapter = Callable[..., Awaitable[TelegramAdapter]]


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def config_for(fake: FakeTelegram, **options: Any) -> TelegramConfig:
    return TelegramConfig(
        token=fake.token, base_url=fake.base_url, base_file_url=fake.base_file_url, **options
    )


@pytest.fixture
async def start_adapter(fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StartAdapter]:
    """Start adapters over a service against the fake; every one still running is closed at the end."""
    # PTB 22 warns (an error under pytest) when a 429 is parsed unless this opt-in is set.
    monkeypatch.setenv("PTB_TIMEDELTA", "1")
    running: list[TelegramAdapter] = []

    async def start(service: Service, **options: Any) -> TelegramAdapter:
        adapter = TelegramAdapter(
            service,
            config_for(fake, **options),
            poll_timeout=2,
            # The real limiter's retry logic, without the 20-messages-a-minute pacing per group.
            rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3),
        )
        await adapter.start()
        running.append(adapter)
        return adapter

    try:
        yield start
    finally:
        for adapter in running:
            await adapter.close()

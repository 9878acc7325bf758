"""Fixtures for the Telegram adapter tests: the fake Bot API server and a way to run the adapter on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.chat.events import Service
from bot.platforms.telegram import TelegramAdapter
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, config_for


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


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

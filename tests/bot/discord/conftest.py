"""Fixtures for the Discord adapter tests: a fake Discord on 127.0.0.1 and settings pointing at it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fake_discord import FakeDiscord

from bot.config import DiscordConfig


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.close()


@pytest.fixture
def settings(fake: FakeDiscord) -> DiscordConfig:
    return fake.settings()

"""Fixtures for the Discord adapter tests: a fake Discord on 127.0.0.1 and settings pointing at it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import DiscordConfig
from tests.fakes.discord_server import FakeDiscord


@pytest.fixture(autouse=True)
def discord_endpoints() -> Iterator[None]:
    """Put back discord.py's process-wide endpoints, which the adapter points at the fake."""
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    yield
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.close()


@pytest.fixture
def settings(fake: FakeDiscord) -> DiscordConfig:
    return fake.settings()

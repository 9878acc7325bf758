"""`DiscordAdapter.connected` on the fake Discord: /healthz says 503 (and the gauge 0) while the gateway is
gone, and 200 again once discord.py has reconnected."""

from __future__ import annotations

import pytest

from bot.platforms.discord import DiscordAdapter
from tests.bot.test_health import health_of
from tests.fakes.discord_server import ALICE, CHANNEL_ID, FakeDiscord
from tests.fakes.stub_service import StubService


async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
    """Discord wants 5 s between identifies; the fake does not."""


@pytest.mark.parametrize("shards", [1, 2])
async def test_health_follows_the_gateway(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch,
                                          shards: int) -> None:
    service = StubService()
    adapter = DiscordAdapter(service, fake.settings(shard_count=shards), guild_ready_timeout=0.05)
    monkeypatch.setattr(adapter.client, "before_identify_hook", no_wait)
    assert not adapter.connected  # not started
    async with health_of(adapter) as health:
        await adapter.wait_until_ready()
        await fake.wait_identified(shards)
        assert await health.until(200) == (200, "ok\n", [1.0])
        await fake.drop()  # every gateway connection closes, and new ones hang
        assert await health.until(503) == (503, "down: discord: not connected\n", [0.0])
        assert not adapter.connected
        fake.restore()
        assert await health.until(200) == (200, "ok\n", [1.0])
        assert len(fake.connections) > 2 * shards  # it did connect again (resumed or identified anew)
        await fake.type_message(ALICE, "9-13")  # and hears the server again
        await fake.wait_in_channel(CHANNEL_ID, 1)
        assert [e.text for e in service.events] == ["9-13"]
    assert not adapter.connected  # closed

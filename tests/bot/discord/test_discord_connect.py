"""The bot logs in to the fake Discord, gets READY and a server, and registers its commands once."""

from __future__ import annotations

from fake_discord import CHANNEL_ID, GUILD_ID, THREAD_ID, FakeDiscord, Settings
from stub_service import StubService

from bot.discord_adapter import DiscordAdapter


async def test_logs_in_and_receives_the_server(fake: FakeDiscord, settings: Settings) -> None:
    adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
    await adapter.start()
    try:
        await adapter.wait_until_ready()
        [connection] = await fake.wait_identified()
        assert connection.query["encoding"] == "json"
        assert connection.identify is not None
        assert connection.identify["token"] == "fake-token"
        assert connection.identify["intents"] & (1 << 15)  # message content
        guild = adapter.client.get_guild(GUILD_ID)
        assert guild is not None and guild.get_channel(CHANNEL_ID) is not None
        assert guild.get_thread(THREAD_ID) is not None
        assert fake.command_puts == 1
        assert fake.commands[0]["name"] == "tammi"
    finally:
        await adapter.close()
    assert fake.unknown == []

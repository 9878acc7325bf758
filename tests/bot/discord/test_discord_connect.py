"""The bot logs in to the fake Discord, gets READY and a server, and registers its commands once."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import DiscordConfig
from bot.platforms.base import TokenRejected
from bot.platforms.discord import DiscordAdapter, sync_commands
from bot.platforms.discord.client import use_endpoints
from bot.platforms.discord.tree import SUBCOMMANDS
from tests.fakes.discord_server import (
    ALICE,
    BOT,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    GUILD_ID,
    MESSAGE_CONTENT,
    THREAD_ID,
    FakeDiscord,
)
from tests.fakes.stub_service import StubService


async def test_logs_in_and_receives_the_server(fake: FakeDiscord, settings: DiscordConfig) -> None:
    adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
    await adapter.start()
    try:
        await adapter.wait_until_ready()
        [connection] = await fake.wait_identified()
        assert connection.query["encoding"] == "json"
        assert connection.identify is not None
        assert connection.identify["token"] == "fake-token"
        assert connection.identify["intents"] & MESSAGE_CONTENT
        guild = adapter.client.get_guild(GUILD_ID)
        assert guild is not None and guild.get_channel(CHANNEL_ID) is not None
        assert guild.get_thread(THREAD_ID) is not None
        assert fake.command_puts == 1
        assert fake.commands[0]["name"] == "tammi"
    finally:
        await adapter.close()
    assert fake.unknown == []


async def test_commands_are_pushed_only_when_they_change(fake: FakeDiscord, settings: DiscordConfig) -> None:
    for _ in range(2):
        adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
        await adapter.start()
        await adapter.close()
    assert fake.command_puts == 1
    fake.commands[0]["options"].pop()  # Discord holds an older definition
    adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.close()
    assert fake.command_puts == 2 and len(fake.commands[0]["options"]) == len(SUBCOMMANDS)
    # A change to a Finnish text alone counts too (Discord shows them only when asked to).
    fake.commands[0]["options"][0]["description_localizations"] = {"fi": "Vanha kuvaus"}
    adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.close()
    assert fake.command_puts == 3
    assert fake.commands[0]["options"][0]["description_localizations"] == {
        "fi": "Haasta pelaaja (tai kuka tahansa) peliin"}


async def test_sync_commands_pushes_the_definitions(fake: FakeDiscord, settings: DiscordConfig) -> None:
    assert await sync_commands(settings) == len(SUBCOMMANDS)
    assert await sync_commands(settings) == len(SUBCOMMANDS)
    assert fake.command_puts == 2
    tammi, puzzle = fake.commands  # /puzzle is a command of its own
    assert puzzle["name"] == "puzzle"
    move = next(sub for sub in tammi["options"] if sub["name"] == "move")
    assert move["description_localizations"] == {"fi": "Tee siirto, esim. 9-13 tai 10x17x26"}
    assert move["options"][0] == {
        "name": "move", "name_localizations": {"fi": "siirto"}, "description": "The move",
        "description_localizations": {"fi": "Siirto"}, "type": 3, "autocomplete": True, "required": True}
    challenge = next(sub for sub in tammi["options"] if sub["name"] == "challenge")
    assert [option["type"] for option in challenge["options"]] == [6, 3, 3, 5]
    assert [c["value"] for c in challenge["options"][1]["choices"]] == ["english", "italian", "international"]
    assert fake.connections == []  # syncing needs no gateway connection


async def test_without_the_message_content_intent(fake: FakeDiscord) -> None:
    service = StubService()
    adapter = DiscordAdapter(service, fake.settings(message_content=False), guild_ready_timeout=0.05)
    await adapter.start()
    try:
        [connection] = await fake.wait_identified()
        assert connection.identify is not None
        assert not connection.identify["intents"] & MESSAGE_CONTENT
        # Discord blanks a typed move, so it is ignored; mentions, DMs and slash commands still work.
        await fake.type_message(ALICE, "11-15")
        await fake.type_message(ALICE, f"<@{BOT.id}> 11-15", mentions=(BOT,))
        await fake.type_message(ALICE, "11-15", channel_id=DM_CHANNEL_ID)
        interaction = await fake.slash(ALICE, "move", move="11-15")
        await fake.wait_answers(interaction)
        await fake.wait_in_channel(DM_CHANNEL_ID, 1)
        await fake.wait_in_channel(CHANNEL_ID, 1)
        assert [(e.text, e.command) for e in service.events] == [
            ("11-15", None), ("11-15", None), ("11-15", "move")]
    finally:
        await adapter.close()


async def test_the_token_may_come_from_the_environment(fake: FakeDiscord,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "env-token")
    fake.token = "env-token"
    adapter = DiscordAdapter(StubService(), fake.settings(token=None), guild_ready_timeout=0.05)
    await adapter.start()
    try:
        [connection] = await fake.wait_identified()
        assert connection.identify is not None and connection.identify["token"] == "env-token"
    finally:
        await adapter.close()
    monkeypatch.delenv("DISCORD_TOKEN")
    with pytest.raises(ValueError, match="DISCORD_TOKEN"):
        await DiscordAdapter(StubService(), fake.settings(token=None)).start()


async def test_shards(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    service = StubService()
    adapter = DiscordAdapter(service, fake.settings(shard_count=2), guild_ready_timeout=0.05)
    assert isinstance(adapter.client, discord.AutoShardedClient)

    async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
        """Discord wants 5 s between identifies; the fake does not."""

    monkeypatch.setattr(adapter.client, "before_identify_hook", no_wait)
    await adapter.start()
    try:
        connections = await fake.wait_identified(2)
        assert sorted(c.identify["shard"] for c in connections if c.identify) == [[0, 2], [1, 2]]
        await adapter.wait_until_ready()
        assert adapter.client.get_guild(GUILD_ID) is not None
        await fake.type_message(ALICE, "9-13")
        await fake.type_message(ALICE, "hello", channel_id=DM_CHANNEL_ID)
        await fake.wait_in_channel(DM_CHANNEL_ID, 1)
        await fake.wait_in_channel(CHANNEL_ID, 1)
        assert [e.text for e in service.events] == ["9-13", "hello"]
    finally:
        await adapter.close()


async def test_a_refused_intent_ends_the_connection_with_a_hint(fake: FakeDiscord, settings: DiscordConfig,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    fake.refuse_message_content = True
    adapter = DiscordAdapter(StubService(), settings, guild_ready_timeout=0.05)
    await adapter.start()
    try:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await asyncio.wait_for(adapter.wait_closed(), 5)
    finally:
        await adapter.close()
    assert "message_content = false" in caplog.text


def test_the_endpoints_default_to_discord() -> None:
    use_endpoints(DiscordConfig(token="t"))
    assert Route.BASE == "https://discord.com/api/v10"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"
    use_endpoints(DiscordConfig(token="t", api_base_url="http://proxy:8080/api/v10/", gateway_url="ws://gw:7878"))
    assert Route.BASE == "http://proxy:8080/api/v10"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://gw:7878"


async def test_a_rejected_token_is_said_in_one_line(fake: FakeDiscord) -> None:
    wrong = fake.settings(token="wrong-token")
    with pytest.raises(TokenRejected, match=r"^Discord refused the bot token \(DISCORD_TOKEN") as refused:
        await sync_commands(wrong)
    assert "wrong-token" not in str(refused.value)
    with pytest.raises(TokenRejected):
        await DiscordAdapter(StubService(), wrong).start()

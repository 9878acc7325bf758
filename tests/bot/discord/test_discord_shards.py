"""`[discord] shard_ids`: a process runs a part of the shards, so several processes share one bot."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.config import ConfigError, DiscordConfig, load_config
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import ALICE, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID, FakeDiscord
from tests.fakes.stub_service import StubService


async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
    """Discord wants 5 s between identifies; the fake does not."""


async def test_two_processes_each_run_one_of_two_shards(fake: FakeDiscord,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    services = [StubService(), StubService()]
    adapters = [DiscordAdapter(services[shard], fake.settings(shard_count=2, shard_ids=(shard,)),
                               guild_ready_timeout=0.05) for shard in (0, 1)]
    for adapter in adapters:
        assert isinstance(adapter.client, discord.AutoShardedClient)
        monkeypatch.setattr(adapter.client, "before_identify_hook", no_wait)
        await adapter.start()
    try:
        connections = await fake.wait_identified(2)
        assert sorted(c.identify["shard"] for c in connections if c.identify) == [[0, 2], [1, 2]]
        owner = (GUILD_ID >> 22) % 2  # Discord's rule: the server's events go to this shard
        await adapters[owner].wait_until_ready()
        assert adapters[owner].client.get_guild(GUILD_ID) is not None
        assert adapters[1 - owner].client.get_guild(GUILD_ID) is None
        await fake.type_message(ALICE, "9-13")
        await fake.type_message(ALICE, "hello", channel_id=DM_CHANNEL_ID)  # direct messages: shard 0
        await fake.wait_in_channel(CHANNEL_ID, 1)
        await fake.wait_in_channel(DM_CHANNEL_ID, 1)
        texts = [[event.text for event in service.events] for service in services]
        assert texts[owner][:1] == ["9-13"] and "9-13" not in texts[1 - owner]
        assert "hello" in texts[0] and "hello" not in texts[1]
    finally:
        for adapter in adapters:
            await adapter.close()


def test_shard_ids_need_a_shard_count_that_holds_them(tmp_path: Path) -> None:
    assert DiscordConfig(shard_count=4, shard_ids=(0, 3)).shard_ids == (0, 3)
    path = tmp_path / "tammi.toml"
    path.write_text("[discord]\nshard_count = 4\nshard_ids = [2, 3]\n", encoding="utf-8")
    assert load_config(path, env={}).discord.shard_ids == (2, 3)
    for wrong in ({"shard_ids": (0,)}, {"shard_count": 2, "shard_ids": (2,)},
                  {"shard_count": 2, "shard_ids": ()}):
        with pytest.raises(ConfigError, match=r"discord\.shard_ids"):
            DiscordConfig(**wrong)  # type: ignore[arg-type]

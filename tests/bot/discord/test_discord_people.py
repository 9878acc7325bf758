"""Discord names people by ids only (issue 11, item 2), end to end on the fake Discord with the real
service: a typed display name two people share is refused, a mention names the one meant, and a
look-alike name (a zero-width space inside) is not taken for the real one."""

from __future__ import annotations

from pathlib import Path

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, PictureConfig
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import ALICE, BOB, BOT, CHANNEL_ID, FakeDiscord, Sent, User

IMPOSTOR = User(700000000000000104, "bob\u200b")


async def typed(fake: FakeDiscord, who: User, text: str, mentions: tuple[User, ...] = ()) -> Sent:
    before = len(fake.in_channel(CHANNEL_ID))
    await fake.type_message(who, f"<@{BOT.id}> {text}", mentions=(BOT, *mentions))
    sent = await fake.wait_in_channel(CHANNEL_ID, before + 1)
    return sent[before]


async def test_a_shared_name_is_refused_and_a_mention_names_the_one_meant(
        fake: FakeDiscord, settings: DiscordConfig, tmp_path: Path) -> None:
    database = tmp_path / "tammi.sqlite3"
    storage = await open_repository(database)
    service = GameService(storage, Config(database=database, picture=PictureConfig(size=96)))
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    try:
        await adapter.start()
        await adapter.wait_until_ready()
        await typed(fake, BOB, "games")
        await typed(fake, IMPOSTOR, "games")  # seen last: the old lookup took this one
        refused = await typed(fake, ALICE, "challenge bob")
        assert "More than one person here is called “bob”" in refused.text
        assert not await storage.open_challenges("discord", str(CHANNEL_ID), now=2e9)
        challenge = await typed(fake, ALICE, f"challenge <@{BOB.id}>", mentions=(BOB,))
        assert f"<@{BOB.id}>" in (challenge.content or "")
        [posted] = await storage.open_challenges("discord", str(CHANNEL_ID), now=0)
        assert posted.target is not None and posted.target.user_id == str(BOB.id)
    finally:
        await adapter.close()
        await service.close()
        await storage.close()

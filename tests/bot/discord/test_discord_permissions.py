"""Where Tammi may not attach files, boards come as text and the channel is told once which permission
is missing (issue 21 item 10): the real discord.py client against the fake Discord, which refuses
attachments there with 403 Missing Permissions (50013)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Attachment, Notice, Reply
from bot.config import DiscordConfig
from bot.platforms.discord import DiscordAdapter
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, THREAD_ID, FakeDiscord
from tests.fakes.stub_service import StubService

PNG = b"\x89PNG\r\n\x1a\nnot really a picture"
HINT = ("Tammi may not attach files in this channel, so boards come without their picture. Someone who "
        "manages the server can give Tammi the **Attach Files** permission here.")


@pytest.fixture
def service() -> StubService:
    return StubService(lambda event: [board(event.text)])


@pytest.fixture
async def adapter(fake: FakeDiscord, settings: DiscordConfig,
                  service: StubService) -> AsyncIterator[DiscordAdapter]:
    bot = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await bot.start()
    try:
        await bot.wait_until_ready()
        yield bot
    finally:
        await bot.close()
    assert fake.unknown == []


def board(move: str) -> Reply:
    return Reply(text=f"played {move}", title="Game 7", attachment=Attachment(PNG, "board.png"),
                 kind="board", game_id=7)


async def test_the_channel_is_told_once_which_permission_is_missing(
        fake: FakeDiscord, adapter: DiscordAdapter, service: StubService) -> None:
    fake.no_attach_channels.update({str(CHANNEL_ID), str(THREAD_ID)})
    await fake.type_message(ALICE, "22-17")
    await fake.wait_in_channel(CHANNEL_ID, 2)
    await fake.type_message(BOB, "9-13")
    await fake.wait_in_channel(CHANNEL_ID, 3)
    await service.notify(Notice("discord", str(CHANNEL_ID), board("Tammi's 11-15")))
    first, hint, second, notice = await fake.wait_in_channel(CHANNEL_ID, 4)
    assert hint.content == HINT
    assert [m.embeds[0]["description"] for m in (first, second, notice)] == [
        "played 22-17", "played 9-13", "played Tammi's 11-15"]
    assert all(m.files == [] and "image" not in m.embeds[0] for m in (first, second, notice))
    # Another channel is told too, in its own language.
    service.languages[str(THREAD_ID)] = "fi"
    await fake.type_message(ALICE, "22-17", channel_id=THREAD_ID)
    text_board, finnish = await fake.wait_in_channel(THREAD_ID, 2)
    assert text_board.files == [] and "**Liitä tiedostoja** (Attach Files)" in (finnish.content or "")
    # Where files may be attached, boards have their picture and no one is told anything.
    fake.no_attach_channels.clear()
    await fake.type_message(ALICE, "5-9")
    *_, last = await fake.wait_in_channel(CHANNEL_ID, 5)
    assert last.files == [("board.png", PNG)] and len(fake.in_channel(CHANNEL_ID)) == 5

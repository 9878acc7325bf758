"""The `games` list names its next page the way each platform asks for it: a bare `games 2` reaches Tammi
only where bare words are read (issue 21 item 11)."""

from __future__ import annotations

import pytest

from bot.domain.model import ColourChoice, NewChallenge, Player
from tests.bot.databases import Databases
from tests.bot.tammi_talk import close_chat, open_chat

NEXT = {
    "discord": "…and 1 more. Use `/tammi games page:2` for the next page.",
    "telegram": "…and 1 more. Send `/games 2` for the next page.",
    "console": "…and 1 more. Type `games 2` for the next page.",
}


@pytest.mark.parametrize("platform", sorted(NEXT))
async def test_the_next_page_as_the_platform_asks_for_it(databases: Databases, platform: str) -> None:
    chat = await open_chat(await databases.new("sqlite"), platform=platform)
    try:
        size = chat.service.config.limits.page_lines
        now = chat.clock()
        for number in range(size + 1):
            await chat.storage.create_challenge(NewChallenge(
                platform, chat.channel, Player(str(1000 + number), f"player{number}"), None, "english",
                ColourChoice.RANDOM, False, now, now + 3600))
        [first] = await chat.command("ann", "games")
        [second] = await chat.command("ann", "games", "2")
    finally:
        await close_chat(chat)
    assert NEXT[platform] in first.text.splitlines()
    assert "Page 2 of 2." in second.text and "more" not in second.text

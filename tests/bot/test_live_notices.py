"""Live boards through the real service and storage (SQLite and PostgreSQL), with the adapter played by
the test: the board of the bot's move, a notice the service sends on its own, is marked to edit the
game's live board like a reply is; `settings live` and its Finnish words; a typo in the setting refused
with what to write."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.chat.events import Reply
from tests.bot.discord.test_discord_game import first_move
from tests.bot.tammi_talk import Chat, close_chat, open_chat


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    opened = await open_chat(database, choose_move=first_move)
    yield opened
    await close_chat(opened)


async def posted(reply: Reply, message_id: str) -> None:
    """What an adapter does once a live board went out as `message_id`."""
    assert reply.live is not None
    await reply.live.kept(message_id)


async def test_the_bots_move_edits_the_live_board(chat: Chat) -> None:
    [answer] = await chat.say("ann", "!tammi asetukset elävä päälle")  # the Finnish words
    assert "Live boards here: on" in answer.text  # in the reader's language
    [started] = await chat.say("ann", "!tammi play 1 black")
    assert started.live is not None and started.live.edit is None  # the first board: posted
    assert started.buttons[-1].id == f"bmp:{started.game_id}"
    await posted(started, "m1")
    [mine] = await chat.say("ann", (await chat.service.suggest_moves("test", "c1", "ann"))[0])
    assert mine.live is not None and mine.live.edit == "m1"
    await chat.service.wait_idle()
    [bots] = [n for n in chat.notices if n.reply.game_id == started.game_id]
    assert bots.reply.live is not None and bots.reply.live.edit == "m1"  # the bot's move edits it too
    assert "Tammi played" in bots.reply.text and bots.channel_id == "c1"
    [bumped] = await chat.say("ann", "!tammi nosta")
    assert bumped.live is not None and bumped.live.edit is None and bumped.live.replaces == "m1"
    [refused] = await chat.say("ann", "!tammi settings live maybe")
    assert refused.private and "settings live on" in refused.text
    [refused] = await chat.say("ann", "!tammi settings threads on")  # not on this platform
    assert refused.private and "Game threads are a Discord setting" in refused.text
    [off] = await chat.say("ann", "!tammi settings live off")
    assert "Live boards here: off" in off.text
    [plain] = await chat.say("ann", (await chat.service.suggest_moves("test", "c1", "ann"))[0])
    assert plain.live is None and all(not b.id.startswith("bmp:") for b in plain.buttons)

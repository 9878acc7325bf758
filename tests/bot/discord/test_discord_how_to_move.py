"""Issue 21 item 7 on the fake Discord, through the real discord.py client: a new board says how to move
with the configuration in force (typed moves only where they reach the bot; else the Move button and
`/tammi move`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.bot.discord.test_discord_game import button, run_bot
from tests.fakes.discord_server import ALICE, BOB, CAROL, CHANNEL_ID, DM_CHANNEL_ID, FakeDiscord

TYPED = "Type your move as a message"
UNTYPED = "Move with the Move button under the board, or with `/tammi move`"


@pytest.mark.parametrize("content", [True, False])
async def test_a_game_start_says_how_to_move_here(fake: FakeDiscord, tmp_path: Path, content: bool) -> None:
    running = await run_bot(str(tmp_path / "tammi.sqlite3"), fake.settings(message_content=content))
    try:
        challenged = await fake.slash(ALICE, "challenge", opponent=BOB, colour="white")
        [challenge] = await fake.wait_answers(challenged)
        [start] = await fake.wait_answers(await fake.press(BOB, challenge, button(challenge, "acc")))
        # In a DM typed moves always arrive: the bot opens (Alice is White), then says how to answer.
        [in_dm] = await fake.wait_answers(await fake.slash(ALICE, "play", channel_id=DM_CHANNEL_ID,
                                                           level=1, colour="white"))
        [bot_opened] = await fake.wait_in_channel(DM_CHANNEL_ID, 1)
        # In the server, Carol plays the bot: her first board says how to move.
        [against_bot] = await fake.wait_answers(await fake.slash(CAROL, "play", level=1, colour="black"))
    finally:
        await running.close()
    assert (TYPED in start.text) is content and (UNTYPED in start.text) is not content
    assert (TYPED in against_bot.text) is content and (UNTYPED in against_bot.text) is not content
    assert TYPED not in in_dm.text  # the bot is to move: nothing to say yet
    assert TYPED in bot_opened.text or UNTYPED in bot_opened.text
    assert (TYPED in bot_opened.text) is content  # a notice knows only the platform's configuration


async def test_the_bots_opening_move_says_how_to_move_without_message_content(fake: FakeDiscord,
                                                                             tmp_path: Path) -> None:
    running = await run_bot(str(tmp_path / "tammi.sqlite3"), fake.settings(message_content=False))
    try:
        await fake.wait_answers(await fake.slash(ALICE, "play", level=1, colour="white"))
        [opened] = await fake.wait_in_channel(CHANNEL_ID, 1)
        moves = await running.service.suggest_moves("discord", str(CHANNEL_ID), str(ALICE.id))
    finally:
        await running.close()
    assert UNTYPED in opened.text and TYPED not in opened.text
    assert re.search(r"`/tammi move (\S+)`", opened.text)[1] in moves  # type: ignore[index]

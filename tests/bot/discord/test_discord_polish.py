"""Issue 11 on the fake Discord: a bot account cannot be challenged; `/tammi pdn` takes a game number."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import DiscordConfig
from tests.bot.discord.test_discord_game import Running, button, run_bot
from tests.fakes.discord_data import User
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord

ROBO = User(700000000000000199, "robo", bot=True)
CAROL = User(700000000000000198, "carol")


@pytest.fixture
async def bot(fake: FakeDiscord, settings: DiscordConfig, tmp_path: Path) -> AsyncIterator[Running]:
    running = await run_bot(tmp_path / "tammi.sqlite3", settings)
    try:
        yield running
    finally:
        await running.close()


async def test_a_bot_account_cannot_be_challenged(fake: FakeDiscord, bot: Running) -> None:
    challenged = await fake.slash(ALICE, "challenge", opponent=ROBO)
    [refusal] = await fake.wait_answers(challenged)
    text = refusal.content or ""
    assert refusal.ephemeral and "robo is a bot" in text and "`play`" in text
    assert await bot.storage.open_challenges("discord", str(CHANNEL_ID), now=bot.service.desk.clock()) == []


async def test_pdn_of_a_game_by_its_number(fake: FakeDiscord, bot: Running) -> None:
    challenged = await fake.slash(ALICE, "challenge", opponent=BOB, colour="white")
    [challenge] = await fake.wait_answers(challenged)
    accepted = await fake.press(BOB, challenge, button(challenge, "acc"))
    await fake.wait_answers(accepted)
    game = await bot.storage.active_game_for("discord", str(CHANNEL_ID), str(ALICE.id))
    assert game is not None
    asked = await fake.slash(CAROL, "pdn", game=game.id)  # carol has no game of her own to default to
    [answer] = await fake.wait_answers(asked)
    assert f"PDN of game #{game.id}" in answer.text and "[White \"alice\"]" in answer.text

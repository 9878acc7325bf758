"""Discord without a server: `/tammi` registered for user installs too, and games in a group DM.

Where a person installed Tammi to their account, it is no member of the DMs and group DMs they use it
in: it answers their commands and buttons there but may not post on its own (the fake refuses such a post
with Missing Access). The bot's later moves go as followups of the channel's latest interaction, or, when
its token has run out, with the answer to the next interaction there.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, OpponentConfig, PictureConfig
from bot.platforms.discord import DiscordAdapter
from bot.platforms.discord.tree import sync_if_changed
from engine import Board, Move
from tests.bot.discord.test_discord_game import Running, button, picture
from tests.fakes.discord_server import ALICE, APP_ID, BOB, FRIENDS_DM_ID, GROUP_DM_ID, FakeDiscord, Sent

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class HeldMoves:
    """The built-in opponent playing its first legal move, each only once the test lets it."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.go.set()

    def __call__(self, board: Board, **limits: object) -> Move:
        assert self.go.wait(10), "the test never let the bot move"
        return next(iter(board.legal_moves))


@pytest.fixture
def moves() -> HeldMoves:
    return HeldMoves()


@pytest.fixture
async def bot(fake: FakeDiscord, settings: DiscordConfig, database: str,
              moves: HeldMoves) -> AsyncIterator[Running]:
    config = Config(database=database, opponent=OpponentConfig(max_level=5, time_limit=0.2),
                    picture=PictureConfig(size=160))
    storage = await open_repository(database)
    service = GameService(storage, config, choose_move=moves)
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.wait_until_ready()
    running = Running(storage, service, adapter)
    try:
        yield running
    finally:
        await running.close()


async def held_notice(bot: Running, channel_id: int) -> None:
    """Wait until the adapter holds a notice for the channel (it does so after Discord's refusal)."""
    async def held() -> None:
        while not bot.adapter.outside.held(str(channel_id)):
            await asyncio.sleep(0.01)
    await asyncio.wait_for(held(), 5)


def posted_in(fake: FakeDiscord, channel_id: int) -> list[tuple[str, str]]:
    """The bot's own posts (not answers) tried in the channel."""
    return [r for r in fake.requests if r == ("POST", f"/channels/{channel_id}/messages")]


async def test_the_command_is_registered_for_user_installs(fake: FakeDiscord, bot: Running) -> None:
    assert "tammi" in {command["name"] for command in fake.commands}
    for command in fake.commands:  # /tammi, and /puzzle beside it
        assert command["integration_types"] == [0, 1] and command["contexts"] == [0, 1, 2], command["name"]
    # A registration from before (servers only) is pushed again, with the user install; then it stands.
    for command in fake.commands:
        command.update(integration_types=[0], contexts=[0, 1])
    assert await sync_if_changed(bot.adapter.tree)
    assert [(c["integration_types"], c["contexts"]) for c in fake.commands] == [([0, 1], [0, 1, 2])] * len(
        fake.commands)
    assert not await sync_if_changed(bot.adapter.tree) and fake.command_puts == 2


async def test_discord_refuses_contexts_an_install_cannot_have(fake: FakeDiscord) -> None:
    """The fake checks a sync as Discord does: DMs between people only for a command a user installs."""
    url = f"{fake.api_base_url}/applications/{APP_ID}/commands"
    bad = [{"name": "tammi", "description": "x", "type": 1, "integration_types": [0], "contexts": [0, 2]},
           {"name": "other", "description": "x", "type": 1, "integration_types": [3]}]
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session, session.put(url, json=bad, headers=headers) as answer:
        assert answer.status == 400
        assert set((await answer.json())["errors"]) == {"0.contexts", "1.integration_types"}
    assert fake.commands == []


@pytest.mark.parametrize("channel", [GROUP_DM_ID, FRIENDS_DM_ID])
async def test_two_friends_play_in_their_own_dm_through_slash_commands(fake: FakeDiscord, bot: Running,
                                                                       channel: int) -> None:
    challenged = await fake.slash(ALICE, "challenge", channel_id=channel, opponent=BOB, variant="english",
                                  colour="white")
    [challenge] = await fake.wait_answers(challenged)
    assert f"<@{BOB.id}>" in (challenge.content or "") and not challenge.ephemeral
    [start] = await fake.wait_answers(await fake.press(BOB, challenge, button(challenge, "acc")))
    assert picture(start).startswith(PNG_SIGNATURE) and button(start, "mov")
    assert "/tammi move" in start.text  # typed moves do not reach Tammi here: the board says how to move

    boards: list[Sent] = []
    for player, move in ((BOB, "11-15"), (ALICE, "22-18"), (BOB, "15x22"), (ALICE, "25x18")):
        [board] = await fake.wait_answers(await fake.slash(player, "move", channel_id=channel, move=move))
        assert move in board.text and not board.ephemeral and picture(board).startswith(PNG_SIGNATURE)
        boards.append(board)
    # Alice out of turn is refused privately; Bob resigns with the board's button.
    [refused] = await fake.wait_answers(await fake.slash(ALICE, "move", channel_id=channel, move="9-13"))
    assert refused.ephemeral
    [sure] = await fake.wait_answers(await fake.press(BOB, boards[-1], button(boards[-1], "res")))
    [result] = await fake.wait_answers(await fake.press(BOB, sure, button(sure, "rsc")))
    fields = {field["name"]: field["value"] for field in result.embeds[0]["fields"]}
    assert fields["Result"] == "0-1, alice (White) won"
    assert posted_in(fake, channel) == []  # every message was an answer: none was refused
    assert fake.unknown == []


async def test_the_bots_moves_follow_up_or_wait_for_the_next_interaction(fake: FakeDiscord, bot: Running,
                                                                         moves: HeldMoves) -> None:
    # Alice plays the bot in the group DM as White: the bot (Red) moves first, after the answer.
    started = await fake.slash(ALICE, "play", channel_id=GROUP_DM_ID, level=1, colour="white")
    [start, bot_move] = await fake.wait_answers(started, 2)
    assert (start.via, bot_move.via) == ("callback", "followup")
    assert "played" in bot_move.text and button(bot_move, "mov") and not bot_move.ephemeral

    # The bot's next move waits; meanwhile every token runs out (15 minutes pass).
    moves.go.clear()
    game = await bot.storage.active_game_for("discord", str(GROUP_DM_ID), str(ALICE.id))
    assert game is not None
    mine = (await bot.service.suggest_moves("discord", str(GROUP_DM_ID), str(ALICE.id)))[0]
    played = await fake.slash(ALICE, "move", channel_id=GROUP_DM_ID, move=mine)
    [after] = await fake.wait_answers(played)
    assert mine in after.text
    fake.expire_tokens()
    moves.go.set()
    await held_notice(bot, GROUP_DM_ID)
    assert len(fake.answers(played)) == 1  # the followup was refused; nothing else was posted
    assert posted_in(fake, GROUP_DM_ID) == []

    # Alice's next command there brings the held move, then its own answer.
    asked = await fake.slash(ALICE, "board", channel_id=GROUP_DM_ID)
    [held, board] = await fake.wait_answers(asked, 2)
    assert "played" in held.text and button(held, "mov") and not held.ephemeral
    refreshed = await bot.storage.get_game(game.id)
    assert refreshed is not None and len(refreshed.moves) == len(game.moves) + 2
    assert refreshed.moves[-1] in held.text and board.files
    assert bot.adapter.outside.held(str(GROUP_DM_ID)) == 0


async def test_help_says_what_a_user_install_cannot_do(fake: FakeDiscord, bot: Running) -> None:
    for locale, words in (("en-US", "not post on its own"), ("fi", "ei kirjoittaa omasta aloitteestaan")):
        asked = await fake.slash(ALICE, "help", channel_id=GROUP_DM_ID, locale=locale)
        answers = await fake.wait_answers(asked)
        assert any(words in a.text for a in answers), [a.text for a in answers]

"""End to end: two people play on the fake Discord through the real game service and storage.

They challenge and accept with a slash command and a button, move by typing, with `/tammi move` and
with the Move dialog; a wrong move is refused privately; the board arrives as a picture; and after a
restart of the whole bot (adapter, service and storage) the game goes on from the old buttons.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, OpponentConfig, PictureConfig
from bot.platforms.discord import DiscordAdapter
from bot.storage import Repository
from engine import Board, Move
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, DM_CHANNEL_ID, FakeDiscord, Sent

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def first_move(board: Board, **limits: object) -> Move:
    """The built-in opponent, made predictable: it plays its first legal move."""
    return next(iter(board.legal_moves))


@dataclass
class Running:
    storage: Repository
    service: GameService
    adapter: DiscordAdapter

    async def close(self) -> None:
        await self.adapter.close()
        await self.service.close()
        await self.storage.close()


async def run_bot(database: Path, settings: DiscordConfig) -> Running:
    config = Config(database=database, opponent=OpponentConfig(max_level=5, time_limit=0.2),
                    picture=PictureConfig(size=240))
    storage = await open_repository(database)
    service = GameService(storage, config, choose_move=first_move)
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.wait_until_ready()
    return Running(storage, service, adapter)


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    return tmp_path / "tammi.sqlite3"


@pytest.fixture
async def bot(fake: FakeDiscord, settings: DiscordConfig, database: Path) -> AsyncIterator[Running]:
    running = await run_bot(database, settings)
    try:
        yield running
    finally:
        await running.close()


def button(message: Sent, action: str) -> str:
    """The custom_id of the message's button for `action` (`acc`, `mov`, `res`...)."""
    return next(b for b in message.buttons if b.startswith(f"tammi:{action}:"))


def picture(message: Sent) -> bytes:
    [(name, data)] = message.files
    assert name.endswith(".png") and message.embeds[0]["image"]["url"] == f"attachment://{name}"
    return data


async def test_two_people_play_and_the_game_survives_a_restart(fake: FakeDiscord, settings: DiscordConfig,
                                                               database: Path) -> None:
    running = await run_bot(database, settings)
    try:
        # Alice challenges Bob; Alice takes White, so Bob (Red) moves first.
        challenged = await fake.slash(ALICE, "challenge", opponent=BOB, variant="english", colour="white")
        [challenge] = await fake.wait_answers(challenged)
        assert f"<@{BOB.id}>" in (challenge.content or "") and not challenge.ephemeral
        assert button(challenge, "acc") and button(challenge, "dec")

        accepted = await fake.press(BOB, challenge, button(challenge, "acc"))
        [start] = await fake.wait_answers(accepted)
        assert picture(start).startswith(PNG_SIGNATURE)
        assert "alice" in start.text and "bob" in start.text
        assert button(start, "mov") and button(start, "res")
        assert not any(b.startswith("tammi:dro:") for b in start.buttons)  # nobody can offer a draw yet

        # Bob types his move in the channel; the new board is posted there.
        await fake.type_message(BOB, "11-15")
        [after_bob] = await fake.wait_in_channel(CHANNEL_ID, 1)
        assert "11-15" in after_bob.text and picture(after_bob).startswith(PNG_SIGNATURE)

        # Bob tries again out of turn with the slash command: refused, privately.
        refused_move = await fake.slash(BOB, "move", move="9-13")
        [refusal] = await fake.wait_answers(refused_move)
        assert refusal.ephemeral and not refusal.files

        # Alice moves through the Move button and its dialog.
        opened = await fake.press(ALICE, after_bob, button(after_bob, "mov"))
        dialog = await fake.until(lambda: fake.callback(opened))
        assert dialog.type == 9
        submitted = await fake.submit_modal(ALICE, dialog.data["custom_id"], {"move": "22-18"}, after_bob)
        [after_alice] = await fake.wait_answers(submitted)
        assert "22-18" in after_alice.text and not after_alice.ephemeral

        # Bob must capture: autocomplete offers exactly that.
        choices = await fake.autocomplete(BOB, "move", "move", move="")
        assert [c["value"] for c in choices] == ["15x22"]
    finally:
        await running.close()

    # The whole bot restarts on the same database.
    running = await run_bot(database, settings)
    try:
        assert fake.command_puts == 1  # the commands did not change, so they were not pushed again
        moved = await fake.slash(BOB, "move", move="15x22")
        [after_capture] = await fake.wait_answers(moved)
        assert "15x22" in after_capture.text and picture(after_capture).startswith(PNG_SIGNATURE)

        # Bob offers a draw with the board's button; Alice gets Accept and Decline, and declines.
        offered = await fake.press(BOB, after_capture, button(after_capture, "dro"))
        [offer] = await fake.wait_answers(offered)
        assert f"<@{ALICE.id}>" in (offer.content or "") and button(offer, "dra") and button(offer, "drd")
        declined = await fake.press(ALICE, offer, button(offer, "drd"))
        [no_draw] = await fake.wait_answers(declined)
        assert not no_draw.ephemeral
        # Pressing it again is refused, privately: the offer is gone.
        again = await fake.press(ALICE, offer, button(offer, "dra"))
        [refused_again] = await fake.wait_answers(again)
        assert refused_again.ephemeral

        # A button from before the restart still works: Alice resigns from the old board.
        resign = await fake.press(ALICE, after_alice, button(after_alice, "res"))
        [confirm] = await fake.wait_answers(resign)
        confirmed = await fake.press(ALICE, confirm, button(confirm, "rsc"))
        [result] = await fake.wait_answers(confirmed)
        assert not result.ephemeral and "bob" in result.text.lower()
        assert not any(b.startswith("tammi:mov:") for b in result.buttons)
    finally:
        await running.close()
    assert fake.unknown == []


async def test_a_game_against_the_bot_in_a_dm(fake: FakeDiscord, bot: Running) -> None:
    # Alice takes White, so the bot (Red) moves first: its move arrives later as a notice.
    started = await fake.slash(ALICE, "play", channel_id=DM_CHANNEL_ID, level=1, colour="white")
    [start] = await fake.wait_answers(started)
    assert picture(start).startswith(PNG_SIGNATURE)
    [bot_move] = await fake.wait_in_channel(DM_CHANNEL_ID, 1)
    assert bot_move.files and button(bot_move, "mov")
    moves = await bot.service.suggest_moves("discord", str(DM_CHANNEL_ID), str(ALICE.id))
    assert moves
    await fake.type_message(ALICE, moves[0], channel_id=DM_CHANNEL_ID)
    sent = await fake.wait_in_channel(DM_CHANNEL_ID, 3)  # Alice's board, then the bot's next move
    assert moves[0] in sent[1].text
    assert all(not s.ephemeral for s in sent)

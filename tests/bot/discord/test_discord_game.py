"""End to end: two people play on the fake Discord through the real game service and storage.

They challenge and accept with a slash command and a button, move by typing, with `/tammi move` and
with the Move dialog; a wrong move is refused privately; the board arrives as a picture; and after a
restart of the whole bot (adapter, service and storage) the game goes on from the old buttons.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, OpponentConfig, PictureConfig
from bot.platforms.discord import DiscordAdapter
from bot.storage import Repository
from engine import Board, Move
from tests.fakes.discord_server import ALICE, BOB, BOT, CAROL, CHANNEL_ID, DM_CHANNEL_ID, FakeDiscord, Sent

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


async def run_bot(database: str, settings: DiscordConfig) -> Running:
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
async def bot(fake: FakeDiscord, settings: DiscordConfig, database: str) -> AsyncIterator[Running]:
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
                                                               database: str) -> None:
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
        # One notation for the result (PDN's: Red's score first at English checkers), and the winner.
        fields = {field["name"]: field["value"] for field in result.embeds[0]["fields"]}
        assert fields["Result"] == "1-0, bob (Red) won"
        [pdn] = await fake.wait_answers(await fake.slash(ALICE, "pdn"))
        assert '[Result "1-0"]' in (pdn.content or "") and (pdn.content or "").rstrip("`\n").endswith(" 1-0")
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


async def test_the_move_dialog_is_only_for_the_player_to_move_in_its_game(fake: FakeDiscord,
                                                                         bot: Running) -> None:
    challenged = await fake.slash(ALICE, "challenge", opponent=BOB, variant="english", colour="white")
    [challenge] = await fake.wait_answers(challenged)
    [start] = await fake.wait_answers(await fake.press(BOB, challenge, button(challenge, "acc")))
    # Carol plays the bot in the same channel; she is to move there (Red moves first).
    [own] = await fake.wait_answers(await fake.slash(CAROL, "play", level=1, colour="black"))
    carol_game = await bot.storage.active_game_for("discord", str(CHANNEL_ID), str(CAROL.id))
    alice_bob = await bot.storage.active_game_for("discord", str(CHANNEL_ID), str(BOB.id))
    assert carol_game is not None and alice_bob is not None and carol_game.id != alice_bob.id

    # Carol presses Move under Alice and Bob's board: no dialog, a private refusal.
    pressed = await fake.press(CAROL, start, button(start, "mov"))
    [refusal] = await fake.wait_answers(pressed)
    assert fake.callback(pressed).type == 4  # type: ignore[union-attr]
    assert refusal.ephemeral and f"#{alice_bob.id}" in (refusal.content or "")
    # Alice is in that game but not to move: refused too.
    [not_yet] = await fake.wait_answers(await fake.press(ALICE, start, button(start, "mov")))
    assert not_yet.ephemeral and "not your turn" in (not_yet.content or "").lower()

    # Bob is to move: his dialog opens. Carol sends a move through that dialog: refused, and her own
    # game is untouched.
    opened = await fake.press(BOB, start, button(start, "mov"))
    dialog = await fake.until(lambda: fake.callback(opened))
    assert dialog.type == 9
    spoofed = await fake.submit_modal(CAROL, dialog.data["custom_id"], {"move": "11-15"}, start)
    [refused] = await fake.wait_answers(spoofed)
    assert refused.ephemeral and f"#{alice_bob.id}" in (refused.content or "")
    for game_id in (carol_game.id, alice_bob.id):
        game = await bot.storage.get_game(game_id)
        assert game is not None and not game.moves
    # Bob's own submission plays in the dialog's game.
    opened = await fake.press(BOB, start, button(start, "mov"))
    dialog = await fake.until(lambda: fake.callback(opened))
    submitted = await fake.submit_modal(BOB, dialog.data["custom_id"], {"move": "11-15"}, start)
    [moved] = await fake.wait_answers(submitted)
    assert "11-15" in moved.text and not moved.ephemeral
    game = await bot.storage.get_game(alice_bob.id)
    assert game is not None and [str(m) for m in game.moves] == ["11-15"]
    assert own.files


async def test_only_who_manages_the_server_changes_its_settings(fake: FakeDiscord, bot: Running) -> None:
    # Bob is an ordinary member: he may look at the settings, not change them.
    [refused] = await fake.wait_answers(await fake.slash(BOB, "settings", language="fi"))
    assert refused.ephemeral and "Manage Server or Manage Channels" in (refused.content or "")
    [shown] = await fake.wait_answers(await fake.slash(BOB, "settings"))
    assert "language: not chosen" in (shown.content or "")
    await fake.type_message(BOB, f"<@{BOT.id}> settings fi", mentions=(BOT,))
    [typed] = await fake.wait_in_channel(CHANNEL_ID, 1)
    assert "Manage Server" in (typed.content or "")
    assert (await bot.storage.channel_settings("discord", str(CHANNEL_ID))).language is None
    # Alice owns the server: her change is saved. In his own DM, Bob sets what he likes.
    [saved] = await fake.wait_answers(await fake.slash(ALICE, "settings", language="fi"))
    assert "Tallennettu" in (saved.content or "")
    in_dm = await fake.slash(BOB, "settings", channel_id=DM_CHANNEL_ID, language="fi")
    [own] = await fake.wait_answers(in_dm)
    assert "Tallennettu" in (own.content or "")


@pytest.mark.parametrize("content", [True, False])
async def test_help_fits_discord_and_its_configuration(fake: FakeDiscord, database: str,
                                                       content: bool) -> None:
    running = await run_bot(database, fake.settings(message_content=content))
    try:
        [help_] = await fake.wait_answers(await fake.slash(BOB, "help"))
        [in_dm] = await fake.wait_answers(await fake.slash(BOB, "help", channel_id=DM_CHANNEL_ID))
    finally:
        await running.close()
    for text in (help_.content or "", in_dm.content or ""):
        assert "!tammi" not in text and "`/tammi <command>`" in text
    # Typed moves reach the bot in DMs always, in the server only with the message content intent.
    assert "Move by typing the move" in (in_dm.content or "")
    assert ("Move by typing the move" in (help_.content or "")) is content
    assert ("messages typed in this server do not reach Tammi" in (help_.content or "")) is not content

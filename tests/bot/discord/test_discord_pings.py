"""End to end on the fake Discord: turn pings as direct messages, through discord.py, the real service and
storage. `/tammi settings notify:on` (the option `settings` lends room to: /tammi has its 25
subcommands) and typed `notify off`; one DM per turn with the move and the board message's jump link,
whether the board was a channel message or an interaction's answer; none after a restart for a turn
pinged before; DMs closed (Discord's 50007) told in the answer to `notify on`, and later once in the
channel; a reminder copied to the DMs."""

from __future__ import annotations

from dataclasses import dataclass

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, DiscordConfig, OpponentConfig, PictureConfig
from bot.platforms.discord import DiscordAdapter
from bot.storage import Repository
from tests.bot.discord.test_discord_game import button, first_move
from tests.bot.tammi_talk import Clock
from tests.fakes.discord_server import ALICE, BOB, CAROL, CHANNEL_ID, GUILD_ID, FakeDiscord, Sent, User


@dataclass
class Bot:
    storage: Repository
    service: GameService
    adapter: DiscordAdapter

    async def close(self) -> None:
        await self.adapter.close()
        await self.service.close()
        await self.storage.close()

    async def settle(self, fake: FakeDiscord) -> None:
        """Wait until the pings that the boards posted in the channel so far give have gone: the adapter
        answers a channel's messages and interactions in order, reporting each board as it is posted, so
        once Carol's next command there is answered every board before it was reported, and the
        service's background work is the pings."""
        asked = len([m for m in fake.sent if "Your turn pings are off" in m.text])
        await fake.type_message(CAROL, "!tammi notify")
        await fake.until(lambda: len([m for m in fake.sent if "Your turn pings are off" in m.text]) > asked)
        await self.service.wait_idle()


async def start(database: str, settings: DiscordConfig, clock: Clock) -> Bot:
    config = Config(database=database, opponent=OpponentConfig(max_level=5, time_limit=0.2),
                    picture=PictureConfig(size=160))
    storage = await open_repository(database)
    service = GameService(storage, config, choose_move=first_move, clock=clock)
    await service.start()
    adapter = DiscordAdapter(service, settings, guild_ready_timeout=0.05)
    await adapter.start()
    await adapter.wait_until_ready()
    return Bot(storage, service, adapter)


def link(message: Sent) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{message.id}"


async def type_move(fake: FakeDiscord, bot: Bot, user: User) -> tuple[Sent, str]:
    """`user` types their first legal move in the channel; the board the bot posts for it, and the move."""
    [move] = (await bot.service.suggest_moves("discord", str(CHANNEL_ID), str(user.id)))[:1]
    count = len(fake.in_channel(CHANNEL_ID))
    await fake.type_message(user, move)
    board = (await fake.wait_in_channel(CHANNEL_ID, count + 1))[-1]
    assert move in board.text, board.text
    await bot.settle(fake)
    return board, move


async def test_turn_pings_go_to_the_dms_once_per_turn_with_the_boards_link(
        fake: FakeDiscord, settings: DiscordConfig, database: str) -> None:
    clock = Clock()
    bot = await start(database, settings, clock)
    try:
        turned = await fake.slash(BOB, "settings", notify="on")
        [answer] = await fake.wait_answers(turned)
        assert answer.ephemeral and "Turn pings are on, bob" in answer.text
        [confirmation] = await fake.until(lambda: fake.dms(BOB) or None)
        assert "I will message you here when it is your turn" in confirmation.text
        fake.close_dms(ALICE)
        turned = await fake.slash(ALICE, "settings", notify="on")
        [answer] = await fake.wait_answers(turned)
        assert answer.ephemeral and "Discord does not let me send you direct messages" in answer.text
        assert fake.dms(ALICE) == []

        challenged = await fake.slash(ALICE, "challenge", opponent=BOB, variant="english", colour="white")
        [challenge] = await fake.wait_answers(challenged)
        accepted = await fake.press(BOB, challenge, button(challenge, "acc"))
        [started] = await fake.wait_answers(accepted)
        assert started.files  # the game's first board, in answer to Bob's press
        await bot.settle(fake)
        assert len(fake.dms(BOB)) == 1  # Bob moves first, and started the game himself
        first, _ = await type_move(fake, bot, BOB)
        assert first.files and fake.dms(ALICE) == []
        assert not [m for m in fake.in_channel(CHANNEL_ID) if "could not" in m.text]  # told already

        fake.close_dms(ALICE, closed=False)
        moved = await fake.slash(ALICE, "move", move="22-18")
        [board] = await fake.wait_answers(moved)
        await bot.settle(fake)
        ping = fake.dms(BOB)[-1]
        assert ping.text == ("Your move in game #1 against alice (English checkers): alice played 22-18.\n"
                             f"The board: {link(board)}")
        board, move = await type_move(fake, bot, BOB)
        [ping] = fake.dms(ALICE)
        assert ping.text == ("Your move in game #1 against bob (English checkers): bob played "
                             f"{move}.\nThe board: {link(board)}")
    finally:
        await bot.close()

    bot = await start(database, settings, clock)  # the whole bot again, on the same database
    try:
        boards = len([m for m in fake.in_channel(CHANNEL_ID) if m.files])
        await fake.type_message(CAROL, "!tammi board 1")  # the same turn's board, posted again
        await fake.until(lambda: len([m for m in fake.in_channel(CHANNEL_ID) if m.files]) > boards)
        await bot.settle(fake)
        assert len(fake.dms(ALICE)) == 1 and len(fake.dms(BOB)) == 2
        await type_move(fake, bot, ALICE)
        assert len(fake.dms(BOB)) == 3

        fake.close_dms(BOB)  # now Bob's DMs fail: the channel hears it once
        for mover in (BOB, ALICE, BOB, ALICE):
            await type_move(fake, bot, mover)
        told = [m for m in fake.in_channel(CHANNEL_ID)
                if "I could not send you a direct message about game #1" in m.text]
        assert len(told) == 1 and f"<@{BOB.id}>" in (told[0].content or "")

        alice_pings = len(fake.dms(ALICE))
        await fake.type_message(ALICE, "!tammi notify off")
        await fake.until(lambda: any("Turn pings are off" in m.text for m in fake.sent) or None)
        await type_move(fake, bot, BOB)
        assert len(fake.dms(ALICE)) == alice_pings
    finally:
        await bot.close()


async def test_a_reminder_goes_to_the_dms_too(fake: FakeDiscord, settings: DiscordConfig,
                                              database: str) -> None:
    clock = Clock()
    bot = await start(database, settings, clock)
    try:
        await fake.type_message(ALICE, "!tammi notify on")
        await fake.until(lambda: fake.dms(ALICE) or None)
        await fake.type_message(ALICE, f"!tammi challenge <@{BOB.id}> white", mentions=(BOB,))
        await fake.wait_in_channel(CHANNEL_ID, 2)
        await fake.type_message(BOB, "!tammi accept")
        await fake.wait_in_channel(CHANNEL_ID, 3)
        board, _ = await type_move(fake, bot, BOB)
        assert len(fake.dms(ALICE)) == 2  # the confirmation, the ping
        clock.advance(bot.service.config.reminder_after.total_seconds() + 60)
        await bot.service.maintain()
        reminder = await fake.until(lambda: next((m for m in fake.in_channel(CHANNEL_ID)
                                                   if "it is your move in game #1" in m.text), None))
        copy = await fake.until(lambda: fake.dms(ALICE)[2:] or None)
        mentions, said = (reminder.content or "").split("\n", 1)
        assert mentions == f"<@{ALICE.id}> <@{BOB.id}>"  # in the channel: both are named
        assert copy[0].text == f"{said}\nThe board: {link(board)}"
        assert not copy[0].buttons
    finally:
        await bot.close()

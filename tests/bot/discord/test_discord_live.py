"""End to end on the fake Discord: tidy channels, through discord.py, the real service and storage.

`/tammi settings live:on`: each move edits the game's one board message in place (PATCH with the new
picture, embed and buttons) instead of posting a new one; the Bump button and `/tammi board bump:` post it
again at the bottom and take the old one away; a board whose message was deleted is posted anew and is
the live one from then on, also after a restart. `/tammi settings threads:on`: an accepted challenge
gives its game a thread (from the challenge message), where its boards go, and moves typed there are
the game's; without the Create Public Threads permission the channel is told and the game stays there.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.config import DiscordConfig
from tests.bot.discord.test_discord_game import button
from tests.bot.discord.test_discord_pings import Bot, start
from tests.bot.tammi_talk import Clock
from tests.fakes.discord_server import ALICE, BOB, CAROL, CHANNEL_ID, Sent, User
from tests.fakes.discord_tidy import TidyDiscord


@pytest.fixture
async def tidy() -> AsyncIterator[TidyDiscord]:
    server = TidyDiscord()
    await server.start()
    yield server
    await server.close()


async def started_game(fake: TidyDiscord, setting: str) -> Sent:
    """Alice turns the setting on and challenges Bob, who accepts with the button: the challenge."""
    turned = await (fake.slash(ALICE, "settings", live="on") if setting == "live" else
                    fake.slash(ALICE, "settings", threads="on"))
    [answer] = await fake.wait_answers(turned)
    assert "here: on" in answer.text, answer.text
    challenged = await fake.slash(ALICE, "challenge", opponent=BOB, variant="english", colour="white")
    [challenge] = await fake.wait_answers(challenged)
    await fake.press(BOB, challenge, button(challenge, "acc"))
    return challenge


async def typed_move(fake: TidyDiscord, bot: Bot, user: User, channel: int = CHANNEL_ID) -> str:
    [move] = (await bot.service.suggest_moves("discord", str(CHANNEL_ID), str(user.id)))[:1]
    await fake.type_message(user, move, channel_id=channel)
    return move


async def edited(fake: TidyDiscord, count: int) -> Sent:
    """The `count`-th edit of a message of the bot's, once it is made."""
    return await fake.until(lambda: fake.edits[count - 1] if len(fake.edits) >= count else None)


def boards(fake: TidyDiscord, channel: int = CHANNEL_ID) -> list[Sent]:
    return [message for message in fake.channel_view(channel) if message.files]


async def test_one_live_board_edited_after_each_move_bumped_and_posted_anew_when_deleted(
        tidy: TidyDiscord, database: str) -> None:
    fake, settings = tidy, tidy.settings()
    clock = Clock()
    bot = await start(database, settings, clock)
    try:
        await started_game(fake, "live")
        [live] = await fake.until(lambda: boards(fake) or None)  # the first board, Bob's press answered
        assert button(live, "bmp") == "tammi:bmp:1"  # the Bump button under a live board
        move = await typed_move(fake, bot, BOB)
        first = await edited(fake, 1)
        assert first.id == live.id and f"bob played {move}" in first.text
        assert first.files and first.files[0][1] != live.files[0][1]  # the new picture
        move = await typed_move(fake, bot, ALICE)
        second = await edited(fake, 2)
        assert second.id == live.id and f"alice played {move}" in second.text
        assert boards(fake) == [second]  # still one board in the channel, the first one, edited
        assert not [m for m in fake.in_channel(CHANNEL_ID) if m.files]  # no new board was posted

        await fake.type_message(ALICE, "hello everyone")  # the channel moves on
        await fake.press(BOB, second, button(second, "bmp"))
        [moved_on] = await fake.until(lambda: b if len(b := boards(fake)) == 1 and b[0].id != live.id
                                      else None)
        assert fake.showing(live.id) is None and live.id in fake.deleted  # the old one taken away
        assert fake.channel_view(CHANNEL_ID)[-1] == moved_on  # at the bottom
        move = await typed_move(fake, bot, BOB)
        third = await edited(fake, 3)
        assert third.id == moved_on.id and f"bob played {move}" in third.text

        fake.delete(third)  # a moderator deletes the live board
        posted = len(fake.in_channel(CHANNEL_ID))
        move = await typed_move(fake, bot, ALICE)
        [*_, fresh] = await fake.wait_in_channel(CHANNEL_ID, posted + 1)
        assert fresh.files and f"alice played {move}" in fresh.text and len(fake.edits) == 3
        assert boards(fake) == [fresh]
    finally:
        await bot.close()

    bot = await start(database, settings, clock)  # the whole bot again: the live board is remembered
    try:
        move = await typed_move(fake, bot, BOB)
        fourth = await edited(fake, 4)
        assert fourth.id == fresh.id and f"bob played {move}" in fourth.text
        bumped_by = await fake.slash(ALICE, "board", bump=True)
        [again] = await fake.wait_answers(bumped_by)
        await fake.until(lambda: True if fake.showing(fresh.id) is None else None)  # the old one taken away
        assert again.files and boards(fake) == [again]
    finally:
        await bot.close()

    fake.delete(again)  # deleted while the bot was away
    bot = await start(database, settings, clock)
    try:
        posted = len(fake.in_channel(CHANNEL_ID))
        move = await typed_move(fake, bot, ALICE)
        [*_, anew] = await fake.wait_in_channel(CHANNEL_ID, posted + 1)
        assert f"alice played {move}" in anew.text and boards(fake) == [anew]
        move = await typed_move(fake, bot, BOB)
        assert (await edited(fake, 5)).id == anew.id  # the live one from then on
        [off] = await fake.wait_answers(await fake.slash(ALICE, "settings", live="off"))
        assert "Live boards here: off" in off.text
        posted = len(fake.in_channel(CHANNEL_ID))
        await typed_move(fake, bot, ALICE)
        await fake.wait_in_channel(CHANNEL_ID, posted + 1)  # off: a new board again
        assert len(fake.edits) == 5 and "tammi:bmp:1" not in fake.in_channel(CHANNEL_ID)[-1].buttons
    finally:
        await bot.close()


async def test_a_game_in_its_own_thread(tidy: TidyDiscord, database: str) -> None:
    fake, settings = tidy, tidy.settings()
    bot = await start(database, settings, Clock())
    try:
        challenge = await started_game(fake, "threads")
        thread = await fake.until(lambda: fake.threads.get(challenge.id))
        assert thread["parent_id"] == str(CHANNEL_ID) and thread["name"].startswith("Game #1")
        thread_id = int(thread["id"])
        [first] = await fake.until(lambda: boards(fake, thread_id) or None)
        assert "Game #1" in first.text and boards(fake) == []  # the board went to the thread
        move = await typed_move(fake, bot, BOB, channel=thread_id)  # typed in the thread
        [_, second] = await fake.until(lambda: b if len(b := boards(fake, thread_id)) == 2 else None)
        assert f"bob played {move}" in second.text
        moved = await fake.slash(ALICE, "move", move="22-18")  # asked in the channel: answered in the thread
        [_, _, third] = await fake.until(lambda: b if len(b := boards(fake, thread_id)) == 3 else None)
        assert "alice played 22-18" in third.text and boards(fake) == []
        assert await fake.until(lambda: fake.callback(moved))  # the command answered (the board is elsewhere)
        assert (await bot.storage.game_thread(1)) == str(thread_id)

        await fake.slash(ALICE, "resign", channel_id=thread_id)  # game 1 ends, said in its thread
        [*_, last] = await fake.until(lambda: b if len(b := boards(fake, thread_id)) == 4 else None)
        assert "resigned. bob (Red) wins" in last.text, last.text
        challenged = await fake.slash(CAROL, "challenge", opponent=BOB, variant="english", colour="white")
        await fake.wait_answers(challenged)
        await fake.type_message(BOB, "!tammi accept")  # typed: a thread in the channel, not from a message
        made = await fake.until(lambda: next((t for key, t in fake.threads.items() if key != str(thread_id)),
                                             None))
        assert made["parent_id"] == str(CHANNEL_ID) and made["name"].startswith("Game #2")
        [second] = await fake.until(lambda: boards(fake, int(made["id"])) or None)
        assert "Game #2" in second.text and boards(fake) == []
    finally:
        await bot.close()


async def test_without_the_permission_to_make_threads_the_channel_is_told(
        tidy: TidyDiscord, settings: DiscordConfig, database: str) -> None:
    fake = tidy
    fake.no_threads(CHANNEL_ID)
    bot = await start(database, fake.settings(), Clock())
    try:
        await started_game(fake, "threads")
        told = await fake.until(lambda: next((m for m in fake.in_channel(CHANNEL_ID)
                                              if "Create Public Threads" in m.text), None))
        assert "could not give this game a thread of its own" in told.text
        [board] = await fake.until(lambda: boards(fake) or None)  # the game goes on in the channel
        assert "Game #1" in board.text and fake.threads == {}
        move = await typed_move(fake, bot, BOB)
        await fake.until(lambda: b if len(b := boards(fake)) == 2 else None)
        assert f"bob played {move}" in boards(fake)[-1].text
    finally:
        await bot.close()

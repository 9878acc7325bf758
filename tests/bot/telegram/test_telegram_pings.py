"""End to end on the fake Telegram: turn pings as private messages, through python-telegram-bot, the real
service and storage. `/notify on` in a group; one private message per turn with the move and a t.me link
to the board's message (a supergroup's) or the group's name (a basic group's); Telegram's 403 for someone
who has not started a private chat with the bot, said in the answer to `/notify on`, then the pings
reaching them once they have; a user who blocked the bot told once in the group; none after a restart for
a turn pinged before; a reminder copied privately."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository
from tests.bot.tammi_talk import Clock
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, private, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
CAROL = user(1003, "Carol", "carol", "en")
GROUP = group()  # a supergroup: its messages have t.me/c links
BASIC = {"id": -4321, "type": "group", "title": "Draughts corner"}  # a basic group: no links


class Tammi:
    """Storage, service and adapter over one database, on a clock the test moves."""

    def __init__(self, fake: FakeTelegram, database: str) -> None:
        self.fake, self.database, self.clock = fake, database, Clock()
        self.parts: tuple[Repository, GameService, TelegramAdapter] | None = None

    @property
    def service(self) -> GameService:
        assert self.parts is not None
        return self.parts[1]

    async def start(self) -> None:
        storage = await open_repository(self.database)
        config = Config(database=self.database, picture=PictureConfig(size=96),
                        opponent=OpponentConfig(time_limit=timedelta(milliseconds=50)))
        service = GameService(storage, config, clock=self.clock)
        await service.start()
        adapter = TelegramAdapter(service, config_for(self.fake), poll_timeout=2,
                                  rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0,
                                                              max_retries=3))
        await adapter.start()
        self.parts = (storage, service, adapter)

    async def stop(self) -> None:
        if self.parts is not None:
            storage, service, adapter = self.parts
            await adapter.close()
            await service.close()
            await storage.close()
            self.parts = None


@pytest.fixture
async def tammi(fake: FakeTelegram, database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tammi]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    running = Tammi(fake, database)
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def sent_to(fake: FakeTelegram, person: dict[str, Any]) -> list[Call]:
    """The private messages that reached the person (not those Telegram refused)."""
    return [call for call in fake.private_messages(person) if call.answered and "message_id" in
            (call.result or {})]


def refused(fake: FakeTelegram, person: dict[str, Any]) -> list[Call]:
    return [call for call in fake.private_messages(person) if (call.result or {}).get("error_code") == 403]


async def say(fake: FakeTelegram, chat: dict[str, Any], person: dict[str, Any], text: str) -> Call:
    """`person` writes `text` in `chat`; the bot's first message in answer."""
    mark = fake.mark()
    fake.send_text(chat, person, text)
    return await fake.wait_for("sendMessage", mark, where=lambda c: c.chat_id == chat["id"])


async def settle(fake: FakeTelegram, tammi: Tammi, chat: dict[str, Any]) -> None:
    """Wait until the pings that the boards posted in `chat` so far give have gone: the adapter answers a
    chat's updates in order, reporting each board as it is sent, so once Carol's next command there is
    answered every board before it was reported, and the service's background work is the pings."""
    await say(fake, chat, CAROL, "/notify")
    await tammi.service.wait_idle()


async def move(fake: FakeTelegram, tammi: Tammi, chat: dict[str, Any], person: dict[str, Any]) -> Call:
    """`person` types their first legal move in `chat`; the board photo, once the pings it gives went."""
    [legal] = (await tammi.service.suggest_moves("telegram", str(chat["id"]), str(person["id"])))[:1]
    mark = fake.mark()
    fake.send_text(chat, person, legal)
    board = await fake.wait_for("sendPhoto", mark, where=lambda c: c.chat_id == chat["id"])
    assert legal in board.words
    await settle(fake, tammi, chat)
    return board


async def start_game(fake: FakeTelegram, chat: dict[str, Any]) -> Call:
    """Alice (Black, moving first) challenges Bob, who accepts with the button; the board."""
    challenge = await say(fake, chat, ALICE, "/challenge @bob black")
    mark = fake.mark()
    fake.press(BOB, challenge.result, dict(challenge.buttons)["Accept"])
    return await fake.wait_for("sendPhoto", mark)


def link(board: Call) -> str:
    return f"https://t.me/c/1234/{board.result['message_id']}"


async def test_pings_in_a_supergroup_once_per_turn_and_the_private_chat_to_start(
        fake: FakeTelegram, tammi: Tammi) -> None:
    await say(fake, private(ALICE), ALICE, "/start")  # Alice has a private chat with the bot
    answer = await say(fake, GROUP, ALICE, "/notify on")
    assert "Turn pings are on, Alice" in answer.words
    [confirmation] = sent_to(fake, ALICE)[1:]
    assert "I will message you here" in confirmation.words
    answer = await say(fake, GROUP, BOB, "/notify on")  # Bob never wrote to the bot privately
    assert "on Telegram a bot may write only to people who have started a chat with it" in answer.words
    assert "Open a private chat with me and press Start" in answer.words
    assert len(refused(fake, BOB)) == 1 and sent_to(fake, BOB) == []

    board = await start_game(fake, GROUP)  # Bob's press posts it, and Alice moves first
    await settle(fake, tammi, GROUP)
    assert sent_to(fake, ALICE)[-1].words == (
        f"Game #1 against Bob (English checkers) has begun: your move.\nThe board: {link(board)}")
    mark = fake.mark()
    await move(fake, tammi, GROUP, ALICE)  # Bob's ping is refused: he was told already
    assert len(refused(fake, BOB)) == 2
    assert [c for c in fake.since(mark, "sendMessage") if "could not message" in c.words] == []

    await say(fake, private(BOB), BOB, "/start")  # now Bob has started a chat with the bot
    board = await move(fake, tammi, GROUP, BOB)
    alice_pings = sent_to(fake, ALICE)
    assert len(alice_pings) == 4 and alice_pings[-1].words.endswith(f"The board: {link(board)}")
    board = await move(fake, tammi, GROUP, ALICE)
    ping = sent_to(fake, BOB)[-1]
    assert ping.words.startswith("Your move in game #1 against Alice (English checkers): Alice played ")
    assert ping.words.endswith(f"The board: {link(board)}")

    # After a restart, the same turn's board posted again pings nobody.
    await tammi.stop()
    await tammi.start()
    bob_pings = len(sent_to(fake, BOB))
    mark = fake.mark()
    fake.send_text(GROUP, CAROL, "/board 1")
    await fake.wait_for("sendPhoto", mark)
    await settle(fake, tammi, GROUP)
    assert len(sent_to(fake, BOB)) == bob_pings

    fake.block(BOB)  # Bob blocks the bot: the group hears it, once
    for person in (BOB, ALICE, BOB, ALICE):
        await move(fake, tammi, GROUP, person)
    told = [c for c in fake.calls if c.method == "sendMessage" and c.chat_id == GROUP["id"]
            and "I could not message you privately about game #1" in c.words]
    assert len(told) == 1 and told[0].words.startswith("Bob, ")
    mentions = [e["user"]["id"] for e in told[0].params.get("entities", []) if e["type"] == "text_mention"]
    assert mentions == [BOB["id"]]

    alice_pings = len(sent_to(fake, ALICE))
    await say(fake, GROUP, ALICE, "/notify off")
    await move(fake, tammi, GROUP, BOB)
    assert len(sent_to(fake, ALICE)) == alice_pings


async def test_a_basic_group_is_named_and_a_reminder_comes_privately(fake: FakeTelegram,
                                                                     tammi: Tammi) -> None:
    await say(fake, private(ALICE), ALICE, "/start")
    await say(fake, BASIC, ALICE, "/notify on")
    fake.send_text(BASIC, BOB, "hello")  # the bot learns Bob's username
    await start_game(fake, BASIC)
    await settle(fake, tammi, BASIC)
    ping = sent_to(fake, ALICE)[-1]
    assert ping.words == "Game #1 against Bob (English checkers) has begun: your move.\nIn Draughts corner."
    tammi.clock.advance(tammi.service.config.reminder_after.total_seconds() + 60)
    mark = fake.mark()
    await tammi.service.maintain()
    reminder = await fake.wait_for("sendMessage", mark, where=lambda c: c.chat_id == BASIC["id"])
    copy = await fake.wait_for("sendMessage", mark, where=lambda c: c.chat_id == ALICE["id"])
    assert "it is your move in game #1" in reminder.words
    assert copy.words == f"{reminder.words}\nIn Draughts corner." and not copy.buttons

"""Whole games over Telegram: the real game service with a temporary SQLite file, the real
python-telegram-bot Application, and the fake Bot API server."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository
from engine import Board
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, private, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
CAROL = user(1003, "Carol", "carol", "fi")
GROUP = group()


class Tammi:
    """Storage, service and adapter over one database file, started and stopped together."""

    def __init__(self, fake: FakeTelegram, database: str) -> None:
        self.fake = fake
        self.database = database
        self.storage: Repository | None = None
        self.service: GameService | None = None
        self.adapter: TelegramAdapter | None = None

    async def start(self) -> None:
        self.storage = await open_repository(self.database)
        config = Config(database=self.database, picture=PictureConfig(size=96, theme="auto"),
                        opponent=OpponentConfig(time_limit=timedelta(milliseconds=50)))
        self.service = GameService(self.storage, config)
        await self.service.start()
        self.adapter = TelegramAdapter(
            self.service, config_for(self.fake), poll_timeout=2,
            rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3),
        )
        await self.adapter.start()

    async def stop(self) -> None:
        if self.adapter is not None:
            await self.adapter.close()
        if self.service is not None:
            await self.service.close()
        if self.storage is not None:
            await self.storage.close()
        self.adapter = self.service = self.storage = None


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    """The fake server with privacy mode on, as a new bot has it."""
    server = FakeTelegram(privacy=True)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def tammi(fake: FakeTelegram, database: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tammi]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see conftest
    running = Tammi(fake, database)
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def button(call: Call, label: str) -> str:
    """The callback data of the button labelled `label` under a sent message."""
    return dict(call.buttons)[label]


async def start_game(fake: FakeTelegram) -> Call:
    """Alice (Red/Black, moving first) challenges Bob, and Bob accepts with the button; the board.

    Privacy mode keeps Bob's message from the bot, but Alice's command replying to it names him."""
    hello = fake.send_text(GROUP, BOB, "anyone up for a game?")
    assert hello in fake.withheld
    fake.send_text(GROUP, ALICE, "/challenge@tammi_bot black", reply_to=hello)
    challenge = await fake.wait_for("sendMessage")
    assert "Alice" in challenge.words and "Bob" in challenge.words
    assert [label for label, _ in challenge.buttons] == ["Accept", "Decline"]
    fake.press(BOB, challenge.result, button(challenge, "Accept"))
    board = await fake.wait_for("sendPhoto")
    assert (await fake.wait_for("answerCallbackQuery")).params.get("show_alert") is None
    return board


async def test_two_players_in_a_group(fake: FakeTelegram, tammi: Tammi) -> None:
    board = await start_game(fake)
    assert board.chat_id == GROUP["id"]
    name, png = board.files["photo"]
    assert name == "board.png" and png.startswith(b"\x89PNG")
    assert "Game #1" in board.words and "Alice" in board.words
    assert [label for label, _ in board.buttons] == ["Move", "Legal moves", "Resign"]  # no offer yet
    entities = board.params.get("caption_entities", [])
    pinged = [e["user"]["id"] for e in entities if e["type"] == "text_mention"]
    assert pinged == [ALICE["id"]]  # Alice is to move

    # Carol is not playing: her press is refused with an alert only she sees.
    mark = fake.mark()
    fake.press(CAROL, board.result, button(board, "Resign"))
    refusal = await fake.wait_for("answerCallbackQuery", after=mark)
    assert refusal.params["show_alert"] is True and "#1" in refusal.params["text"]

    # Privacy mode is on, so Alice types her move as a reply to the board.
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "11-15", reply_to=board.result)
    board = await fake.wait_for("sendPhoto", after=mark)
    assert "Alice played 11-15" in board.words

    # Bob tries to move Alice's piece: refused, quoting his message.
    mark = fake.mark()
    wrong = fake.send_text(GROUP, BOB, "/move 9-13")
    refused = await fake.wait_for("sendMessage", after=mark)
    assert refused.words.startswith("9-13 is not allowed")
    assert refused.params["reply_parameters"]["message_id"] == wrong["message_id"]
    assert not fake.since(mark, "sendPhoto")

    # Telegram's flood limit hits the next board: it is retried, not lost.
    mark = fake.mark()
    fake.flood("sendPhoto", retry_after=1)
    fake.send_text(GROUP, BOB, "/move@tammi_bot 22-18")
    board = await fake.wait_for("sendPhoto", after=mark, count=2)
    assert len(fake.since(mark, "sendPhoto")) == 2
    assert "Bob played 22-18" in board.words

    # A plain move in the group does not reach a bot in privacy mode...
    assert fake.send_text(GROUP, ALICE, "15x22") in fake.withheld
    # ...until privacy mode is turned off with BotFather: then typing the move is enough.
    fake.privacy = False
    for who, move in ((ALICE, "15x22"), (BOB, "25x18")):
        mark = fake.mark()
        fake.send_text(GROUP, who, move)
        board = await fake.wait_for("sendPhoto", after=mark)
        assert f"played {move}" in board.words

    # Bob has just moved: he offers a draw with the button, Alice accepts with hers.
    mark = fake.mark()
    fake.press(BOB, board.result, button(board, "Offer draw"))
    offer = await fake.wait_for("sendMessage", after=mark)
    assert "Bob" in offer.words and "offers a draw" in offer.words
    assert [label for label, _ in offer.buttons][:2] == ["Accept draw", "Decline draw"]
    mark = fake.mark()
    fake.press(ALICE, offer.result, button(offer, "Accept draw"))
    final = await fake.wait_for("sendPhoto", after=mark)
    assert "draw" in final.words.lower()
    assert [label for label, _ in final.buttons] == ["Rematch"]

    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "/gif")
    animation = await fake.wait_for("sendAnimation", after=mark, timeout=15)
    assert animation.files["animation"][0].endswith(".gif")
    fake.send_text(GROUP, ALICE, "/pdn")
    pdn = await fake.wait_for("sendMessage", after=mark, where=lambda c: "1/2-1/2" in c.words)
    assert "11-15" in pdn.words
    every = fake.since(0, "answerCallbackQuery")
    assert len(every) == len([u for u in fake.calls if u.method == "answerCallbackQuery"])
    assert len(every) == 4  # accept, Carol's refusal, draw offer, draw accepted: all answered


async def test_restart_mid_game_resumes_it(fake: FakeTelegram, tammi: Tammi) -> None:
    board = await start_game(fake)
    fake.send_text(GROUP, ALICE, "11-15", reply_to=board.result)
    board = await fake.wait_for("sendPhoto", count=2)
    old_board = board

    await tammi.stop()
    assert fake.confirmed == 3  # the challenge, the press, the move: all confirmed before stopping
    await tammi.start()

    # A button from before the restart still works: its data names the game, the state is in SQLite.
    mark = fake.mark()
    fake.press(BOB, old_board.result, button(old_board, "Legal moves"))
    listed = await fake.wait_for("answerCallbackQuery", after=mark)
    assert listed.params["show_alert"] is True and "22-18" in listed.params["text"]
    fake.send_text(GROUP, BOB, "22-18", reply_to=old_board.result)
    board = await fake.wait_for("sendPhoto", after=mark)
    assert "Bob played 22-18" in board.words
    assert not fake.since(mark, "sendMessage")  # nothing from before the restart was handled twice

    # Resigning asks first; the question is posted to the group, but only Bob's press counts.
    mark = fake.mark()
    fake.press(BOB, board.result, button(board, "Resign"))
    question = await fake.wait_for("sendMessage", after=mark)
    assert question.words.startswith("Bob: ")
    yes = question.buttons[0][1]
    fake.press(ALICE, question.result, yes)
    refused = await fake.wait_for("answerCallbackQuery", after=mark, count=2)
    assert refused.params["show_alert"] is True
    fake.press(BOB, question.result, yes)
    final = await fake.wait_for("sendPhoto", after=mark)
    assert "resign" in final.words and [label for label, _ in final.buttons] == ["Rematch"]


async def test_against_the_bot_in_a_private_chat(fake: FakeTelegram, tammi: Tammi,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    assert tammi.service is not None
    workers = tammi.service.workers
    drawn = workers.board_png
    sides: list[bool] = []

    async def board_png(board: Board, *, flipped: bool) -> bytes | None:
        sides.append(flipped)
        return await drawn(board, flipped=flipped)

    monkeypatch.setattr(workers, "board_png", board_png)
    chat = private(CAROL)
    fake.send_text(chat, CAROL, "/play 1 black")  # Carol moves first; her Telegram is in Finnish
    board = await fake.wait_for("sendPhoto")
    assert board.chat_id == CAROL["id"] and "Peli #1" in board.words
    fake.send_text(chat, CAROL, "11-15")  # a private chat: typed moves always reach the bot
    mine = await fake.wait_for("sendPhoto", count=2)
    assert "Carol siirsi 11-15" in mine.words
    # The opponent's answer is a notice the service sends on its own, through the adapter's sender.
    answer = await fake.wait_for("sendPhoto", count=3, timeout=10)
    assert answer.words.startswith("Tammi ") and "Carol" in answer.words  # notices: the chat's language
    assert answer.params["caption_entities"][0]["user"]["id"] == CAROL["id"]  # her turn: pinged
    await tammi.service.wait_idle()
    # Every board, after her move as after the bot's, is drawn from Carol's side (Red: flipped).
    assert sides == [True, True, True]


async def test_chat_in_reply_to_the_board_is_ignored(fake: FakeTelegram, tammi: Tammi) -> None:
    board = await start_game(fake)
    mark = fake.mark()
    fake.send_text(GROUP, BOB, "great game!", reply_to=board.result)  # ordinary chat: no answer
    fake.send_text(GROUP, CAROL, "wow", reply_to=board.result)
    # A move in reply to the board is still played; its board marks the end of the chat's handling.
    fake.send_text(GROUP, ALICE, "11-15", reply_to=board.result)
    moved = await fake.wait_for("sendPhoto", after=mark)
    assert "Alice played 11-15" in moved.words
    assert fake.since(mark, "sendMessage") == [] and len(fake.since(mark, "sendPhoto")) == 1
    # Naming the bot is still talking to it: that gets an answer.
    fake.send_text(GROUP, BOB, "@tammi_bot great game!")
    answer = await fake.wait_for("sendMessage", after=mark)
    assert answer.chat_id == GROUP["id"] and answer.words


async def test_only_the_groups_administrators_change_its_settings(fake: FakeTelegram, tammi: Tammi) -> None:
    fake.owners[GROUP["id"]] = ALICE["id"]
    fake.send_text(GROUP, BOB, "/settings fi")
    refused = await fake.wait_for("sendMessage")
    assert "the group's administrators" in refused.words
    assert refused.params["reply_parameters"]["message_id"]  # a private refusal quotes Bob
    member = await fake.wait_for("getChatMember")
    assert (member.params["chat_id"], member.params["user_id"]) == (GROUP["id"], BOB["id"])
    fake.send_text(GROUP, BOB, "/settings")  # looking is for everyone
    shown = await fake.wait_for("sendMessage", count=2)
    assert "language: not chosen" in shown.words
    fake.send_text(GROUP, ALICE, "/settings fi")
    saved = await fake.wait_for("sendMessage", count=3)
    assert saved.words.startswith("Tallennettu")
    # In a private chat, the user is the one who manages it: Telegram is not asked.
    mark = fake.mark()
    fake.send_text(private(CAROL), CAROL, "/settings en")
    mine = await fake.wait_for("sendMessage", after=mark)
    assert mine.words.startswith("Saved") and not fake.since(mark, "getChatMember")


async def test_a_group_upgraded_to_a_supergroup_keeps_its_games(fake: FakeTelegram, tammi: Tammi) -> None:
    old = {"id": -4321, "type": "group", "title": "Draughts club"}
    new = group(-1009876)
    fake.owners[old["id"]] = ALICE["id"]
    fake.send_text(old, ALICE, "/settings fi")
    await fake.wait_for("sendMessage")
    hello = fake.send_text(old, BOB, "anyone up for a game?")
    fake.send_text(old, ALICE, "/challenge@tammi_bot black", reply_to=hello)
    challenge = await fake.wait_for("sendMessage", count=2)
    fake.press(BOB, challenge.result, challenge.buttons[0][1])
    await fake.wait_for("sendPhoto")
    fake.send_text(old, CAROL, "/challenge")  # an open challenge, waiting
    await fake.wait_for("sendMessage", count=3)
    # The group is upgraded: Telegram says so in both chats, and refuses to post in the old one.
    fake.migrate(old, new)
    fake.push({"message": {"message_id": 90, "date": 0, "chat": old, "from": ALICE,
                           "migrate_to_chat_id": new["id"]}})
    fake.push({"message": {"message_id": 1, "date": 0, "chat": new, "from": ALICE,
                           "migrate_from_chat_id": old["id"]}})
    mark = fake.mark()
    fake.send_text(new, ALICE, "/move 11-15")  # her game is found in the supergroup, in Finnish
    board = await fake.wait_for("sendPhoto", after=mark)
    assert board.chat_id == new["id"] and "Alice siirsi 11-15" in board.words
    assert tammi.storage is not None
    [waiting] = await tammi.storage.open_challenges("telegram", str(new["id"]), now=time.time())
    assert waiting.challenger.user_id == str(CAROL["id"])
    assert await tammi.storage.open_challenges("telegram", str(old["id"]), now=time.time()) == []
    assert (await tammi.storage.channel_settings("telegram", str(new["id"]))).language == "fi"


async def test_help_fits_telegram_and_privacy_mode(fake: FakeTelegram, tammi: Tammi) -> None:
    fake.send_text(GROUP, BOB, "/help")  # privacy mode is on: typed moves do not reach the bot here
    in_group = await fake.wait_for("sendMessage")
    fake.send_text(private(BOB), BOB, "/help")
    alone = await fake.wait_for("sendMessage", count=2)
    for text in (in_group.words, alone.words):
        assert "!tammi" not in text and "Send a command as /<command>" in text
    assert "replying to the board with the move" in in_group.words and "Move by typing" not in in_group.words
    assert "Move by typing the move" in alone.words

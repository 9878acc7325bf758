"""Telegram's flood limit loses no reply (issue 21 item 4), end to end through python-telegram-bot's own
rate limiter and the fake Bot API server: a reply Telegram still refuses with 429 after the limiter's
tries waits as long as Telegram asks and then goes, before everything said in that chat after it, from
where it stopped; beyond the replies kept for a chat, the chat is told once that some did not arrive."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.chat.events import Attachment, Button, Notice, Reply
from bot.platforms.telegram import TelegramAdapter, outbox
from bot.presentation import catalogue
from tests.fakes.stub_service import StubService, echo
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "fi")
GROUP = group()
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
Start = Callable[[StubService], Any]


@pytest.fixture
async def start(fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Start]:
    """Start an adapter whose rate limiter tries a flooded request twice (the bot's own tries five
    times), then lets the 429 through."""
    monkeypatch.setenv("PTB_TIMEDELTA", "1")
    running: list[TelegramAdapter] = []

    async def started(service: StubService) -> TelegramAdapter:
        limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=1)
        adapter = TelegramAdapter(service, config_for(fake), poll_timeout=2, rate_limiter=limiter)
        await adapter.start()
        running.append(adapter)
        return adapter

    try:
        yield started
    finally:
        for adapter in running:
            await adapter.close()


def ok(call: Call) -> bool:
    return call.result is not None and call.result.get("ok", True) is not False


def delivered(fake: FakeTelegram, mark: int) -> list[tuple[str, str]]:
    """(method, words) of every message Telegram took after `mark`, in order."""
    return [(c.method, c.words) for c in fake.since(mark) if c.method.startswith("send") and ok(c)]


async def known_group(fake: FakeTelegram) -> int:
    """Make the fake know the group (a first message and its answer); the mark after it."""
    fake.send_text(GROUP, ALICE, "/help")
    await fake.wait_for("sendMessage")
    return fake.mark()


async def test_a_board_held_back_by_the_flood_limit_comes_later_in_order(fake: FakeTelegram,
                                                                        start: Start) -> None:
    board = Reply("Alice played 11-15", attachment=Attachment(PNG, "board.png"),
                  buttons=(Button("brd:1", "Board"),))
    service = StubService(lambda event: [board] if event.text == "11-15" else echo(event))
    await start(service)
    mark = await known_group(fake)
    fake.flood("sendPhoto", retry_after=1, times=2)  # both of the limiter's tries
    fake.send_text(GROUP, ALICE, "11-15")
    fake.send_text(GROUP, BOB, "/board")  # said after the move: answered after its board
    await fake.wait_for("sendPhoto", after=mark, count=2)  # refused twice: the board waits now
    await service.notify(Notice("telegram", str(GROUP["id"]), Reply("Bot plays 22-18")))
    photo = await fake.wait_for("sendPhoto", after=mark, where=ok)
    await fake.wait_for("sendMessage", after=mark, where=ok, count=2)
    assert photo.buttons == [("Board", "brd:1")]
    sent = delivered(fake, mark)
    assert sent[0] == ("sendPhoto", "Alice played 11-15")
    assert sorted(sent[1:]) == [("sendMessage", "Bot plays 22-18"), ("sendMessage", "got board")]
    assert len(fake.since(mark, "sendPhoto")) == 3  # two refusals, then the board, once


async def test_a_held_back_reply_goes_on_where_it_stopped(fake: FakeTelegram, start: Start) -> None:
    text = "Alice played 11-15.\n" + "\n".join(f"Move {n}: a long line of notes" for n in range(60))
    board = Reply(text, attachment=Attachment(PNG, "board.png"), title="Alice vs Bob",
                  buttons=(Button("brd:1", "Board"),))
    service = StubService(lambda event: [board] if event.text == "11-15" else echo(event))
    await start(service)
    mark = await known_group(fake)
    fake.flood("sendMessage", retry_after=1, times=2)  # the picture goes; the text after it waits
    fake.send_text(GROUP, ALICE, "11-15")
    rest = await fake.wait_for("sendMessage", after=mark, where=ok)
    assert rest.words == text and rest.buttons == [("Board", "brd:1")]
    assert delivered(fake, mark) == [("sendPhoto", "Alice vs Bob"), ("sendMessage", text)]
    assert len(fake.since(mark, "sendPhoto")) == 1  # the picture is not posted again


async def test_beyond_the_replies_kept_the_chat_is_told_once(fake: FakeTelegram, start: Start,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(outbox, "WAITING", 2)
    service = StubService()
    service.languages[str(GROUP["id"])] = "fi"  # the group's setting, though Alice's app is in English
    await start(service)
    mark = await known_group(fake)
    fake.flood("sendMessage", retry_after=1, times=1000)  # until mended
    for word in ("/rules", "/games", "/stats", "/leaderboard", "/settings"):
        fake.send_text(GROUP, ALICE, word)
    async with asyncio.timeout(20):  # the first two wait; the other three are not kept
        while caplog.text.count("was not kept") < 3:
            await asyncio.sleep(0.05)
    fake.mend("sendMessage")
    note = catalogue.say("fi", "telegram-replies-not-delivered")
    await fake.wait_for("sendMessage", after=mark, where=lambda c: c.words == note, timeout=10)
    assert [words for _, words in delivered(fake, mark)] == ["got rules", "got games", note]
    assert [e.command for e in service.events] == ["help", "rules", "games", "stats", "leaderboard",
                                                   "settings"]


async def test_replies_still_waiting_at_close_are_logged(fake: FakeTelegram, start: Start,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    adapter = await start(StubService())
    await known_group(fake)
    fake.flood("sendMessage", retry_after=1)  # the limiter waits 1 s, then Telegram asks for 30
    fake.flood("sendMessage", retry_after=30)
    fake.send_text(GROUP, ALICE, "/rules")
    await fake.wait_for("sendMessage", where=lambda c: not ok(c), count=2)
    async with asyncio.timeout(5):
        while "holds back the replies for chat" not in caplog.text:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(adapter.close(), 5)  # no wait for the 30 s
    assert f"1 replies for chat {GROUP['id']} were not sent" in caplog.text

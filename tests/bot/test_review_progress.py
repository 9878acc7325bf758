"""Where a review stands (issue 25's Progress), through the real service, workers and storage: the
"reviewing..." note is kept as the message it went out as and edited in place as the chunks of positions
come in, then once more when the review is done; the edits are never posted anew; a note whose message
is not known (an adapter that reports none, the console) gets no edits. End to end on the fake
Telegram (the note's text edited with editMessageText) and Discord (the interaction's answer edited)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat import review_progress
from bot.chat.events import Notice
from bot.chat.service import GameService
from bot.platforms.discord import DiscordAdapter
from bot.platforms.telegram import TelegramAdapter
from tests.bot.discord.test_discord_game import first_move
from tests.bot.tammi_talk import close_chat, open_chat
from tests.bot.telegram.test_telegram_pings import ALICE, GROUP, say
from tests.bot.test_review_chat import OPENING, Counting, played, review_config
from tests.fakes.discord_server import BOB, CHANNEL_ID
from tests.fakes.discord_tidy import TidyDiscord
from tests.fakes.telegram_server import config_for
from tests.fakes.telegram_tidy import TidyTelegram


@pytest.fixture
async def tidy() -> AsyncIterator[TidyTelegram]:
    server = TidyTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def edits(notices: list[Notice]) -> list[Notice]:
    return [n for n in notices if n.reply.live is not None and n.reply.live.edit is not None]


async def test_a_reviews_note_is_edited_as_the_review_goes(database: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_progress, "EVERY", 0.0)  # every chunk shows (Discord and Telegram: 2 s)
    chat = await open_chat(database, config=review_config(database))
    try:
        game_id = await played(chat)
        counting = Counting(chat.service.workers, hold=True)  # the review waits until the note is out
        [note] = await chat.say("ann", "!tammi review")
        assert "Reviewing game #1" in note.text and note.live is not None and note.live.edit is None
        await note.live.kept("n1")  # the adapter posted it as message n1
        counting.gate.set()
        await chat.service.wait_idle()
        shown = edits(chat.notices)
        assert len(shown) >= 2 and all(n.reply.live is not None and n.reply.live.edit == "n1"
                                       and not n.reply.live.anew for n in shown)
        *going, done = [n.reply.text for n in shown]
        assert going and all(text.startswith(f"Reviewing game #{game_id}: move ") for text in going)
        assert going[0] != going[-1] or len(going) == 1
        assert done == f"Game #{game_id} reviewed ({len(OPENING)} moves): the review follows."
        assert [n.reply.kind for n in chat.notices if n not in shown][-1] == "review"  # the review itself

        chat.notices.clear()
        finished = await played(chat)
        [note] = await chat.say("bob", f"!tammi review {finished}")  # nobody keeps this note's message
        await chat.service.wait_idle()
        assert edits(chat.notices) == [] and any(n.reply.kind == "review" for n in chat.notices)
    finally:
        await close_chat(chat)


async def test_on_telegram_the_note_is_edited_in_place(tidy: TidyTelegram, database: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_progress, "EVERY", 0.0)
    monkeypatch.setenv("PTB_TIMEDELTA", "1")  # see tests/bot/telegram/conftest.py
    fake = tidy
    config = review_config(database)
    storage = await open_repository(database)
    service = GameService(storage, config, choose_move=first_move)
    await service.start()
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3)
    adapter = TelegramAdapter(service, config_for(fake), poll_timeout=2, rate_limiter=limiter)
    await adapter.start()
    try:
        mark = fake.mark()
        fake.send_text(GROUP, ALICE, "/play 1 black")  # Alice (Red) moves first, against the bot
        await fake.wait_for("sendPhoto", mark)
        for _ in range(10):
            [legal] = (await service.suggest_moves("telegram", str(GROUP["id"]), str(ALICE["id"])))[:1]
            mark = fake.mark()
            fake.send_text(GROUP, ALICE, legal)
            await fake.wait_for("sendPhoto", mark, count=2)  # Alice's move and the bot's
        mark = fake.mark()
        note = await say(fake, GROUP, ALICE, "/review")
        assert "Reviewing game #1" in note.words
        await fake.wait_for("editMessageText", mark, where=lambda c: "reviewed" in str(c.params.get("text")),
                            timeout=30)
        texts = [m["text"] for m in fake.edited if m["message_id"] == note.result["message_id"]]
        assert texts[-1] == "Game #1 reviewed (20 moves): the review follows."
        assert any(text.startswith("Reviewing game #1: move ") for text in texts[:-1])
        assert fake.messages[GROUP["id"], note.result["message_id"]]["text"] == texts[-1]
        await service.wait_idle()
    finally:
        await adapter.close()
        await service.close()
        await storage.close()


async def test_on_discord_the_note_is_edited_in_place(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_progress, "EVERY", 0.0)
    fake = TidyDiscord()
    await fake.start()
    storage = await open_repository(database)
    service = GameService(storage, review_config(database), choose_move=first_move)
    await service.start()
    adapter = DiscordAdapter(service, fake.settings(), guild_ready_timeout=0.05)
    try:
        await adapter.start()
        await adapter.wait_until_ready()
        [started] = await fake.wait_answers(await fake.slash(BOB, "play", level=1, colour="black"))
        assert started.files  # the first board: Bob (Red) moves first
        for _ in range(10):  # Bob (Red) and the bot, ten moves each
            [legal] = (await service.suggest_moves("discord", str(CHANNEL_ID), str(BOB.id)))[:1]
            boards = len(fake.in_channel(CHANNEL_ID))
            await fake.type_message(BOB, legal)
            await fake.wait_in_channel(CHANNEL_ID, boards + 2)
        [note] = await fake.wait_answers(await fake.slash(BOB, "review"))
        assert "Reviewing game #1" in note.text
        done = await fake.until(lambda: next((e for e in fake.edits
                                              if e.id == note.id and "reviewed" in e.text), None), timeout=30)
        assert done.text.strip() == "Game #1 reviewed (20 moves): the review follows."
        assert any("Reviewing game #1: move " in e.text for e in fake.edits if e.id == note.id)
        await service.wait_idle()
    finally:
        await adapter.close()
        await service.close()
        await storage.close()
        await fake.close()

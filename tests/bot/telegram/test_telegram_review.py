"""`/hint` and `/review` over Telegram: the real game service and python-telegram-bot Application against
the fake Bot API server. The review's pictures arrive as photos the service posts on its own."""

from __future__ import annotations

from pathlib import Path

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig, ReviewConfig
from tests.fakes.telegram_server import FakeTelegram, StartAdapter, private, user

CAROL = user(1003, "Carol", "carol", "fi")


async def test_hint_and_review_in_a_private_chat(fake: FakeTelegram, start_adapter: StartAdapter,
                                                 tmp_path: Path) -> None:
    storage = await open_repository(tmp_path / "tammi.sqlite3")
    config = Config(database=tmp_path / "tammi.sqlite3", picture=PictureConfig(size=96, workers=0),
                    opponent=OpponentConfig(time_limit=0.05, node_limit=1000, workers=0),  # type: ignore[arg-type]
                    review=ReviewConfig(node_limit=2000, workers=0, hint_time=0.05))  # type: ignore[arg-type]
    service = GameService(storage, config)
    try:
        await service.start()
        await start_adapter(service)
        chat = private(CAROL)
        fake.send_text(chat, CAROL, "/play 1 black")  # Carol is Red and moves first; her app is Finnish
        await fake.wait_for("sendPhoto")
        fake.send_text(chat, CAROL, "/vihje")
        hint = await fake.wait_for("sendPhoto", count=2)
        assert "Vihje pelaajalle Carol" in hint.words and hint.files
        fake.send_text(chat, CAROL, "11-15")  # a private chat: typed moves reach the bot
        await fake.wait_for("sendPhoto", count=4, timeout=10)  # her move, then the opponent's answer
        await service.wait_idle()
        fake.send_text(chat, CAROL, "/review")
        note = await fake.wait_for("sendMessage", where=lambda c: "Analysoin pelin #1" in c.words)
        assert note.params["chat_id"] == CAROL["id"]
        summary = await fake.wait_for("sendMessage", where=lambda c: "yhteenveto" in c.words, timeout=20)
        graph = await fake.wait_for("sendPhoto", where=lambda c: "Kuvaaja näyttää" in c.words)
        assert graph.params["chat_id"] == summary.params["chat_id"] == CAROL["id"]
        assert "Carol (punainen): 1 siirto," in summary.words
        assert "Tammi (valkoinen): 1 siirto," in summary.words
        await service.wait_idle()
    finally:
        await service.close()
        await storage.close()

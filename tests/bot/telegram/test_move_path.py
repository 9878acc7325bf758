"""The path of a typed move, counted: from a Telegram message to the stored move and the posted picture,
the game row is read once and written once, and the move text is read once (README, "A move's path")."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.sqlite import SqliteRepository
from engine import notation
from tests.bot.telegram.test_telegram_game import ALICE, GROUP, Tammi, start_game
from tests.fakes.telegram_server import FakeTelegram


@pytest.fixture
async def running(tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[FakeTelegram, Tammi]]:
    monkeypatch.setenv("PTB_TIMEDELTA", "1")
    fake = FakeTelegram(privacy=True)
    await fake.start()
    tammi = Tammi(fake, str(tmp_path / "tammi.db"))
    await tammi.start()
    try:
        yield fake, tammi
    finally:
        await tammi.stop()
        await fake.close()


async def test_a_typed_move_reads_the_game_row_once_and_the_text_once(
        running: tuple[FakeTelegram, Tammi], monkeypatch: pytest.MonkeyPatch) -> None:
    fake, tammi = running
    await start_game(fake)  # privacy mode keeps the chat before it from the bot
    fake.privacy = False  # then turned off: a typed move reaches the bot
    storage = tammi.storage
    assert isinstance(storage, SqliteRepository)
    statements: list[str] = []
    await storage._db.set_trace_callback(statements.append)
    reads: list[str] = []
    real = notation.move_text

    def counted(text: str) -> notation.Written | None:
        reads.append(text)
        return real(text)

    monkeypatch.setattr(notation, "move_text", counted)
    mark = fake.mark()
    fake.send_text(GROUP, ALICE, "11 – 15!")
    board = await fake.wait_for("sendPhoto", after=mark)
    await storage._db.set_trace_callback(None)

    assert "Alice played 11-15" in board.words and board.files["photo"][1].startswith(b"\x89PNG")
    reads_of_games = [s for s in statements if s.startswith("SELECT") and re.search(r"\bFROM games\b", s)]
    writes_of_games = [s for s in statements if s.startswith("UPDATE games")]
    assert len(reads_of_games) == 1 and len(writes_of_games) == 1, statements
    assert reads == ["11 – 15"]  # the decoration is trimmed by the grammar; the engine reads no text again

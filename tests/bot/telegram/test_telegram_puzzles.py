"""End to end on the fake Telegram: puzzles solved in a group, through python-telegram-bot, the real
service and storage (SQLite and PostgreSQL). `/puzzle` posts the position as a photo with its task;
`/puzzle fen`; typed moves judged for each sender (right, wrong with the refutation, partial), the first
solver named; `/puzzle give up`; a restart in the middle of a puzzle; `/stats` and `/leaderboard
puzzles`; /puzzle in the command menu; with privacy mode on, answers as `/puzzle <move>`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from telegram.ext import AIORateLimiter

from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, OpponentConfig, PictureConfig
from bot.domain.puzzles import position
from bot.platforms.telegram import TelegramAdapter
from bot.storage import Repository
from engine import puzzle_set
from tests.bot.tammi_talk import Clock
from tests.fakes.telegram_server import Call, FakeTelegram, config_for, group, user

ALICE = user(1001, "Alice", "alice", "en")
BOB = user(1002, "Bob", "bob", "en")
GROUP = group()


class Tammi:
    """Storage, service and adapter over one database; `restart` stops them and starts new ones."""

    def __init__(self, fake: FakeTelegram, database: str) -> None:
        self.fake, self.database, self.clock = fake, database, Clock()
        self.parts: tuple[Repository, GameService, TelegramAdapter] | None = None

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


async def say(fake: FakeTelegram, person: dict[str, Any], text: str, method: str = "sendMessage") -> Call:
    """`person` writes `text` in the group; the bot's first `method` call in answer."""
    mark = fake.mark()
    fake.send_text(GROUP, person, text)
    return await fake.wait_for(method, mark, where=lambda c: c.chat_id == GROUP["id"])


def wrong_move(step: int, index: int = 0) -> str:
    puzzle = puzzle_set.builtin("english")[index]
    board = position(puzzle, step)
    expected = board.parse_move(puzzle.solution[2 * step])
    return str(next(move for move in board.legal_moves if move != expected))


async def test_a_puzzle_solved_in_a_group(fake: FakeTelegram, tammi: Tammi) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    shown = await say(fake, ALICE, "/puzzle", "sendPhoto")
    assert "Puzzle #1 (English checkers): Red to play and win two men" in shown.words
    assert shown.files["photo"][1].startswith(b"\x89PNG")
    fen = await say(fake, BOB, "/puzzle fen")
    assert puzzle.fen in fen.words
    right = await say(fake, ALICE, puzzle.solution[0], "sendPhoto")
    assert f"Alice: {puzzle.solution[0]} is right! The answer {puzzle.solution[1]} is forced" in right.words
    wrong = await say(fake, BOB, wrong_move(0), "sendPhoto")  # Bob is judged for himself
    assert f"Bob: {wrong_move(0)} is not it." in wrong.words and "It fails to " in wrong.words
    assert f"The solution: {' '.join(puzzle.solution)}." in wrong.words
    solved = await say(fake, ALICE, puzzle.solution[2], "sendPhoto")
    assert "Alice solved puzzle #1!" in solved.words and "1 solved, 0 failed, 1 in a row" in solved.words
    stats = await say(fake, ALICE, "/stats")
    assert "Puzzles in this channel:" in stats.words and "1 solved, 0 failed" in stats.words
    leaders = await say(fake, BOB, "/leaderboard puzzles")
    lines = leaders.words.splitlines()
    assert lines[1].startswith("1. Alice — ") and lines[2].startswith("2. Bob — ")
    commands = [c for c in fake.since(0, "setMyCommands")]
    assert any("puzzle" in [entry["command"] for entry in c.params["commands"]] for c in commands)


async def test_partial_give_up_and_a_restart_in_the_middle(fake: FakeTelegram, tammi: Tammi) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    await say(fake, ALICE, "/puzzle", "sendPhoto")
    await say(fake, BOB, puzzle.solution[0], "sendPhoto")
    partial = await say(fake, ALICE, puzzle.solution[0], "sendPhoto")
    assert "Alice: " in partial.words and "is right!" in partial.words
    await tammi.stop()
    await tammi.start()
    again = await say(fake, BOB, "/puzzle", "sendPhoto")
    assert "Puzzle #1" in again.words and "Bob, you are on move 2 of 2" in again.words
    wrong = await say(fake, ALICE, wrong_move(1), "sendPhoto")  # first move right, then wrong
    assert f"Alice: {wrong_move(1)} is not it." in wrong.words and "0 solved, 1 failed" in wrong.words
    gave = await say(fake, BOB, "/puzzle give up", "sendPhoto")
    assert f"Bob gave up puzzle #1. The solution: {' '.join(puzzle.solution)}." in gave.words
    none = await say(fake, BOB, "/puzzle fen")
    assert "No puzzle is open here" in none.words


async def test_with_privacy_mode_on_answers_go_by_the_command(fake: FakeTelegram, tammi: Tammi) -> None:
    puzzle = puzzle_set.builtin("english")[0]
    fake.privacy = True  # plain group messages no longer reach the bot
    await say(fake, ALICE, "/puzzle", "sendPhoto")
    right = await say(fake, ALICE, f"/puzzle {puzzle.solution[0]}", "sendPhoto")
    assert f"Alice: {puzzle.solution[0]} is right!" in right.words
    solved = await say(fake, ALICE, f"/puzzle@tammi_bot {puzzle.solution[2]}", "sendPhoto")
    assert "Alice solved puzzle #1!" in solved.words

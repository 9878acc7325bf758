"""How quickly does Tammi answer on Telegram? The whole stack on one machine: the fake Bot API server
from the tests, python-telegram-bot long polling, the Telegram adapter, the real game service with a
SQLite file, and board pictures.

Prints the time from an update being queued at the fake server to the bot's answer arriving there:
a `/help` text reply, and a typed move answered with a board photo (two players alternating in a group).
The fake applies no flood limits and the adapter's own pacing is off, so these are the bot's costs.

    python benchmarks/bench_telegram.py                 # 40 helps, a 40-ply game, 480 px pictures
    python benchmarks/bench_telegram.py --plies 80 --size 240
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chat_timing import main, summary  # noqa: E402
from telegram.ext import AIORateLimiter  # noqa: E402

from bot.app import open_repository  # noqa: E402
from bot.chat.service import GameService  # noqa: E402
from bot.config import Config, PictureConfig, TelegramConfig  # noqa: E402
from bot.platforms.telegram import TelegramAdapter  # noqa: E402
from engine import Board  # noqa: E402
from tests.fakes.telegram_server import FakeTelegram, group, private, user  # noqa: E402


async def bench(helps: int, plies: int, size: int) -> None:
    async with contextlib.AsyncExitStack() as stack:  # everything opened is closed, on a failure too
        fake = FakeTelegram()
        await fake.start()
        stack.push_async_callback(fake.close)
        database = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "bench.sqlite3"
        storage = await open_repository(database)
        stack.push_async_callback(storage.close)  # an open database would keep the process alive
        pictures = PictureConfig(size=size, theme="auto")
        service = GameService(storage, Config(database=str(database), picture=pictures))
        stack.push_async_callback(service.close)
        await service.start()
        adapter = TelegramAdapter(
            service,
            TelegramConfig(token=fake.token, base_url=fake.base_url, base_file_url=fake.base_file_url),
            poll_timeout=5,
            rate_limiter=AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3),
        )
        began = time.perf_counter()
        await adapter.start()
        stack.push_async_callback(adapter.close)
        took = (time.perf_counter() - began) * 1000
        print(f"start-up (getMe, two setMyCommands, deleteWebhook): {took:.1f} ms")
        alice, bob = user(1, "Alice", "alice", "en"), user(2, "Bob", "bob", "en")
        chat = private(alice)
        times: list[float] = []
        for _ in range(helps):
            mark = fake.mark()
            began = time.perf_counter()
            fake.send_text(chat, alice, "/help")
            await fake.wait_for("sendMessage", after=mark)
            times.append(time.perf_counter() - began)
        print(summary("/help -> text", times))

        room = group()
        fake.send_text(room, bob, "hello")
        mark = fake.mark()
        fake.send_text(room, alice, "/challenge @bob black")
        challenge = await fake.wait_for("sendMessage", after=mark)
        mark = fake.mark()
        fake.press(bob, challenge.result, challenge.buttons[0][1])
        await fake.wait_for("sendPhoto", after=mark)
        board = Board("english")
        times = []
        players = [alice, bob]  # Alice has Black, who moves first in English draughts
        for ply in range(plies):
            if board.is_game_over():
                break
            move = next(iter(board.legal_moves))
            board.push(move)
            mark = fake.mark()
            began = time.perf_counter()
            fake.send_text(room, players[ply % 2], str(move))
            await fake.wait_for("sendPhoto", after=mark, timeout=30)
            times.append(time.perf_counter() - began)
        print(summary(f"typed move -> {size} px photo", times))


if __name__ == "__main__":
    main(bench, __doc__)

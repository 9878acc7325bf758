"""How quickly does Tammi answer on Discord? The whole stack on one machine: the fake Discord (REST and
gateway) from the tests, the real discord.py client, the Discord adapter, the real game service with a
SQLite file, and board pictures.

Prints the time from an event being sent on the fake gateway to the bot's answer arriving at the fake
REST API: a `/tammi help` slash command, and typed moves answered with a board picture (two players
alternating in a channel). The fake applies no rate limits, so these are the bot's own costs.

    python benchmarks/bench_discord.py                  # 40 helps, a 40-ply game, 480 px pictures
    python benchmarks/bench_discord.py --plies 80 --size 240
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

from bot.app import open_repository  # noqa: E402
from bot.chat.service import GameService  # noqa: E402
from bot.config import Config, PictureConfig  # noqa: E402
from bot.platforms.discord import DiscordAdapter  # noqa: E402
from engine import Board  # noqa: E402
from tests.fakes.discord_server import ALICE, BOB, CHANNEL_ID, FakeDiscord  # noqa: E402


async def bench(helps: int, plies: int, size: int) -> None:
    async with contextlib.AsyncExitStack() as stack:  # everything opened is closed, on a failure too
        fake = FakeDiscord()
        await fake.start()
        stack.push_async_callback(fake.close)
        database = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "bench.sqlite3"
        storage = await open_repository(database)
        stack.push_async_callback(storage.close)  # an open database would keep the process alive
        service = GameService(storage, Config(database=str(database), picture=PictureConfig(size=size)))
        stack.push_async_callback(service.close)
        adapter = DiscordAdapter(service, fake.settings(), guild_ready_timeout=0.05)
        stack.push_async_callback(adapter.close)
        await service.start()
        await adapter.start()
        await adapter.wait_until_ready()

        help_times = []
        for _ in range(helps):
            started = time.perf_counter()
            interaction = await fake.slash(ALICE, "help")
            await fake.wait_answers(interaction)
            help_times.append(time.perf_counter() - started)

        challenge = await fake.wait_answers(
            await fake.slash(ALICE, "challenge", opponent=BOB, variant="english", colour="white"))
        accept = next(b for b in challenge[0].buttons if b.startswith("tammi:acc:"))
        await fake.wait_answers(await fake.press(BOB, challenge[0], accept))

        board = Board("english")
        players = {board.turn: BOB, board.turn.other: ALICE}  # Alice took White; Red (Bob) starts
        move_times = []
        for ply in range(plies):
            if board.is_game_over():
                break
            move = next(iter(board.legal_moves))
            started = time.perf_counter()
            await fake.type_message(players[board.turn], str(move))
            await fake.wait_in_channel(CHANNEL_ID, ply + 1)
            move_times.append(time.perf_counter() - started)
            board.push(move)
        pictures = sum(1 for sent in fake.in_channel(CHANNEL_ID) if sent.files)
    print(summary("/tammi help (text)", help_times))
    print(summary(f"typed move + {size} px board", move_times))
    print(f"{pictures} board pictures for {len(move_times)} moves; no unknown REST calls: {not fake.unknown}")


if __name__ == "__main__":
    main(bench, __doc__)

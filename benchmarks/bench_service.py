"""Drive the game service directly with many concurrent games and print moves per second and latency.

Two phases over a temporary SQLite file, pictures on (480 px PNG per move, as players see them):

1. throughput: every game has a player submitting their next move as soon as the last reply came back
   (closed loop, `--games` concurrent submissions): moves per second;
2. latency: moves arrive at a steady `--rate` per second spread over the games (open loop, as in a busy
   chat): the round trip of one move (parse, validate, commit, render) as p50/p95/p99/max.

    .venv/bin/python benchmarks/bench_service.py [--games 200] [--moves 3000] [--rate 200] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import open_repository
from bot.chat.events import Event, Person
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from engine import Board, Color, Move

PLATFORM = "bench"
CHANNEL = "arena"
VARIANTS = ("english", "italian", "international")


@dataclass
class Table:
    """One pair of players and a local copy of their current game."""

    index: int
    white: str
    black: str
    variant: str
    board: Board = field(init=False)
    busy: bool = False

    def __post_init__(self) -> None:
        self.board = Board(self.variant)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    pictures: int = 0
    errors: int = 0


async def new_game(service: GameService, table: Table) -> None:
    """Start a game at the table through the ordinary challenge and accept messages."""
    challenge = Event(PLATFORM, CHANNEL, Person(table.white, table.white),
                      text=f"!tammi challenge @{table.black} {table.variant} white",
                      mentions=(Person(table.black, table.black),))
    replies = await service.handle(challenge)
    assert replies[0].kind == "challenge", replies[0].text
    accept = Event(PLATFORM, CHANNEL, Person(table.black, table.black), text=f"!tammi accept @{table.white}",
                   mentions=(Person(table.white, table.white),))
    replies = await service.handle(accept)
    assert replies[0].game_id is not None, replies[0].text
    table.board = Board(table.variant)


async def one_move(service: GameService, table: Table, rng: random.Random, tally: Tally) -> None:
    """The player to move types a random legal move; the reply is checked and timed."""
    board = table.board
    move = rng.choice(list(board.legal_moves))
    user = table.white if board.turn is Color.WHITE else table.black
    event = Event(PLATFORM, CHANNEL, Person(user, user), text=str(move))
    start = time.perf_counter()
    replies = await service.handle(event)
    tally.latencies.append(time.perf_counter() - start)
    reply = replies[0]
    if reply.kind != "board":
        tally.errors += 1
        raise RuntimeError(f"move refused: {reply.text}")
    tally.moves += 1
    tally.pictures += reply.attachment is not None
    board.push(move)
    if board.is_game_over():
        tally.games_finished += 1
        await new_game(service, table)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(name: str, tally: Tally, elapsed: float) -> None:
    ms = [v * 1000 for v in tally.latencies]
    print(f"{name}: {tally.moves} moves in {elapsed:.2f} s = {tally.moves / elapsed:.0f} moves/s; "
          f"pictures {tally.pictures}; games finished {tally.games_finished}; refused {tally.errors}")
    if ms:
        print(f"  round trip ms: p50 {statistics.median(ms):.1f}  p95 {percentile(ms, 0.95):.1f}  "
              f"p99 {percentile(ms, 0.99):.1f}  max {max(ms):.1f}")


async def throughput(service: GameService, tables: list[Table], total: int, seed: int) -> None:
    tally = Tally()
    rng = random.Random(seed)
    quota = iter(range(total))

    async def player_loop(table: Table) -> None:
        for _ in quota:
            await one_move(service, table, rng, tally)

    start = time.perf_counter()
    await asyncio.gather(*(player_loop(table) for table in tables))
    report(f"throughput ({len(tables)} games, closed loop)", tally, time.perf_counter() - start)


async def latency(service: GameService, tables: list[Table], rate: float, seconds: float, seed: int) -> None:
    tally = Tally()
    rng = random.Random(seed)
    pending: set[asyncio.Task[None]] = set()
    skipped = 0

    async def guarded(table: Table) -> None:
        try:
            await one_move(service, table, rng, tally)
        finally:
            table.busy = False

    start = time.perf_counter()
    due = start
    while due - start < seconds:
        due += rng.expovariate(rate)
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        idle = [t for t in tables if not t.busy]
        if not idle:
            skipped += 1
            continue
        table = rng.choice(idle)
        table.busy = True
        task = asyncio.create_task(guarded(table))
        pending.add(task)
        task.add_done_callback(pending.discard)
    await asyncio.gather(*pending)
    report(f"latency (offered {rate:g} moves/s over {len(tables)} games, open loop)", tally,
           time.perf_counter() - start)
    if skipped:
        print(f"  {skipped} arrivals skipped: every game was busy")


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000, help="moves in the throughput phase")
    parser.add_argument("--rate", type=float, default=200.0, help="offered moves/s in the latency phase")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the latency phase")
    parser.add_argument("--size", type=int, default=480, help="picture size in pixels")
    parser.add_argument("--no-pictures", action="store_true")
    # PictureConfig.workers is msgspec's field descriptor; the default lives on an instance
    parser.add_argument("--workers", type=int, default=PictureConfig().workers,
                        help="picture worker processes (0: threads)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    async with contextlib.AsyncExitStack() as stack:  # everything opened is closed, on a failure too
        path = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "bench.sqlite3"
        storage = await open_repository(path)
        stack.push_async_callback(storage.close)  # an open database would keep the process alive
        config = Config(database=str(path), picture=PictureConfig(size=args.size, workers=args.workers))
        service = GameService(storage, config, rng=random.Random(args.seed))
        stack.push_async_callback(service.close)
        await service.start()
        if args.no_pictures:
            async def no_picture(board: Board, *, flipped: bool, arrow: Move | None = None) -> None:
                return None

            service.workers.board_png = no_picture  # type: ignore[method-assign]
        tables = [Table(i, f"w{i}", f"b{i}", VARIANTS[i % len(VARIANTS)]) for i in range(args.games)]
        start = time.perf_counter()
        for table in tables:
            await new_game(service, table)
        print(f"set-up: {len(tables)} games started in {time.perf_counter() - start:.2f} s "
              f"(pictures {'off' if args.no_pictures else f'{args.size} px'}, "
              f"{args.workers} worker processes)")
        await throughput(service, tables, args.moves, args.seed)
        await latency(service, tables, args.rate, args.seconds, args.seed + 1)


if __name__ == "__main__":
    asyncio.run(main())

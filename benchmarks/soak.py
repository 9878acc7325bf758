"""A long soak of the game service: games played at a steady rate for a long time, new players and new
games all along (as in a busy bot), printing the process's memory as a curve.

Every `--every` seconds it prints the resident memory (RSS) of this process, the Python heap that
tracemalloc sees (with `--trace`), the moves so far and the free space held inside glibc's malloc
heap; at the end the growth over the second half of the run, in MB per minute, which is what a leak
shows (the first half includes warm-up: caches filling, the allocator settling). With `--trace` it
also prints the places whose allocations grew most between the middle and the end of the run.

    .venv/bin/python benchmarks/soak.py --seconds 3600                       # an hour on SQLite
    .venv/bin/python benchmarks/soak.py --postgres postgresql://postgres@127.0.0.1:5432/postgres \
        --seconds 3600 --every 60 --trace
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import random
import resource
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from benchmarks.bench_service import VARIANTS, Table, Tally, new_game, one_move
from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.memory import steady_malloc


class _MallInfo(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                    "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def malloc_free_mb() -> float | None:
    """The free space inside glibc's malloc heap (holes it keeps), or None without glibc."""
    try:
        info = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    info.restype = _MallInfo
    return float(info().fordblks) / 2**20


def rss_mb() -> float:
    """This process's resident memory now (Linux /proc; the peak elsewhere)."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def make_database(admin: str) -> tuple[str, str]:
    name = f"tammi_soak_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(admin)
    await connection.execute(f'CREATE DATABASE "{name}"')
    await connection.close()
    return name, admin.rsplit("/", 1)[0] + "/" + name


async def drop_database(admin: str, name: str) -> None:
    connection = await asyncpg.connect(admin)
    await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await connection.close()


class Soak:
    """Tables of two players; when a game ends, two new players take the table."""

    def __init__(self, service: GameService, games: int, seed: int) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.people = 0
        self.tables = [self.table(i) for i in range(games)]

    def table(self, index: int) -> Table:
        self.people += 2
        return Table(index, f"w{self.people}", f"b{self.people}", VARIANTS[index % len(VARIANTS)])

    async def start(self) -> None:
        for table in self.tables:
            await new_game(self.service, table)

    async def move(self, index: int) -> None:
        table = self.tables[index]
        finished = self.tally.games_finished
        await one_move(self.service, table, self.rng, self.tally)  # a finished game restarts at the table
        if self.tally.games_finished > finished:  # ... and then new people take it
            self.tables[index] = self.table(index)
            await new_game(self.service, self.tables[index])


async def soak(service: GameService, args: argparse.Namespace) -> list[tuple[float, float, float, int]]:
    """Play for `args.seconds`; the samples (seconds, RSS MB, traced MB, moves)."""
    run = Soak(service, args.games, args.seed)
    await run.start()
    samples: list[tuple[float, float, float, int]] = []
    start = time.perf_counter()
    next_sample = start
    middle: tracemalloc.Snapshot | None = None
    interval = 1 / args.rate
    index = 0
    while (now := time.perf_counter()) - start < args.seconds:
        if now >= next_sample:
            traced = tracemalloc.get_traced_memory()[0] / 2**20 if args.trace else 0.0
            samples.append((now - start, rss_mb(), traced, run.tally.moves))
            holes = malloc_free_mb()
            print(f"{now - start:8.0f} s  rss {samples[-1][1]:7.1f} MB  heap {traced:7.1f} MB  "
                  f"moves {run.tally.moves:7d}  games {run.tally.games_finished:5d}"
                  + (f"  malloc free {holes:6.1f} MB" if holes is not None else ""), flush=True)
            next_sample += args.every
            if args.trace and middle is None and now - start >= args.seconds / 2:
                middle = tracemalloc.take_snapshot()
        await run.move(index)
        index = (index + 1) % len(run.tables)
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - now)))
    samples.append((time.perf_counter() - start, rss_mb(), 0.0, run.tally.moves))
    if args.trace and middle is not None:
        print("grew most between the middle and the end (tracemalloc):")
        for stat in tracemalloc.take_snapshot().compare_to(middle, "traceback")[:8]:
            print(f"  {stat.size_diff / 1024:+9.0f} KiB  {stat.count_diff:+7d} blocks  "
                  f"{stat.traceback.format()[-1].strip() if stat.traceback else ''}")
            for line in stat.traceback.format(limit=6)[:-1]:
                print(f"        {line.strip()}")
    return samples


def growth(samples: list[tuple[float, float, float, int]]) -> float:
    """RSS growth in MB per minute over the second half of the run (least squares)."""
    half = [(t, rss) for t, rss, _, _ in samples if t >= samples[-1][0] / 2]
    if len(half) < 2:
        return 0.0
    mean_t = sum(t for t, _ in half) / len(half)
    mean_r = sum(r for _, r in half) / len(half)
    spread = sum((t - mean_t) ** 2 for t, _ in half) or 1.0
    return sum((t - mean_t) * (r - mean_r) for t, r in half) / spread * 60


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3600.0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--games", type=int, default=40, help="games played at once")
    parser.add_argument("--rate", type=float, default=40.0, help="moves per second")
    parser.add_argument("--postgres", help="an admin URL: the soak runs in a new database there")
    parser.add_argument("--trace", action="store_true", help="tracemalloc: the heap and what grew")
    parser.add_argument("--pictures", action="store_true", help="draw every board (96 px, in threads)")
    parser.add_argument("--moving-threshold", action="store_true",
                        help="leave malloc's mmap threshold moving (as before bot/memory.py), to compare")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.trace:
        tracemalloc.start(8)
    steady = not args.moving_threshold and steady_malloc()  # as the bot's process does
    async with contextlib.AsyncExitStack() as stack:
        if args.postgres:
            name, database = await make_database(args.postgres)
            stack.push_async_callback(drop_database, args.postgres, name)
        else:
            database = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "soak.sqlite3")
        storage = await open_repository(database)
        stack.push_async_callback(storage.close)
        config = Config(database=database, picture=PictureConfig(size=96, workers=0))
        service = GameService(storage, config, rng=random.Random(args.seed))
        stack.push_async_callback(service.close)
        await service.start()

        async def no_picture(*_: object, **__: object) -> None:
            return None

        if not args.pictures:
            service.workers.board_png = no_picture  # type: ignore[method-assign]
        kind = "PostgreSQL" if args.postgres else "SQLite"
        print(f"soak on {kind}: {args.games} games at once, {args.rate:g} moves/s, {args.seconds:g} s; "
              f"malloc's mmap threshold {'fixed' if steady else 'moving'}")
        samples = await soak(service, args)
    first, last = samples[0], samples[-1]
    print(f"rss {first[1]:.1f} -> {last[1]:.1f} MB over {last[0]:.0f} s, {last[3]} moves; "
          f"growth over the second half: {growth(samples):+.2f} MB/min")


if __name__ == "__main__":
    asyncio.run(main())

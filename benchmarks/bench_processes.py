"""Moves per second and the move round trip with 1..N bot processes sharing one database.

Each configuration starts `--games` concurrent games split over the processes (each game is played
by one process), then every game's player submits their next move as soon as the last reply came back
(closed loop) for `--seconds`. Printed per configuration: moves per second over all processes, p50/p99
of the round trip (parse, validate, commit, draw the picture), and the CPU used by the bot processes
and by the PostgreSQL server (in cores, from /proc), so it shows what limits the scaling.

    .venv/bin/python benchmarks/bench_processes.py [--games 200] [--seconds 10] [--size 480]
        [--postgres postgresql://postgres@127.0.0.1:5432/postgres] [--configs sqlite:1,postgres:1,...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from benchmarks.bench_service import Table, Tally, new_game, one_move, percentile
from bot.app import open_repository
from bot.chat.service import GameService
from bot.config import Config, PictureConfig

VARIANTS = ("english", "italian", "international")
TICK = os.sysconf("SC_CLK_TCK")


async def child(database: str, index: int, games: int, seconds: float, size: int) -> None:
    """One bot process: plays its share of the games and prints its tally as JSON."""
    async with contextlib.AsyncExitStack() as stack:  # everything opened is closed, on a failure too
        storage = await open_repository(database)
        stack.push_async_callback(storage.close)  # an open database would keep the process alive
        config = Config(database=database, picture=PictureConfig(size=size, workers=0))
        service = GameService(storage, config, rng=random.Random(index))
        stack.push_async_callback(service.close)
        await service.start()
        tables = [Table(i, f"w{index}_{i}", f"b{index}_{i}", VARIANTS[i % 3]) for i in range(games)]
        for table in tables:
            await new_game(service, table)
        tally, rng = Tally(), random.Random(index)
        print("ready", flush=True)
        sys.stdin.readline()  # all processes start together
        deadline = time.perf_counter() + seconds
        cpu = time.process_time()

        async def player(table: Table) -> None:
            while time.perf_counter() < deadline:
                await one_move(service, table, rng, tally)

        await asyncio.gather(*(player(table) for table in tables))
        print(json.dumps({"moves": tally.moves, "latencies": tally.latencies,
                          "cpu": time.process_time() - cpu}), flush=True)
        sys.stdin.readline()  # stay connected until the server's CPU is read


def cpu_seconds(names: tuple[str, ...]) -> float:
    """User and system CPU seconds of every process whose command name is one of `names`."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        if name in names:
            fields = stat[stat.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def run(database: str, processes: int, games: int, seconds: float, size: int) -> None:
    share = [games // processes + (1 if i < games % processes else 0) for i in range(processes)]
    children = [subprocess.Popen(
        [sys.executable, __file__, "--child", str(i), "--database", database, "--games", str(share[i]),
         "--seconds", str(seconds), "--size", str(size)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for i in range(processes)]
    try:
        for process in children:
            answer(children, process, "ready")
        server_before = cpu_seconds(("postgres",))
        start = time.perf_counter()
        tell(children, "go")
        results = [json.loads(answer(children, process)) for process in children]
        elapsed = time.perf_counter() - start
        server = (cpu_seconds(("postgres",)) - server_before) / elapsed
        tell(children, "stop")
        for process in children:
            process.wait(timeout=60)
    finally:  # a child that failed: stop the others rather than wait for them
        for process in children:
            if process.poll() is None:
                process.kill()
                process.wait()
    bots = sum(r["cpu"] for r in results) / elapsed
    moves = sum(r["moves"] for r in results)
    ms = [v * 1000 for r in results for v in r["latencies"]]
    kind = "postgres" if "://" in database else "sqlite"
    trip = f"p50 {statistics.median(ms):.1f} p99 {percentile(ms, 0.99):.1f}" if ms else "none (no moves)"
    print(f"{kind} x{processes}: {moves / elapsed:.0f} moves/s; round trip ms {trip}; CPU cores: "
          f"bot processes {bots:.2f}, PostgreSQL server {server:.2f}", flush=True)


def answer(children: list[subprocess.Popen[str]], process: subprocess.Popen[str],
           expected: str | None = None) -> str:
    """The next line from a child (which must be `expected` if given); a child that has failed instead
    ends the run with its number and exit status."""
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if line and expected in (None, line):
        return line
    status = f", exit status {process.wait(timeout=60)}" if not line else ""
    raise SystemExit(f"child process {children.index(process)} sent {line!r} instead of "
                     f"{expected or 'its tally'}{status}")


def tell(children: list[subprocess.Popen[str]], word: str) -> None:
    for process in children:
        assert process.stdin is not None
        process.stdin.write(word + "\n")
        process.stdin.flush()


async def make_database(admin: str) -> tuple[str, str]:
    name = f"tammi_bench_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(admin)
    await connection.execute(f'CREATE DATABASE "{name}"')
    await connection.close()
    return name, admin.rsplit("/", 1)[0] + "/" + name


async def drop_database(admin: str, name: str) -> None:
    connection = await asyncpg.connect(admin)
    await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", type=int, default=480, help="picture size in pixels")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="a server where a database may be created for the run")
    parser.add_argument("--configs", default="sqlite:1,postgres:1,postgres:2,postgres:3")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        asyncio.run(child(args.database, args.child, args.games, args.seconds, args.size))
        return
    print(f"{args.games} games, {args.seconds:g} s each, pictures {args.size} px drawn in threads, "
          f"{os.cpu_count()} cores", flush=True)
    for config in args.configs.split(","):
        kind, processes = config.split(":")
        if kind == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                run(str(Path(folder) / "bench.sqlite3"), int(processes), args.games, args.seconds, args.size)
            continue
        name, url = asyncio.run(make_database(args.postgres))
        try:
            run(url, int(processes), args.games, args.seconds, args.size)
        finally:
            asyncio.run(drop_database(args.postgres, name))


if __name__ == "__main__":
    main()

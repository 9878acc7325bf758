"""How long a review of one International game takes: Tammi's own engine with 1 and with 2 review
processes, and with a Hub engine (dame by default) in one engine process.

The game is played first (Tammi's level 4 against itself at `--game-nodes` a move, from two random plies,
seeded) and cut at `--plies` plies. Each review goes through `bot.workers.Workers.review`, as the bot's
reviews do: Tammi's with `--seconds` a position (the default of `[review] time_per_move`) or `--nodes`,
the engine's with its `--hub-time` a position (the default of `[engine] review_time`). Each pool is
started (and its processes have imported the engine) before its review is timed. With 1 process the
chunks of a game are searched one after another, as every review was before reviews were parallel;
with 2 both cores search them. No test asserts the figures.

    python benchmarks/bench_review.py                        # 1 s a position, as the bot's default
    python benchmarks/bench_review.py --nodes 20000          # repeatable: the verdicts are compared
    python benchmarks/bench_review.py --hub "/opt/scan/scan hub"
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import EngineConfig, ReviewConfig
from bot.engines import HubSettings
from bot.workers import Workers
from engine import Board, search
from engine.review import Review


def game(plies: int, nodes: int, seed: int) -> tuple[str, ...]:
    """An International game of `plies` plies (or the first seeds' game that lasts that long)."""
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        board = Board("international")
        for _ in range(2):
            board.push(rng.choice(sorted(board.legal_moves, key=str)))
        while not board.is_game_over() and len(board.move_stack) < plies:
            board.push(search.choose_move(board, level=4, time_limit=60.0, node_limit=nodes, rng=rng))
        if len(board.move_stack) >= plies:
            break
    return tuple(str(m) for m in board.move_stack)


def verdicts(review: Review) -> list[tuple[int, str, str]]:
    return [(t.ply, t.move, t.verdict.value) for t in review.turns if t.verdict.value != "good"]


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


async def timed(workers: Workers, moves: tuple[str, ...], seconds: float | None,
                nodes: int | None) -> tuple[float, float, Review]:
    """The wall time of one review, after a short review has started the pool's processes, and the CPU
    time its processes used (the short review's included; the processes are ended to count it)."""
    start = Board("international").fen()
    cpu = children_cpu()
    try:
        await workers.review("international", start, moves[:20], seconds=None, nodes=300)
        began = time.perf_counter()
        review = await workers.review("international", start, moves, seconds=seconds, nodes=nodes)
        wall = time.perf_counter() - began
    finally:
        await workers.close()
    return wall, children_cpu() - cpu, review


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def default_hub() -> str | None:
    folders = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which("dame", path=folders)
    return f"{found} hub" if found else None


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=ReviewConfig().time_per_move.total_seconds(),
                        help="Tammi's search per position (default: the bot's)")
    parser.add_argument("--nodes", type=int, help="Tammi's nodes per position instead of --seconds")
    parser.add_argument("--processes", default="1,2", help="review processes to compare")
    parser.add_argument("--hub", default=default_hub(), help="the engine's command line (default: dame hub)")
    parser.add_argument("--no-hub", action="store_true", help="skip the engine's review")
    parser.add_argument("--hub-time", type=float, default=EngineConfig().review_time.total_seconds())
    parser.add_argument("--game-nodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    seconds = None if args.nodes else args.seconds
    moves = game(args.plies, args.game_nodes, args.seed)
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.seconds:g} s"
    print(f"an International game of {len(moves)} plies, {os.cpu_count()} cores, {load()}", flush=True)
    walls: dict[int, float] = {}
    reviews: dict[int, Review] = {}
    for processes in (int(p) for p in args.processes.split(",")):
        walls[processes], cpu, reviews[processes] = await timed(Workers(reviews=processes), moves, seconds,
                                                                args.nodes)
        done = reviews[processes]
        print(f"Tammi's engine, {budget} a position, {processes} review processes: "
              f"{walls[processes]:.1f} s wall, CPU {cpu:.1f} s, {len(verdicts(done))} moves flagged, "
              f"{len(done.turning_points())} turning points ({load()})", flush=True)
    if 1 in walls and len(walls) > 1:
        most = max(walls)
        same = reviews[1] == reviews[most]
        print(f"{most} processes against 1: {walls[1] / walls[most]:.2f} times as fast "
              f"({walls[most] / walls[1]:.0%} of the time); same review: "
              f"{'yes' if same else 'no' if args.nodes else 'not compared (a time budget varies)'}")
    if args.hub and not args.no_hub:
        settings = HubSettings(args.hub, review_time=args.hub_time)
        wall, _, review = await timed(Workers(hub=settings, engines=1), moves, None, None)
        print(f"Hub engine ({Path(args.hub.split()[0]).name}), {args.hub_time:g} s a position, 1 engine "
              f"process: {wall:.1f} s wall, {len(verdicts(review))} moves flagged, "
              f"{len(review.turning_points())} turning points, budget {review.budget} ({load()})")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

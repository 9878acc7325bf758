"""Puzzle mining: puzzles found per CPU-minute, and the share of candidates the deeper search rejects.

Each variant's self-play games (the built-in opponent against itself, one side weak and one strong, as
`tammi puzzles mine --self-play` plays them) are scanned by `engine.puzzles.scan_game` in `--jobs`
worker processes. The CPU time is that of the mining processes (each game's self-play included),
measured in them; the wall time is printed too.

    python benchmarks/bench_puzzles.py --games 20 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.puzzle_mine import Task, run_tasks
from engine import get_variant
from engine.puzzles import FIND, SCREEN, VERIFY, Scan


def mine(variant: str, games: int, seed: int, levels: tuple[int, int], max_plies: int,
         jobs: int) -> tuple[Scan, float, float]:
    """The scan of `games` self-play games, its CPU seconds and its wall seconds."""
    started = time.perf_counter()
    tasks = [Task(variant, "self-play", seed + i, levels=levels, max_plies=max_plies) for i in range(games)]
    total, cpu = Scan(), 0.0
    for done in run_tasks(tasks, jobs):
        total.add(done.scan)
        cpu += done.seconds
    return total, cpu, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variants", default="english,italian,international")
    p.add_argument("--games", type=int, default=20, help="self-play games per variant (default 20)")
    p.add_argument("--seed", type=int, default=10_000, help="the first game's seed")
    p.add_argument("--levels", default="1,4", help="weak,strong (default 1,4)")
    p.add_argument("--max-plies", type=int, default=150, help="of a self-play game (default 150)")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    weak, strong = (int(part) for part in args.levels.split(","))
    print(f"{args.games} self-play games per variant (levels {weak} and {strong}, at most {args.max_plies} "
          f"plies), {args.jobs} worker processes")
    for name in args.variants.split(","):
        variant = get_variant(name).name
        budgets = ", ".join(f"{label} {b.depth} plies/{b.nodes} nodes" for label, b in (
            ("screen", SCREEN[variant]), ("find", FIND[variant]), ("verify", VERIFY[variant])))
        scan, cpu, wall = mine(variant, args.games, args.seed, (weak, strong), args.max_plies, args.jobs)
        share = 100 * scan.refuted / scan.candidates if scan.candidates else 0.0
        rate = len(scan.puzzles) / (cpu / 60) if cpu else 0.0
        print(f"{variant}: {scan.positions} positions, {scan.candidates} candidates, {scan.refuted} rejected "
              f"by the deeper search ({share:.0f}%), {len(scan.puzzles)} puzzles")
        print(f"  CPU {cpu:.1f} s (wall {wall:.1f} s): {rate:.1f} puzzles per CPU-minute; {budgets}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

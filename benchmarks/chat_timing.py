"""What the chat benchmarks (bench_discord.py, bench_telegram.py) share: their command line and the
line that sums up a list of answer times."""

from __future__ import annotations

import argparse
import asyncio
import statistics
from collections.abc import Callable, Coroutine
from typing import Any


def summary(name: str, seconds: list[float]) -> str:
    """One line: how many answers, and their median, 95th percentile and slowest time in milliseconds.

    >>> summary("help", [0.002, 0.001, 0.003])
    'help                         n=3    median     2.0 ms   p95     3.0 ms   max     3.0 ms'
    >>> summary("help", [])
    'help                         n=0'
    """
    if not seconds:
        return f"{name:<28} n=0"
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (f"{name:<28} n={len(ms):<4} median {statistics.median(ms):7.1f} ms   p95 {p95:7.1f} ms   "
            f"max {ms[-1]:7.1f} ms")


def main(bench: Callable[[int, int, int], Coroutine[Any, Any, None]], doc: str) -> None:
    """Read `--helps`, `--plies` and `--size` from the command line and run `bench` with them."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--helps", type=int, default=40)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--size", type=int, default=480)
    args = parser.parse_args()
    asyncio.run(bench(args.helps, args.plies, args.size))

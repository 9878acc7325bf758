"""Self-play games for tuning the evaluation (see tune_eval.py): positions labelled with the game's result.

Each game starts with a few random plies (so that games differ), then both sides play Tammi's level 5 with
a small node budget per move. Every position after the random opening is written as one line
``FEN<TAB>result<TAB>score`` where result is White's score in the game (1, 0.5 or 0; a game still running
after ``--max-plies`` is written as a draw) and score the search's score of the position for White.
Games are spread over ``--jobs`` processes and appended to ``--out``.

    python benchmarks/selfplay.py international --games 2000 --nodes 1500 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Board, Color, search

HERE = Path(__file__).resolve().parent
DATA = HERE / ".selfplay"
RANDOM_PLIES = {"english": (2, 6), "italian": (2, 6), "international": (4, 10)}


def play(variant: str, seed: int, nodes: int, max_plies: int) -> list[str]:
    """One game; the labelled FEN lines of its positions after the random opening."""
    rng = random.Random(seed)
    board = Board(variant)
    lo, hi = RANDOM_PLIES[variant]
    for _ in range(rng.randint(lo, hi)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    fens: list[tuple[str, int]] = []
    result = 0.5
    while True:
        out = board.outcome()
        if out is not None:
            result = 0.5 if out.winner is None else 1.0 if out.winner is Color.WHITE else 0.0
            break
        if board.claimable_draw() is not None and search.should_claim_draw(board) is not None:
            break
        if board.ply >= max_plies:
            break
        r = search.analyse(board, level=5, time_limit=None, node_limit=nodes, rng=rng)
        fens.append((board.fen(), r.score if board.turn is Color.WHITE else -r.score))
        board.push(r.move)
    return [f"{fen}\t{result}\t{score}" for fen, score in fens]


def _job(task: tuple[str, int, int, int]) -> list[str]:
    return play(*task)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=1500, help="node budget per move")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--out", type=Path, default=None, help="default: benchmarks/.selfplay/<variant>.txt")
    args = p.parse_args(argv)
    out = args.out or DATA / f"{args.variant}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    tasks = [(args.variant, args.seed * 1_000_003 + i, args.nodes, args.max_plies) for i in range(args.games)]
    started = time.perf_counter()
    positions = 0
    with multiprocessing.Pool(args.jobs) as pool, out.open("a") as f:
        for i, lines in enumerate(pool.imap_unordered(_job, tasks), 1):
            f.write("\n".join(lines) + "\n")
            positions += len(lines)
            if i % 50 == 0:
                f.flush()
                print(f"{i} games, {positions} positions, {time.perf_counter() - started:.0f}s", flush=True)
    print(f"done: {args.games} games, {positions} positions in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

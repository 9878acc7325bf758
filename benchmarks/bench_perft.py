"""Perft speed: Tammi against py-draughts 1.10, side by side, counted the same way.

Run: .venv/bin/python benchmarks/bench_perft.py [--english 9] [--international 7]
py-draughts lives in its own virtual environment (benchmarks/.peer-venv, created on first use).
Times are CPU seconds of the counting process (steadier than wall time on a shared machine).
Both sides count the same way in each table, enforce compulsory capture and count identical capture
sequences once. Two comparisons:
- public API: Board.legal_moves / push / pop on both libraries, with bulk counting at the last ply
  and without it (every leaf pushed and popped);
- raw generator: Tammi's engine.movegen.perft against py-draughts' internal 10x10 generator
  (draughts.engines.turbo.perft; py-draughts has no raw 8x8 perft).
Italian has no counterpart in py-draughts: its rows are Tammi's alone, from the start position and from
positions with kings on both sides, where the Italian capture-choice rule is decided most often.
`--no-peer` prints Tammi's figures only (for comparing two versions of the engine).
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import time
from pathlib import Path

from engine import Board, Color, movegen

HERE = Path(__file__).parent
PEER = HERE / ".peer-venv"


@functools.cache
def peer_python() -> Path:
    """The Python of benchmarks/.peer-venv with py-draughts installed, made on first use. A virtual
    environment whose install failed (offline, say) is completed on the next run, not taken as ready."""
    python = PEER / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PEER)], check=True)
    if subprocess.run([str(python), "-c", "import draughts"], capture_output=True).returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "-q", "py-draughts==1.10.1"], check=True)
    return python


def public_perft(board: Board, depth: int, bulk: bool = True) -> int:
    if depth == 0:
        return 1
    if depth == 1 and bulk:
        return len(board.legal_moves)
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += public_perft(board, depth - 1, bulk)
        board.pop()
    return total


ITALIAN_KINGS = (
    "B:WK3,21,25,28,30,31,32:B1,2,5,8,11,15,19,24,K29",  # from a random game
    "W:WK9,K10,22,24,25,26,27,28,29,31:B2,3,5,K17,K19,K20,12,13",
)


def tammi(variant: str, depth: int, mode: str, fen: str | None = None) -> list[tuple[int, int, float]]:
    board = Board(variant, fen=fen)
    own, opp, kings = board.bitboards()
    out = []
    for d in range(1, depth + 1):
        start = time.process_time()
        if mode in ("public", "nobulk"):
            nodes = public_perft(board, d, bulk=mode == "public")
        else:
            nodes = movegen.perft(board.variant, own, opp, kings, board.turn is Color.WHITE, d)
        out.append((d, nodes, time.process_time() - start))
    return out


def peer(variant: str, depth: int, mode: str) -> list[tuple[int, int, float]]:
    run = subprocess.run(
        [str(peer_python()), str(HERE / "peer_perft.py"), variant, str(depth), mode],
        check=True, capture_output=True, text=True,
    )
    rows = [line.split() for line in run.stdout.splitlines()]
    return [(int(d), int(n), float(t)) for d, n, t in rows]


def report(title: str, ours: list[tuple[int, int, float]], theirs: list[tuple[int, int, float]]) -> None:
    print(f"\n{title}")
    print(f"{'depth':>5} {'nodes':>10} {'tammi s':>9} {'peer s':>9} {'tammi n/s':>11} {'peer n/s':>10} ratio")
    for (d, n, t), (_, n2, t2) in zip(ours, theirs, strict=True):
        mark = "" if n == n2 else f"  (peer counted {n2})"
        ratio = t2 / t if t else float("nan")
        print(f"{d:>5} {n:>10} {t:>9.3f} {t2:>9.3f} {n / t if t else 0:>11.0f} "
              f"{n2 / t2 if t2 else 0:>10.0f} {ratio:5.1f}x{mark}")


def report_alone(title: str, ours: list[tuple[int, int, float]]) -> None:
    print(f"\n{title}")
    print(f"{'depth':>5} {'nodes':>10} {'tammi s':>9} {'tammi n/s':>11}")
    for d, n, t in ours:
        print(f"{d:>5} {n:>10} {t:>9.3f} {n / t if t else 0:>11.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--english", type=int, default=8)
    parser.add_argument("--international", type=int, default=6)
    parser.add_argument("--italian", type=int, default=8)
    parser.add_argument("--no-peer", action="store_true", help="Tammi's figures only")
    args = parser.parse_args()
    report_alone("italian: public API (legal_moves/push/pop), bulk counting at the last ply",
                 tammi("italian", args.italian, "public"))
    report_alone("italian: raw generator (movegen.perft)", tammi("italian", args.italian + 1, "raw"))
    for fen in ITALIAN_KINGS:
        report_alone(f"italian, kings on both sides, raw generator: {fen}",
                     tammi("italian", args.italian, "raw", fen))
        report_alone(f"italian, kings on both sides, public API: {fen}",
                     tammi("italian", args.italian - 1, "public", fen))
    if args.no_peer:
        for variant, depth in (("english", args.english), ("international", args.international)):
            report_alone(f"{variant}: public API, bulk counting", tammi(variant, depth, "public"))
            report_alone(f"{variant}: raw generator", tammi(variant, depth + 1, "raw"))
        return
    for variant, depth in (("english", args.english), ("international", args.international)):
        report(f"{variant}: public API (legal_moves/push/pop), bulk counting at the last ply",
               tammi(variant, depth, "public"), peer(variant, depth, "public"))
        report(f"{variant}: public API (legal_moves/push/pop), every leaf pushed (no bulk counting)",
               tammi(variant, depth - 1, "nobulk"), peer(variant, depth - 1, "nobulk"))
    report("international: raw generators (movegen.perft vs draughts.engines.turbo.perft)",
           tammi("international", args.international + 1, "raw"),
           peer("international", args.international + 1, "turbo"))
    print(f"\nenglish raw generator (no peer counterpart): "
          f"{tammi('english', args.english + 1, 'raw')[-1]}")


if __name__ == "__main__":
    main()

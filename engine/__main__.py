"""Command line: ``python -m engine perft|moves|play ...`` for checking and benchmarking."""

from __future__ import annotations

import argparse
import sys
import time

from engine import movegen
from engine.board import Board
from engine.types import Color


def perft_main(args: argparse.Namespace) -> int:
    """Print `DEPTH NODES SECONDS NPS` for each depth up to the one asked."""
    board = Board(args.variant, fen=args.fen)
    own, opp, kings = board.bitboards()
    white = board.turn is Color.WHITE
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        nodes = movegen.perft(board.variant, own, opp, kings, white, depth)
        took = time.perf_counter() - start
        print(f"{depth} {nodes} {took:.3f}s {nodes / took if took else 0:.0f}/s", flush=True)
    return 0


def moves_main(args: argparse.Namespace) -> int:
    """Print the legal moves, one per line, canonical form."""
    board = Board(args.variant, fen=args.fen)
    for move in board.legal_moves:
        print(move)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one command."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "play":
        from engine.search import play_main

        return play_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count leaf nodes (identical sequences once)")
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.add_argument("--fen")
    p.set_defaults(run=perft_main)
    m = sub.add_parser("moves", help="list the legal moves")
    m.add_argument("variant")
    m.add_argument("--fen")
    m.set_defaults(run=moves_main)
    sub.add_parser("play", help="watch the built-in opponent play (see `play --help`)")
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    raise SystemExit(main())

"""Perft with py-draughts 1.10, run inside its own virtual environment by bench_perft.py.

Usage: peer_perft.py english|international DEPTH [public|turbo|nobulk]
Prints one line per depth: DEPTH NODES SECONDS. Counted like Tammi: compulsory capture enforced,
identical capture sequences once, bulk counting at the last ply.
"""

import sys
import time

import draughts
from draughts.engines import turbo


def legal(board):  # type: ignore[no-untyped-def]
    moves = board.legal_moves
    captures = [m for m in moves if m.captured_list]
    if not captures:
        return moves
    seen = {}
    for m in captures:  # AmericanBoard offers every capture path: count each outcome once
        key = (m.square_list[0], m.square_list[-1], frozenset(m.captured_list))
        seen.setdefault(key, m)
    return list(seen.values())


def perft(board, depth, bulk=True):  # type: ignore[no-untyped-def]
    if depth == 0:
        return 1
    moves = legal(board)
    if depth == 1 and bulk:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, depth - 1, bulk)
        board.pop()
    return total


def main() -> None:
    variant, depth = sys.argv[1], int(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else "public"
    board = draughts.AmericanBoard() if variant == "english" else draughts.StandardBoard()
    for d in range(1, depth + 1):
        start = time.process_time()
        if mode == "turbo":
            nodes = turbo.perft_from_board(board, d)
        else:
            nodes = perft(board, d, bulk=mode != "nobulk")
        print(d, nodes, f"{time.process_time() - start:.4f}", flush=True)


if __name__ == "__main__":
    main()

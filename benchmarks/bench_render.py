"""Board picture speed and size: one PNG at the default size, and a 60-move GIF replay.

Run: .venv/bin/python benchmarks/bench_render.py [--repeat 200] [--plies 60]
Targets (issue 3): PNG at most 10 ms median and under 60 KB; 60-move GIF under 1.5 s and under 1 MB.
The PNG is a middle-game position whose last move is a capture (path, ghosts), with the caption
strip, as the bot shows it; "first" is the time of the very first call, before any cache is warm.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import Board
from render import DEFAULT_SIZE, GIF_SIZE, caption_for, layout, render_board, render_game_gif, sprites
from render import board as board_module

VARIANTS = ("english", "italian", "international")


def random_game(name: str, plies: int, seed: int) -> Board:
    """A reproducible game of exactly `plies` moves, or as near as random play allows."""
    best = Board(name)
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        board = Board(name)
        while board.ply < plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if board.ply == plies:
            return board
        if board.ply > best.ply:
            best = board
    return best


def capture_position(game: Board) -> Board:
    """The game cut back to its last capture, so the picture shows a path and ghosts."""
    board = game.copy()
    while board.move_stack and not board.move_stack[-1].is_capture:
        board.pop()
    return board if board.move_stack else game


def clear_caches() -> None:
    """Forget every cached background, palette, sprite, font and layout."""
    for cached in (board_module._background, board_module._tile, board_module._palette, layout._layout,
                   sprites.piece, sprites.segment, sprites.dot, sprites.number, sprites.font,
                   sprites.caption_font):
        cached.cache_clear()


def bench_png(name: str, board: Board, repeat: int) -> None:
    caption = caption_for(board, white="Ann", black="Bob")
    clear_caches()
    start = time.perf_counter()
    render_board(board, caption=caption)
    first = time.perf_counter() - start
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        data = render_board(board, caption=caption)
        times.append(time.perf_counter() - start)
    plain = render_board(Board(name))
    print(f"{name:14} PNG {DEFAULT_SIZE}px: median {statistics.median(times) * 1000:5.2f} ms, "
          f"p90 {sorted(times)[int(repeat * 0.9)] * 1000:5.2f} ms, first {first * 1000:5.1f} ms, "
          f"{len(data) / 1024:5.1f} KB (start position without caption {len(plain) / 1024:.1f} KB)")


def bench_gif(name: str, game: Board, size: int) -> None:
    start = time.perf_counter()
    data = render_game_gif(game, size=size, title="Ann - Bob")
    elapsed = time.perf_counter() - start
    print(f"{name:14} GIF {size}px, {game.ply} moves: {elapsed:5.2f} s, {len(data) / 1024:6.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--plies", type=int, default=60)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat: at least 1")
    games = {name: random_game(name, args.plies, seed=1) for name in VARIANTS}
    for name in VARIANTS:
        bench_png(name, capture_position(games[name]), args.repeat)
    for name in VARIANTS:
        for size in (GIF_SIZE, DEFAULT_SIZE):
            bench_gif(name, games[name], size)


if __name__ == "__main__":
    main()

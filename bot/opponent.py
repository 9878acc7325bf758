"""Runs the built-in opponent (`engine.search.choose_move`) away from the event loop.

A search is CPU work for up to its time limit. In worker processes it uses the other cores and leaves
the bot's own process (and its GIL) to the conversation; with no workers, or with a stand-in function
given by a test, it runs in a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Callable
from typing import Literal, TypeVar

from engine import Board, Color, Move, search

ChooseMove = Callable[..., Move]
DrawQuestion = Literal["accept", "offer", "claim"]
T = TypeVar("T")


def _replay(variant: str, start_fen: str, moves: tuple[str, ...]) -> Board:
    board = Board(variant, fen=start_fen)
    for text in moves:
        board.push(board.parse_move(text))
    return board


def think(variant: str, start_fen: str, moves: tuple[str, ...], level: int, time_limit: float,
          node_limit: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The opponent's move for a game given as plain values (in a worker process): (path, captures)."""
    board = _replay(variant, start_fen, moves)
    move = search.choose_move(board, level=level, time_limit=time_limit, node_limit=node_limit)
    return move.path, move.captures


def judge_draw(question: DrawQuestion, variant: str, start_fen: str, moves: tuple[str, ...], level: int,
               color: str) -> bool | str | None:
    """The opponent's draw decision for `color` ("W"/"B") in a game given as plain values.

    "accept": does it accept a draw offer; "offer": should it offer one; "claim": the draw it claims
    (English threefold or forty-move rule), or None.
    """
    board = _replay(variant, start_fen, moves)
    side = Color(color)
    if question == "accept":
        return search.should_accept_draw(board, level, side)
    if question == "offer":
        return search.should_offer_draw(board, side)
    return search.should_claim_draw(board, side)


class Opponent:
    """Chooses the built-in opponent's moves in `workers` processes (0: in a thread)."""

    def __init__(self, workers: int, choose_move: ChooseMove | None = None) -> None:
        self.workers = workers
        self._override = choose_move
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def choose(self, board: Board, *, level: int, time_limit: float, node_limit: int | None) -> Move:
        """The opponent's move in the position of `board` (with its history)."""
        if self._override is None and self.workers > 0:
            moves = tuple(str(move) for move in board.move_stack)
            path, captures = await self._in_pool(
                think, board.variant.name, board.start_fen, moves, level, time_limit, node_limit)
            return Move(tuple(path), tuple(captures))
        choose = self._override or search.choose_move
        return await asyncio.to_thread(choose, board.copy(), level=level, time_limit=time_limit,
                                       node_limit=node_limit)

    async def judge_draw(self, question: DrawQuestion, board: Board, *, level: int,
                         color: Color) -> bool | str | None:
        """The opponent's draw decision (see `judge_draw`), away from the event loop.

        A stand-in opponent given by a test takes no draw decisions: it declines and claims nothing.
        """
        if self._override is not None:
            return None if question == "claim" else False
        moves = tuple(str(move) for move in board.move_stack)
        args = (question, board.variant.name, board.start_fen, moves, level, color.value)
        if self.workers > 0:
            return await self._in_pool(judge_draw, *args)
        return await asyncio.to_thread(judge_draw, *args)

    async def _in_pool(self, function: Callable[..., T], *args: object) -> T:
        """Run `function(*args)` in a worker process (started on first use)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, function, *args)
        except concurrent.futures.BrokenExecutor:
            self._pool = None  # a worker died; start fresh ones for the next request
            raise

    async def close(self) -> None:
        """Stop the worker processes (a search still running is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

"""Reviews in parallel: the chunks of a game, then the moves to confirm (and explain) are searched at once
over the review processes (no more at a time than there are processes), and the review is the same as
one searched in one process, the planted blunder included."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from bot import workers as pools
from bot.engines import EngineFault, HubSettings
from bot.parallel import chunks_of
from bot.workers import REVIEW_CHUNK, Workers
from engine import Board, search
from engine.review import review_game

T = TypeVar("T")
# Red (bob) blunders a man with 16-19 at his fifth move; White takes it with 24x15x8.
ENGLISH = ("11-15", "22-18", "15x22", "26x17", "8-11", "25-22", "12-16", "17-13", "16-19", "24x15x8",
           "4x11", "28-24", "9-14", "31-26")
NODES = 3000


def international(plies: int, seed: int) -> tuple[str, ...]:
    rng = random.Random(seed)
    board = Board("international")
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(search.choose_move(board, level=2, time_limit=60.0, node_limit=300, rng=rng))
    return tuple(str(m) for m in board.move_stack)


class Counted(Workers):
    """Workers whose requests run in threads here, counting how many run at once and of which kind."""

    def __init__(self, **sizes: Any) -> None:
        super().__init__(**sizes)
        self.running = self.most = 0
        self.calls: list[str] = []
        self.fail_on: int | None = None

    async def _run(self, kind: str, function: Callable[..., T], *args: object) -> T:
        self.calls.append(function.__name__)
        if len(self.calls) == self.fail_on:
            raise EngineFault("the fake engine failed")
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await asyncio.sleep(0)  # let the other requests of the step start, if they may
            return await asyncio.to_thread(function, *args)
        finally:
            self.running -= 1


@pytest.mark.parametrize("variant,moves", [("english", ENGLISH), ("international", international(30, 4))])
async def test_two_processes_review_as_one_does(variant: str, moves: tuple[str, ...]) -> None:
    start = Board(variant).fen()
    done = {}
    for processes in (1, 2):
        workers = Workers(reviews=processes)
        try:
            done[processes] = await workers.review(variant, start, moves, seconds=None, nodes=NODES)
        finally:
            await workers.close()
    assert done[1] == done[2] == review_game(variant, None, moves, nodes=NODES)
    if variant == "english":
        worst = max(done[2].turning_points(), key=lambda t: t.loss)
        assert (worst.move, worst.verdict.value, worst.refutation[0]) == ("16-19", "blunder", "24x15x8")


@pytest.mark.parametrize("processes", [1, 2, 3])
async def test_the_steps_run_at_once_up_to_the_pool_size(processes: int) -> None:
    moves = international(40, 6)
    workers = Counted(reviews=processes)
    review = await workers.review("international", Board("international").fen(), moves, seconds=None,
                                  nodes=NODES)
    assert review == review_game("international", None, moves, nodes=NODES)
    chunks = len(chunks_of(len(moves) + 1, processes, most=REVIEW_CHUNK))
    assert chunks > processes
    assert workers.calls[:chunks] == ["_evaluate"] * chunks and workers.calls[chunks] == "_judge_game"
    doubtful = [t for t in review.turns if t.verdict.value != "good"]
    assert workers.calls[chunks + 1:] == ["_settle"] * len(doubtful) and len(doubtful) >= 2
    assert review.turning_points() and all(t.line and t.refutation for t in review.turning_points())
    assert workers.most == processes


async def test_threads_review_one_request_at_a_time() -> None:
    workers = Counted(reviews=0)
    await workers.review("english", Board("english").fen(), ENGLISH, seconds=None, nodes=NODES)
    assert workers.most == 1


async def test_a_failed_chunk_stops_the_review_and_the_engine_gives_way(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The Hub engine's second chunk fails: the chunks still waiting are not searched, the error reaches
    `review` as it is, and Tammi's own engine reviews the game instead."""
    monkeypatch.setattr(pools.hub, "analyser", lambda settings: pools.judging.own_analysis)
    workers = Counted(reviews=2, engines=1, hub=HubSettings("unused hub"))
    workers.fail_on = 2
    moves = international(40, 5)
    review = await workers.review("international", Board("international").fen(), moves, seconds=None,
                                  nodes=NODES)
    assert review == review_game("international", None, moves, nodes=NODES)
    chunks = len(chunks_of(len(moves) + 1, 2, most=REVIEW_CHUNK))  # Tammi's, in 2 processes
    assert workers.calls[:2] == ["_evaluate", "_evaluate"]  # the first two (of one engine process)...
    assert workers.calls[2:2 + chunks] == ["_evaluate"] * chunks  # ...then Tammi's review from the start
    assert workers.calls.count("_evaluate") == 2 + chunks  # the engine's other chunks never ran
    assert "the fake engine failed; the review is made by Tammi's own engine instead" in caplog.text

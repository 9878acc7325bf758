"""The workers with a Hub engine (the fake): level 5, hints and reviews of International games are the
engine's; other variants and levels, and every fault, are Tammi's own, with one line in the log."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import random
import signal
import time
from pathlib import Path

import pytest

from bot.engines import HubSettings
from bot.workers import Workers
from engine import Board, Move
from tests.fakes.hub_engine import command, written

PICK = 3  # the fake plays the fourth legal move in text order: not what Tammi's search would choose


def fake(tmp_path: Path, *switches: str, review_time: float = 0.05) -> tuple[HubSettings, Path]:
    log = tmp_path / "received.txt"
    settings = HubSettings(command("--pick", str(PICK), *switches, "--log", str(log)), move_time=0.05,
                           hint_time=0.05, review_time=review_time, margin=0.5, start_time=5.0)
    return settings, log


def lines(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def pids(log: Path) -> list[int]:
    return [int(line.split()[-1]) for line in lines(log) if line.startswith("# pid")]


def picked(board: Board) -> Move:
    text = sorted(map(written, board.legal_moves))[PICK]
    return next(m for m in board.legal_moves if written(m) == text)


def opened(plies: int = 4, seed: int = 7) -> Board:
    rng = random.Random(seed)
    board = Board("international")
    for _ in range(plies):
        board.push(rng.choice(sorted(board.legal_moves, key=str)))
    return board


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "bot.workers" and r.levelno >= logging.WARNING]


async def test_level_5_of_international_is_the_engines(tmp_path: Path) -> None:
    settings, log = fake(tmp_path)
    workers = Workers(hub=settings, engines=0)
    try:
        board = opened()
        assert len(list(board.legal_moves)) > PICK
        move = await workers.choose(board, level=5, time_limit=0.05, node_limit=None)
        assert move == picked(board)
        assert "go think" in lines(log) and "level move-time=0.050" in lines(log)
    finally:
        await workers.close()
    assert all(not_running(pid) for pid in pids(log))


async def test_other_levels_and_variants_are_tammis(tmp_path: Path) -> None:
    settings, log = fake(tmp_path)
    workers = Workers(hub=settings, engines=0)
    try:
        board = opened()
        await workers.choose(board, level=4, time_limit=0.05, node_limit=2000)
        for variant in ("english", "italian"):
            await workers.choose(Board(variant), level=5, time_limit=0.05, node_limit=2000)
            await workers.hint(Board(variant), seconds=0.05, nodes=2000)
        assert lines(log) == []  # never started
    finally:
        await workers.close()


async def test_hints_are_the_engines(tmp_path: Path) -> None:
    settings, log = fake(tmp_path)
    workers = Workers(hub=settings, engines=0)
    try:
        board = opened(6)
        assert await workers.hint(board, seconds=5.0) == picked(board)
        assert "go analyze" in lines(log)
    finally:
        await workers.close()


@pytest.mark.parametrize("fault", ["crash", "hang", "illegal", "no-start"])
async def test_a_fault_leaves_the_move_to_tammi_and_one_log_line(tmp_path: Path, fault: str,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    settings, log = fake(tmp_path, "--fault", fault, "--once", str(tmp_path / "faulted"))
    workers = Workers(hub=settings, engines=0)
    board = opened()
    try:
        with caplog.at_level(logging.WARNING):
            move = await workers.choose(board, level=5, time_limit=0.05, node_limit=2000)
        assert move in board.legal_moves
        (said,) = warnings(caplog)
        assert said.startswith("engine '") and said.endswith("; Tammi's own engine is used instead")
        assert ("(it said: fake: " in said) == (fault in ("crash", "no-start"))
        assert "\n" not in said
        assert await workers.choose(board, level=5, time_limit=0.05, node_limit=2000) == picked(board)
        assert len(pids(log)) == 2  # started again at the next use
    finally:
        await workers.close()


async def test_a_review_is_the_engines(tmp_path: Path) -> None:
    settings, log = fake(tmp_path, review_time=0.03)
    board = opened(10, seed=3)
    moves = tuple(str(m) for m in board.move_stack)
    workers = Workers(hub=settings, engines=0)
    try:
        review = await workers.review("international", Board("international").fen(), moves, seconds=1.0,
                                      nodes=None)
    finally:
        await workers.close()
    assert review.moves == moves and len(review.scores) == len(moves) + 1
    assert review.budget == {"seconds": 0.03}  # the engine's budget, not Tammi's second
    searched = [line for line in lines(log) if line == "go analyze"]
    assert len(searched) >= len(moves)  # each position (forced ones are followed, not searched)
    assert "level move-time=0.030" in lines(log)


async def test_a_review_whose_engine_fails_is_made_by_tammi(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    settings, _ = fake(tmp_path, "--fault", "crash", "--on", "3")
    board = opened(8, seed=5)
    moves = tuple(str(m) for m in board.move_stack)
    workers = Workers(hub=settings, engines=0)
    try:
        with caplog.at_level(logging.WARNING):
            review = await workers.review("international", Board("international").fen(), moves, seconds=None,
                                          nodes=2000)
    finally:
        await workers.close()
    assert review.moves == moves and review.budget == {"nodes": 2000.0}  # Tammi's, from the start
    (said,) = warnings(caplog)
    assert "exited with status 1 (it said: fake: segmentation fault)" in said
    assert said.endswith("; the review is made by Tammi's own engine instead")


async def test_engine_processes_are_bounded_and_restarted(tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """One engine process serves two games at once; a crash in it falls back, and the next move starts
    a new engine in the same worker."""
    settings, log = fake(tmp_path, "--fault", "crash", "--on", "3", "--once", str(tmp_path / "faulted"))
    workers = Workers(hub=settings, engines=1)
    first, second = opened(4, seed=2), opened(4, seed=3)
    try:
        moves = await asyncio.gather(*(workers.choose(b, level=5, time_limit=0.05, node_limit=None)
                                       for b in (first, second)))
        assert moves == [picked(first), picked(second)] and len(pids(log)) == 1
        with caplog.at_level(logging.WARNING):
            fallback = await workers.choose(first, level=5, time_limit=0.05, node_limit=2000)
        assert fallback in first.legal_moves and len(warnings(caplog)) == 1
        assert await workers.choose(second, level=5, time_limit=0.05, node_limit=None) == picked(second)
        assert len(pids(log)) == 2
    finally:
        await workers.close()
    assert all(not_running(pid) for pid in pids(log))


def not_running(pid: int, within: float = 3.0) -> bool:
    """Whether the process has ended (or does within a moment: a kill takes effect in the kernel's time),
    as a zombie its new parent has not reaped counts as ended."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ")[1].startswith("Z"):
                    return True
        except OSError:
            return True
        time.sleep(0.02)
    return False


async def test_a_killed_engine_worker_leaves_the_move_to_tammi(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    """The engine's worker process is killed (SIGKILL) while its engine searches: the move is Tammi's,
    a new worker and engine take the next one, and the orphaned engine ends when its input closes."""
    settings, log = fake(tmp_path, "--fault", "hang", "--once", str(tmp_path / "faulted"))
    settings = dataclasses.replace(settings, margin=30.0)  # the worker dies long before the engine hangs
    workers = Workers(hub=settings, engines=1)
    board = opened()
    try:
        with caplog.at_level(logging.WARNING):
            turn = asyncio.ensure_future(workers.choose(board, level=5, time_limit=0.05, node_limit=2000))
            for _ in range(1000):  # until the engine searches (20 s at most)
                if "go think" in lines(log):
                    break
                await asyncio.sleep(0.02)
            (worker,) = workers._pools["engine"]._processes
            os.kill(worker, signal.SIGKILL)
            move = await asyncio.wait_for(turn, 20)
        assert move in board.legal_moves
        assert warnings(caplog) == ["the Hub engine's worker process died; Tammi's own engine is used "
                                    "instead"]
        assert await workers.choose(board, level=5, time_limit=0.05, node_limit=None) == picked(board)
    finally:
        await workers.close()
    assert all(not_running(pid) for pid in pids(log))

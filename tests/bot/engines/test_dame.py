"""A real Hub engine: dame (dame-rs from the package index, pinned in the test extra), which speaks
version 2. It plays through the workers' engine pool, analyses reviews and hints, and is sent positions
with king moves after them."""

from __future__ import annotations

import logging
import os
import shutil
import sys
from pathlib import Path

import pytest

from bot.engines import HubEngine, HubSettings
from bot.workers import Workers
from engine import Board, review

FOLDERS = [str(Path(sys.executable).parent), os.environ.get("PATH", "")]  # the virtualenv's scripts first
DAME = shutil.which("dame", path=os.pathsep.join(FOLDERS))
pytestmark = pytest.mark.skipif(DAME is None, reason="no dame program (pip install dame-rs: the test extra)")
# A game where White's ninth move, 28-22, gives a man away (17x28 33x22 18x27 31x22: two for one)
BLUNDERED = ("32-28", "18-23", "37-32", "12-18", "41-37", "7-12", "46-41", "1-7", "28-22", "17x28", "33x22",
             "18x27", "31x22", "23-29")


def dame(**settings: object) -> HubSettings:
    return HubSettings(f"{DAME} hub", **settings)  # type: ignore[arg-type]


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_dame_speaks_version_2() -> None:
    with HubEngine(dame(hash_mb=16, threads=2, book=False)) as engine:
        assert engine.version == 2 and engine.name.startswith("dame ")
        assert "hash" in engine.params and ("hash", "16") in engine._wanted()
        board = Board("international")
        found = engine.search(board, seconds=0.1)
        assert found.move in board.legal_moves and found.score is not None and found.pv
        board.push(found.move)
        found = engine.search(board, seconds=None, nodes=20_000, think=False)
        assert found.move in board.legal_moves


def test_dame_is_sent_the_king_moves_since_the_last_man_move() -> None:
    board = Board("international", fen="W:WK48,K49:BK2,K3")
    for text in ("48-42", "3-9", "42-48", "9-3", "48-42"):
        board.push_str(text)
    with HubEngine(dame()) as engine:
        found = engine.search(board, seconds=0.05, think=False)
    assert found.move in board.legal_moves


async def test_dame_plays_level_5_through_the_engine_pool(caplog: pytest.LogCaptureFixture) -> None:
    """dame, in a worker process of its own, plays White at level 5 against Tammi's level 1: every move
    legal, none of them Tammi's fallback."""
    workers = Workers(hub=dame(move_time=0.05, hash_mb=16), engines=1)
    board = Board("international")
    try:
        with caplog.at_level(logging.WARNING):
            while len(board.move_stack) < 24 and not board.is_game_over():
                level = 5 if board.turn.value == "W" else 1
                move = await workers.choose(board, level=level, time_limit=0.05, node_limit=2000)
                assert move in board.legal_moves
                board.push(move)
    finally:
        await workers.close()
    assert warnings(caplog) == []


async def test_dame_reviews_a_game_and_finds_the_blunder(caplog: pytest.LogCaptureFixture) -> None:
    workers = Workers(hub=dame(review_time=0.1, hash_mb=16), engines=0)
    try:
        with caplog.at_level(logging.WARNING):
            judged = await workers.review("international", Board("international").fen(), BLUNDERED,
                                          seconds=1.0, nodes=None)
            hint = await workers.hint(judged.board_before(8), seconds=1.0)
    finally:
        await workers.close()
    assert warnings(caplog) == [] and judged.budget == {"seconds": 0.1}
    blunder = judged.turns[8]
    assert blunder.move == "28-22" and blunder.verdict in (review.Verdict.MISTAKE, review.Verdict.BLUNDER)
    assert blunder.best != "28-22" and blunder.line and blunder.refutation[0] in ("17x28", "18x27")
    assert str(hint) != "28-22" and hint in judged.board_before(8).legal_moves

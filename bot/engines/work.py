"""The Hub engine's work in a worker process (or a thread of the bot's): moves, hints and analyses.

Each process keeps one engine per settings, started at its first use. A fault kills it (see
`HubEngine`) and forgets it, so the next use starts a new one, and raises `EngineFault` to the caller,
which then uses Tammi's own engine. One search at a time runs in a process (threads take turns).
"""

from __future__ import annotations

import threading

from bot.engines.hub import Found, HubEngine
from bot.engines.settings import HubSettings
from engine import Board, Move
from engine.evaluation import evaluate
from engine.review import Analyser

_engines: dict[HubSettings, HubEngine] = {}
_lock = threading.Lock()


def search(settings: HubSettings, board: Board, *, seconds: float | None, nodes: int | None,
           think: bool) -> Found:
    """A search by this process's engine for `settings` (started now if it is not running)."""
    with _lock:
        engine = _engines.get(settings)
        if engine is None:
            engine = HubEngine(settings)
            engine.start()
            _engines[settings] = engine
        try:
            return engine.search(board, seconds=seconds, nodes=nodes, think=think)
        except BaseException:
            del _engines[settings]  # killed; a new one at the next use
            raise


def engine_move(settings: HubSettings, board: Board) -> Move:
    """The engine's move in a game, within its time per move (a forced move at once)."""
    moves = list(board.legal_moves)
    if len(moves) == 1:
        return moves[0]
    return search(settings, board, seconds=settings.move_time, nodes=None, think=True).move


def engine_hint(settings: HubSettings, board: Board) -> Move:
    """The engine's best move for a hint, within its hint time (a forced move at once)."""
    moves = list(board.legal_moves)
    if len(moves) == 1:
        return moves[0]
    return search(settings, board, seconds=settings.hint_time, nodes=None, think=False).move


def analyser(settings: HubSettings) -> Analyser:
    """The engine as a review's search (`engine.review.Analyser`): a position without a score from the
    engine (its book answered, or it printed none) is scored by Tammi's evaluation."""
    def analyse(board: Board, seconds: float | None, nodes: int | None) -> tuple[int, Move]:
        found = search(settings, board, seconds=seconds, nodes=nodes, think=False)
        return (evaluate(board) if found.score is None else found.score), found.move

    return analyse


def kill_engines() -> None:
    """End this process's engines at once, waiting for nothing (a worker process that is stopped)."""
    for engine in list(_engines.values()):
        engine.kill(wait=False)


def close_engines() -> None:
    """Stop this process's engines (when the bot stops)."""
    with _lock:
        engines = list(_engines.values())
        _engines.clear()
    for engine in engines:
        engine.close()

"""Slow work off the event loop: the opponent's searches and the pictures, in worker processes.

Searches and pictures each get their own pool (a long search never holds up a picture). With a pool
size above 0 the work runs in that many processes (both cores work and the bot's own process keeps its
GIL for the conversation); with 0 it runs in threads. Boards travel to the workers
as they are (a `Board` pickles its position and history), so nothing is replayed or re-read from text.
Recent board pictures are cached by position, side and last move. With a Hub engine configured
(`bot.engines`), its pool of processes (each with its engine) plays level 5, gives hints and reviews in
the variants it serves; when it fails, Tammi's own search does the work (and the log says why).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Any, Literal, TypeVar

import render
from bot.engines import EngineFault, HubSettings
from bot.engines import work as hub
from bot.parallel import Progress, bounded, chunks_of, counted
from engine import Board, Color, Move, search
from engine import review as judging
from engine.puzzles import Puzzle, Scan, Source, examine, scan_game
from render.table import render_table

log = logging.getLogger(__name__)

CACHE_SIZE = 256
PARENT_CHECK = 0.5
"""Seconds between a worker's checks that the bot's process is still there."""
REVIEW_CHUNK = 8  # positions a review searches per request to its pool, at most
T = TypeVar("T")
ChooseMove = Callable[..., Move]
DrawQuestion = Literal["accept", "offer", "claim"]


def _choose(board: Board, level: int, time_limit: float, node_limit: int | None) -> Move:
    return search.choose_move(board, level=level, time_limit=time_limit, node_limit=node_limit, keep=True)


def _judge(question: DrawQuestion, board: Board, level: int, color: Color) -> bool | str | None:
    if question == "accept":
        return search.should_accept_draw(board, level, color)
    if question == "offer":
        return search.should_offer_draw(board, color)
    return search.should_claim_draw(board, color)


def _png(board: Board, flipped: bool, size: int, theme: str | None, arrow: Move | None = None) -> bytes:
    return render.render_board(board, size=size, flipped=flipped, last_move=board.peek(), theme=theme,
                               arrow=arrow)


def _analyser(engine: HubSettings | None) -> judging.Analyser | None:
    return None if engine is None else hub.analyser(engine)


def _evaluate(engine: HubSettings | None, variant: str, start_fen: str, moves: tuple[str, ...], first: int,
              last: int, seconds: float | None, nodes: int | None) -> list[judging.Evaluation]:
    return judging.evaluate_positions(variant, start_fen, moves, first, last, seconds=seconds, nodes=nodes,
                                      analyser=_analyser(engine))


def _judge_game(variant: str, start_fen: str, moves: tuple[str, ...], evals: list[judging.Evaluation],
                seconds: float | None, nodes: int | None) -> judging.Review:
    return judging.judge_game(variant, start_fen, moves, evals, seconds=seconds, nodes=nodes)


def _settle(engine: HubSettings | None, game: judging.Review, ply: int, seconds: float | None,
            nodes: int | None) -> judging.Turn:
    """Move `ply` confirmed and, if it stays a turning point, explained (`review_game`'s two steps)."""
    analyser = _analyser(engine)
    turn = judging.confirm(game, ply, seconds=seconds, nodes=nodes, analyser=analyser)
    if turn.turning_point:
        turn = judging.explain(game.with_turn(turn), ply, seconds=seconds, nodes=nodes, analyser=analyser)
    return turn


def _puzzle_at(variant: str, fen: str, game_id: int, ply: int) -> Puzzle | None:
    return examine(Board(variant, fen=fen), source=Source("game", game_id, ply)).puzzle


def _hint(board: Board, seconds: float, nodes: int | None) -> Move:
    return search.analyse(board, time_limit=seconds, node_limit=nodes).move


def _graph(scores: tuple[int, ...], variant: str, marks: tuple[int, ...], labels: tuple[str, str],
           theme: str | None) -> bytes:
    return render.render_graph(scores, variant=variant, marks=marks, labels=labels, theme=theme)


def _table(rows: tuple[tuple[str, ...], ...], title: str, variant: str, theme: str | None) -> bytes:
    return render_table(rows, title=title, variant=variant, theme=theme)


def _gif(board: Board, flipped: bool, theme: str | None, title: str | None,
         captions: render.Captions | None) -> bytes:
    return render.render_game_gif(board, flipped=flipped, theme=theme, title=title, captions=captions)


def _ready() -> bool:
    return True


def ignore_interrupt() -> None:
    """In a worker process: leave Ctrl-C to the bot (a terminal sends it to every process of the group),
    which stops the workers itself. The worker was started with Ctrl-C held back (`_interrupts_held`), so
    one pressed while it was starting up is dropped here instead of breaking the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back from this thread while a pool may start worker processes: a new process keeps
    the mask, so a Ctrl-C during its start-up (before `ignore_interrupt`) cannot kill it with a traceback.
    A Ctrl-C meanwhile still reaches the bot (another thread takes it, or this one once released)."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker without its shutdown warning. It warns of "leaked
    semaphore objects" only when the bot was killed (kill -9) before closing its pools, and then removes
    them itself, as it should: the warning would only alarm the person at the terminal. (Its process
    takes its warning filters from our `-W` options; a tracker already running is left as it is.)"""
    sys.warnoptions.append(_QUIET_TRACKER)
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions.remove(_QUIET_TRACKER)


def _watch_parent(parent: int) -> None:
    """A worker's start: a daemon thread ends the worker when its parent is gone (a kill -9 of the
    bot leaves no one to shut the pool down; the orphan is then adopted by another process)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        hub.kill_engines()
        os._exit(0)

    threading.Thread(target=watch, name="tammi-parent-watch", daemon=True).start()



def _stopped(signum: int, frame: object) -> None:
    """A worker process told to stop (SIGTERM from `Workers.close`): its Hub engines end with it."""
    hub.kill_engines()
    os._exit(0)


def _worker_start(parent: int) -> None:
    """How every worker process starts: deaf to Ctrl-C, watching its parent, its engines ending with it."""
    ignore_interrupt()
    signal.signal(signal.SIGTERM, _stopped)
    multiprocessing.util.Finalize(None, hub.kill_engines, exitpriority=10)  # when its pool ends it
    _watch_parent(parent)

class Workers:
    """The pool, and the requests the bot makes of it. `choose_move` replaces the search (for tests);
    `hub` is the Hub engine, if any, run by `engines` processes (0: in threads of the bot's process)."""

    def __init__(self, *, search: int = 0, pictures: int = 0, size: int = 480, theme: str | None = None,
                 choose_move: ChooseMove | None = None, reviews: int = 0, hub: HubSettings | None = None,
                 engines: int = 1) -> None:
        self.sizes = {"search": search, "pictures": pictures, "reviews": reviews, "engine": engines}
        self.hub = hub
        self.size = size
        self.theme = theme
        self._override = choose_move
        self._pools: dict[str, concurrent.futures.ProcessPoolExecutor] = {}
        self._waiting: set[asyncio.Future[Any]] = set()
        self._cache: OrderedDict[tuple[str, str, bool, str], bytes] = OrderedDict()

    async def start(self) -> None:
        """Start the picture processes now rather than on the first picture (searches start on demand)."""
        count = self.sizes["pictures"]
        await asyncio.gather(*(self._run("pictures", _ready) for _ in range(count)))

    async def close(self) -> None:
        """Stop the worker processes (a search still running is abandoned)."""
        pools, self._pools = list(self._pools.values()), {}
        for waiting in list(self._waiting):
            waiting.cancel()  # its caller ends cancelled, not with the BrokenProcessPool of a stopped worker
        for pool in pools:
            # A search runs for its whole time limit; stopping does not wait for it.
            processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes.values():
                process.terminate()
            for process in processes.values():
                await asyncio.to_thread(process.join, 10)
        await asyncio.to_thread(hub.close_engines)  # those that ran in threads here

    async def _run(self, kind: str, function: Callable[..., T], *args: object) -> T:
        processes = self.sizes[kind]
        if processes <= 0:
            return await asyncio.to_thread(function, *args)
        pool = self._pools.get(kind)
        if pool is None:
            _start_tracker()
            context = multiprocessing.get_context("spawn")
            pool = self._pools[kind] = concurrent.futures.ProcessPoolExecutor(
                processes, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        try:
            with _interrupts_held():  # submitting may start a worker process
                future = loop.run_in_executor(pool, function, *args)
        except concurrent.futures.BrokenExecutor:  # a worker died since the last request: it failed
            self._pools.pop(kind, None)  # at once; start fresh ones for the next request
            raise
        self._waiting.add(future)
        try:
            return await future
        except concurrent.futures.BrokenExecutor:
            self._pools.pop(kind, None)  # a worker died; start fresh ones for the next request
            raise
        finally:
            self._waiting.discard(future)

    # -- the Hub engine --------------------------------------------------------------------------

    def _engine_for(self, variant: str) -> HubSettings | None:
        return self.hub if self.hub is not None and self.hub.serves(variant) else None

    async def _engine(self, function: Callable[..., T], *args: object) -> T | None:
        """`function(hub, *args)` in the engine's pool; None when the engine failed (logged in one line:
        the caller then uses Tammi's own engine)."""
        try:
            return await self._run("engine", function, self.hub, *args)
        except EngineFault as fault:
            log.warning("%s; Tammi's own engine is used instead", fault)
        except concurrent.futures.BrokenExecutor:
            log.warning("the Hub engine's worker process died; Tammi's own engine is used instead")
        except Exception:
            log.exception("asking the Hub engine failed; Tammi's own engine is used instead")
        return None

    # -- the opponent ----------------------------------------------------------------------------

    async def choose(self, board: Board, *, level: int, time_limit: float, node_limit: int | None) -> Move:
        """The opponent's move in the position of `board` (with its history): at level 5 the Hub engine's
        where it serves the variant."""
        if self._override is not None:
            return await asyncio.to_thread(self._override, board.copy(), level=level, time_limit=time_limit,
                                           node_limit=node_limit)
        if level >= search.MAX_LEVEL and self._engine_for(board.variant.name):
            move = await self._engine(hub.engine_move, board.copy())
            if move is not None:
                return move
        return await self._run("search", _choose, board.copy(), level, time_limit, node_limit)

    async def judge_draw(self, question: DrawQuestion, board: Board, *, level: int,
                         color: Color) -> bool | str | None:
        """"accept": does the opponent accept a draw offer; "offer": should it offer one; "claim": the draw
        it claims, or None. A stand-in opponent (tests) declines and claims nothing."""
        if self._override is not None:
            return None if question == "claim" else False
        return await self._run("search", _judge, question, board.copy(), level, color)

    # -- reviews (their own pool: a long review never holds up the opponent) and hints -----------

    async def review(self, variant: str, start_fen: str, moves: tuple[str, ...], *, seconds: float | None,
                     nodes: int | None, progress: Progress | None = None) -> judging.Review:
        """The review of a game (as `engine.review.review_game`), searched a few positions per request so
        that stopping the bot never waits for a whole review: by the Hub engine, within its own budget per
        position, where it serves the variant (if it fails, the review starts again with Tammi's).
        `progress` is told (positions searched, positions) as the chunks of positions come in."""
        engine = self._engine_for(variant)
        if engine is not None:
            try:
                return await self._review("engine", engine, variant, start_fen, moves,
                                          None if engine.review_nodes else engine.review_time,
                                          engine.review_nodes, progress)
            except EngineFault as fault:
                log.warning("%s; the review is made by Tammi's own engine instead", fault)
            except concurrent.futures.BrokenExecutor:
                log.warning("the Hub engine's worker process died; the review is made by Tammi's own engine")
            except Exception:
                log.exception("a review by the Hub engine failed; the review is made by Tammi's own engine")
        return await self._review("reviews", None, variant, start_fen, moves, seconds, nodes, progress)

    async def _review(self, kind: str, engine: HubSettings | None, variant: str, start_fen: str,
                      moves: tuple[str, ...], seconds: float | None, nodes: int | None,
                      progress: Progress | None = None) -> judging.Review:
        """Each step in parallel over the pool (each search starts afresh, so the order in which they end
        changes nothing): the chunks of positions, then each move to confirm (and explain: it depends
        only on its own move)."""
        parts = chunks_of(len(moves) + 1, self.sizes[kind], most=REVIEW_CHUNK)
        chunks = await self._all(kind, [(_evaluate, (engine, variant, start_fen, moves, first, last, seconds,
                                                     nodes)) for first, last in parts],
                                 counted(progress, len(moves) + 1))
        evals = [found for chunk in chunks for found in chunk]
        judged = await self._run(kind, _judge_game, variant, start_fen, moves, evals, seconds, nodes)
        doubtful = [t.ply for t in judged.turns if t.verdict is not judging.Verdict.GOOD]
        settled = await self._all(kind, [(_settle, (engine, judged, p, seconds, nodes)) for p in doubtful])
        for turn in settled:
            judged = judged.with_turn(turn)
        return judged

    async def _all(self, kind: str, calls: list[tuple[Callable[..., T], tuple[Any, ...]]],
                   done: Callable[[T], None] | None = None) -> list[T]:
        """The calls' results, as many at once as `kind` has processes (one in threads): `bounded`; `done`
        is told each result as it comes."""
        async def one(f: Callable[..., T], args: tuple[Any, ...]) -> T:
            found = await self._run(kind, f, *args)
            if done is not None:
                done(found)
            return found

        return await bounded([functools.partial(one, f, args) for f, args in calls], self.sizes[kind])

    async def hint(self, board: Board, *, seconds: float, nodes: int | None = None) -> Move:
        """A good move for the side to move (the strongest search within the time), searched in the
        opponent's pool: a short search, never queued behind a review (the Hub engine's, where it
        serves the variant, within its own hint time)."""
        if self._engine_for(board.variant.name):
            move = await self._engine(hub.engine_hint, board.copy())
            if move is not None:
                return move
        return await self._run("search", _hint, board.copy(), seconds, nodes)

    # -- pictures --------------------------------------------------------------------------------

    async def graph_png(self, scores: tuple[int, ...], *, variant: str, marks: tuple[int, ...],
                        labels: tuple[str, str]) -> bytes | None:
        """A review's evaluation graph as PNG bytes, or None if drawing failed."""
        try:
            return await self._run("pictures", _graph, scores, variant, marks, labels, self.theme)
        except Exception:
            log.exception("drawing a graph failed")
            return None

    async def board_png(self, board: Board, *, flipped: bool, arrow: Move | None = None) -> bytes | None:
        """The board as PNG bytes (the last move marked, `arrow` drawn), or None if drawing failed."""
        last = board.peek()
        key = (board.variant.name, board.fen(), flipped, f"{last or ''}>{arrow or ''}")
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        try:
            shown = board.copy(history=False)  # the position and its last move: all a picture needs
            data = await self._run("pictures", _png, shown, flipped, self.size, self.theme, arrow)
        except Exception:
            log.exception("drawing a board failed")
            return None
        self._cache[key] = data
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return data

    async def table_png(self, rows: tuple[tuple[str, ...], ...], *, title: str,
                        variant: str = "english") -> bytes | None:
        """A table (a tournament's standings, its header first) as PNG bytes, in the colours of the
        variant's pictures, or None if drawing failed."""
        try:
            return await self._run("pictures", _table, rows, title, variant, self.theme)
        except Exception:
            log.exception("drawing a table failed")
            return None

    async def game_gif(self, board: Board, *, flipped: bool, title: str | None = None,
                       captions: render.Captions | None = None) -> bytes | None:
        """The game so far as an animated GIF (captions in `captions`' words), or None if drawing failed."""
        try:
            return await self._run("pictures", _gif, board.copy(), flipped, self.theme, title, captions)
        except Exception:
            log.exception("drawing a replay failed")
            return None

    async def mine(self, variant: str, start_fen: str, moves: tuple[str, ...], game_id: int) -> Scan:
        """The puzzles in a finished game (`engine.puzzles.scan_game`), searched in the reviews' pool."""
        scan = functools.partial(scan_game, kind="game", game=game_id)
        return await self._run("reviews", scan, variant, start_fen, moves)

    async def puzzle_at(self, variant: str, fen: str, game_id: int, ply: int) -> Puzzle | None:
        """The puzzle a game's position (after `ply` moves) is, or None (`engine.puzzles.examine`), searched
        in the reviews' pool."""
        return await self._run("reviews", _puzzle_at, variant, fen, game_id, ply)

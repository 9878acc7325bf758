"""The desk every flow works at: per-game locks, a board cache, and version-checked saves.

A flow takes a game's lock, loads the game and its board (`load`), computes the change with a pure
transition, and saves it (`save`), which writes only if nobody changed the game meanwhile. Listeners
hear of every saved game (the built-in opponent uses that to take its turn).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.domain.model import Game
from bot.domain.transitions import Refusal
from bot.storage.repository import Repository
from engine import Board

log = logging.getLogger(__name__)

BOARD_CACHE = 512
Listener = Callable[[Game], None]


@dataclass(frozen=True)
class Loaded:
    """A game and a private copy of its board (with the move history)."""

    game: Game
    board: Board


class Desk:
    """Shared by every flow: the repository, the clock, locks, the board cache and background tasks."""

    def __init__(self, repository: Repository, *, clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None) -> None:
        self.repository = repository
        self.clock = clock
        self.rng = rng or random.Random()
        self._locks: dict[int, asyncio.Lock] = {}
        self._boards: OrderedDict[int, tuple[int, Board]] = OrderedDict()
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Task[Any]] = set()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that orders every change to one game within this process."""
        lock = self._locks.get(game_id)
        if lock is None:
            if len(self._locks) > 10000:
                self._locks = {key: held for key, held in self._locks.items() if held.locked()}
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def board(self, game: Game) -> Board:
        """The game's board with its history: a private copy the caller may change."""
        cached = self._boards.get(game.id)
        if cached is not None and cached[0] == game.version:
            self._boards.move_to_end(game.id)
            return cached[1].copy()
        board = Board(game.variant, fen=game.start_fen)
        for text in game.moves:
            board.push_str(text)
        self._keep(game, board)
        return board.copy()

    def _keep(self, game: Game, board: Board) -> None:
        self._boards[game.id] = (game.version, board.copy())
        self._boards.move_to_end(game.id)
        if len(self._boards) > BOARD_CACHE:
            self._boards.popitem(last=False)

    async def game(self, game_id: int, platform: str) -> Game:
        """The game with this id on `platform`; refuses an id that names no game there."""
        game = await self.repository.get_game(game_id)
        if game is None or game.platform != platform:
            raise Refusal("no_such_game", id=game_id)
        return game

    async def load(self, game_id: int, platform: str) -> Loaded:
        game = await self.game(game_id, platform)
        return Loaded(game, self.board(game))

    async def save(self, before: Game, after: Game, board: Board) -> Game:
        """Store `after` if the game is still as `before`; refuses with "conflict" otherwise.

        `board` is the position of `after` (kept for the next load, so nothing is replayed)."""
        saved = await self.repository.update_game(after, expected_version=before.version)
        if saved is None:
            raise Refusal("conflict")
        self._keep(saved, board)
        for listener in self._listeners:
            listener(saved)
        return saved

    def created(self, game: Game) -> None:
        """Tell the listeners about a game that has just been created."""
        for listener in self._listeners:
            listener(game)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run background work; `idle` waits for it and `close` cancels it."""
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until background work is done (for the console and tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

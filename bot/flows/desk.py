"""The desk every flow works at: per-game locks, a cache of games and boards, and version-checked saves.

A flow finds its game with one read (`find`: by id, or the asker's game in the channel), takes the
game's lock, takes the newest version this process has saved meanwhile (`latest`, no read), computes
the change with a pure transition, and saves it (`save`), which writes only if nobody changed the game
meanwhile (another process's change is refused as a conflict). Listeners hear of every saved game (the
built-in opponent uses that to take its turn).
"""

from __future__ import annotations

import asyncio
import enum
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.domain.model import Damage, Damaged, Game, Saved
from bot.domain.transitions import Refusal
from bot.storage.repository import Repository, Unreadable
from engine import Board

log = logging.getLogger(__name__)

BOARD_CACHE = 512
Listener = Callable[[Game], None]


class Lookup(enum.StrEnum):
    """How a game is found when no id is given."""

    ACTIVE = "active"  # the asker's active game in the channel
    SHOWN = "shown"  # that, else their last game there
    LAST = "last"  # their last game there


@dataclass(frozen=True)
class Asker:
    """Who asks, and where: a platform, a channel and the user's platform id."""

    platform: str
    channel: str
    user_id: str


@dataclass(frozen=True)
class Loaded:
    """A game and a private copy of its board (with the move history)."""

    game: Game
    board: Board


def replay(game: Game) -> Board:
    """The game's board, played through from its start; raises `Unreadable` for a stored game that cannot
    be (a damaged variant, start position or move, or a side to move the moves contradict)."""
    try:
        board = Board(game.variant, fen=game.start_fen)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise Unreadable(damaged(game, Damage.START, error)) from None
    for number, text in enumerate(game.moves, 1):
        try:
            board.push_str(text)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise Unreadable(damaged(game, Damage.MOVES, error, f"move {number} ({text[:40]})")) from None
    if board.turn is not game.turn:
        raise Unreadable(damaged(game, Damage.POSITION, None, f"{game.turn.name} to move, but the moves "
                                                              f"leave {board.turn.name} to move"))
    return board


def damaged(game: Game, damage: Damage, error: Exception | None, where: str = "") -> Damaged:
    """What is known of a game that cannot be played through."""
    said = f"{type(error).__name__}: {error}" if error is not None else ""
    detail = ": ".join(part for part in (where, said) if part)
    return Damaged(game.id, game.platform, game.channel_id, game.white, game.black, game.variant,
                   game.start_fen, game.fen, " ".join(game.moves), damage, detail[:300], active=game.active)


class Desk:
    """Shared by every flow: the repository, the clock, locks, the board cache and background tasks."""

    def __init__(self, repository: Repository, *, clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None) -> None:
        self.repository = repository
        self.clock = clock
        self.rng = rng or random.Random()
        self._locks: dict[int, asyncio.Lock] = {}
        self._kept: OrderedDict[int, tuple[Game, Board]] = OrderedDict()
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
        kept = self._kept.get(game.id)
        if kept is not None and kept[0].version == game.version:
            self._kept.move_to_end(game.id)
            return kept[1].copy()
        board = replay(game)
        self._keep(game, board)
        return board.copy()

    def _keep(self, game: Game, board: Board) -> None:
        """Keep the game's latest version and board, lean (the legal moves of its earlier positions are
        not kept: a long game's would weigh more than the rest of its board)."""
        kept = self._kept.get(game.id)
        if kept is not None and kept[0].version > game.version:
            return  # a newer version is kept already
        self._kept[game.id] = (game, board.copy(caches=False))
        self._kept.move_to_end(game.id)
        if len(self._kept) > BOARD_CACHE:
            self._kept.popitem(last=False)

    def latest(self, game: Game) -> Game:
        """`game`, or the newer version of it that this process has saved since it was read (call under
        the game's lock: no read, and another process's change is caught by the save)."""
        kept = self._kept.get(game.id)
        return kept[0] if kept is not None and kept[0].version > game.version else game

    async def game(self, game_id: int, platform: str) -> Game:
        """The game with this id on `platform`; refuses an id that names no game there."""
        game = await self.repository.get_game(game_id)
        if game is None or game.platform != platform:
            raise Refusal("no_such_game", id=game_id)
        return game

    async def find(self, asker: Asker, game_id: int | None, lookup: Lookup = Lookup.ACTIVE,
                   missing: str = "no_game") -> Game:
        """The game a request is about, in one read: the one with `game_id`, else the asker's game in the
        channel as `lookup` says; refuses with `missing` when there is none."""
        if game_id is not None:
            return await self.game(game_id, asker.platform)
        repository = self.repository
        found = None
        if lookup is not Lookup.LAST:
            found = await repository.active_game_for(asker.platform, asker.channel, asker.user_id)
        if found is None and lookup is not Lookup.ACTIVE:
            found = await repository.last_game_for(asker.platform, asker.channel, asker.user_id)
        if found is None:
            raise Refusal(missing)
        return found

    async def load(self, asker: Asker, game_id: int | None, lookup: Lookup = Lookup.ACTIVE,
                   missing: str = "no_game") -> Loaded:
        """The game (as `find`) and its board, without a lock: for what only reads it."""
        game = await self.find(asker, game_id, lookup, missing)
        return Loaded(game, self.board(game))

    async def save(self, before: Game, after: Game, board: Board) -> Saved:
        """Store `after` if the game is still as `before`; refuses with "conflict" otherwise.

        `board` is the position of `after` (kept for the next load, so nothing is replayed)."""
        saved = await self.repository.update_game(after, expected_version=before.version)
        if saved is None:
            raise Refusal("conflict")
        self._keep(saved.game, board)
        for listener in self._listeners:
            listener(saved.game)
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

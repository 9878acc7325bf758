"""The built-in opponent as a player: starting a game against it, and its turns, which it takes when a
saved game shows it to move (or, after a restart, when `resume` finds such games)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Protocol

from bot.domain import transitions
from bot.domain.model import BOT, Ending, Game, NewGame, Player, Result
from bot.domain.seats import free_game
from bot.domain.transitions import Refusal
from bot.flows import aside, deciding
from bot.flows.announce import Announce, BotDrew, BotFailed, BotMoved, BotThinking
from bot.flows.deciding import Decision, Thinker
from bot.flows.desk import Asker, Desk
from bot.flows.offers import Changed
from bot.flows.queued import GivenUp
from bot.flows.turns import TurnQueue
from bot.storage.repository import Busy, Unavailable, Unreadable
from engine import Board, Color

log = logging.getLogger(__name__)


class Remote(Protocol):
    """Takes the bot's turns from the job queue (`bot.flows.queued.QueuedTurns`)."""

    async def decide(self, game: Game, board: Board, level: int) -> Decision | None: ...


@dataclass(frozen=True)
class Limits:
    max_level: int
    time_limit: float  # seconds per move
    node_limit: int | None
    thinking_after: float = 1.0  # seconds before a "thinking" note
    searches: int = 1  # turns that search at once: the search workers there are


@dataclass(frozen=True)
class DrawDeclined:
    game: Game


class BotPlayer:
    """Plays the built-in opponent's side in every bot game."""

    def __init__(self, desk: Desk, thinker: Thinker, limits: Limits, announce: Announce) -> None:
        self.desk = desk
        self.thinker = thinker
        self.limits = limits
        self.announce = announce
        self.remote: Remote | None = None  # the job queue, when heavy work goes there
        self._failed: set[tuple[int, int]] = set()
        self._queue = TurnQueue(limits.searches)
        desk.listen(self._saw)

    def _to_move(self, game: Game) -> bool:
        return game.active and game.against_bot and game.player(game.turn).is_bot

    def _saw(self, game: Game) -> None:
        if self._to_move(game):
            self.desk.spawn(self.turn(game.id))

    def resume_game(self, game: Game) -> None:
        """Take the bot's turn in `game` if it is still to move there."""
        self._saw(game)

    async def resume(self, *, waited: float = 0.0) -> None:
        """Take the turns that were waiting when the bot stopped (or, from the sweep, the turns that have
        waited `waited` seconds: a process that claimed them has died). A turn that failed here is not
        tried again in this process until the game changes."""
        before = self.desk.clock() - waited
        waiting = sorted(await self.desk.repository.active_games(), key=lambda game: game.updated_at)
        for game in waiting:  # the longest waiting first
            if game.updated_at <= before and (game.id, game.version) not in self._failed:
                self._saw(game)

    def level(self, game: Game) -> int:
        return min(game.bot_level or 1, self.limits.max_level)

    async def start(self, asker: Asker, user: Player, variant: str, colour: Color, level: int) -> Game:
        """A new game against the bot; the user plays `colour`."""
        repository = self.desk.repository
        platform, channel_id = asker.platform, asker.channel
        busy = free_game(await repository.seated_games(platform, channel_id, user.user_id))
        if busy is not None:
            raise Refusal("challenge_busy_self", id=busy.id)
        white, black = (user, BOT) if colour is Color.WHITE else (BOT, user)
        board = Board(variant)
        new = NewGame(platform, channel_id, variant, white, black, board.fen(), board.turn, self.desk.clock(),
                      seated=(user.user_id,), rated=False, bot_level=level)
        try:
            game = await repository.create_game(new)
        except Busy:
            raise Refusal("challenge_busy_self", id="?") from None
        self.desk.created(game)
        return game

    async def answer_offer(self, asker: Asker, game: Game) -> Changed | DrawDeclined:
        """The asker offers the bot a draw in `game`: it accepts at once when it is not better."""
        desk = self.desk
        async with desk.lock(game.id):
            game = desk.latest(game)
            board = desk.board(game)
            color = transitions.seat(game, asker.user_id)
            transitions.offer_draw(game, color, any_turn=True)  # the bot answers at once, on any turn
            if not await self.thinker.judge_draw("accept", board, level=self.level(game), color=color.other):
                return DrawDeclined(game)
            saved = await desk.save(game, transitions.agree_draw(game, desk.clock()), board)
        return Changed(saved.game, board, color, game, saved.ratings)

    async def turn(self, game_id: int) -> None:
        """Move in a game where the bot is to move, and announce it; nothing if another task or process
        has claimed this turn."""
        try:
            async with self.desk.repository.claim(f"bot-turn:{game_id}") as ours:
                if ours:
                    await self._played(game_id)
        except Unavailable as error:  # the storage logs it once; the sweep takes the turn up again
            log.debug("the opponent's turn in game %s waits for the database: %s", game_id, error)

    async def _played(self, game_id: int) -> None:
        """The turn, and what is said when it fails (a game that cannot be read is set aside)."""
        try:
            await self._turn(game_id)
        except asyncio.CancelledError:
            raise
        except Unreadable as error:
            await aside.set_aside_and_tell(self.desk, self.announce, error.damaged)
        except Unavailable:
            raise
        except Exception as error:
            tries = error.tries if isinstance(error, GivenUp) else 0
            if tries:
                log.warning("the opponent's queued search in game %s was given up: %s", game_id, error)
            else:
                log.exception("the opponent failed in game %s", game_id)
            game = await self.desk.repository.get_game(game_id)
            if game is not None:
                self._failed.add((game.id, game.version))
                await self.announce(BotFailed(game, tries))

    async def _turn(self, game_id: int) -> None:
        desk = self.desk
        game = await desk.repository.get_game(game_id)
        if game is None or not self._to_move(game):
            return
        board = desk.board(game)
        bot = game.turn
        thinking = asyncio.ensure_future(self._think(game, board))
        done, _ = await asyncio.wait({thinking}, timeout=self.limits.thinking_after)
        if not done:  # searching, or waiting for a place among the other games' turns
            await self.announce(BotThinking(game))
        decided = await thinking
        if decided is None:  # the queued job found the game changed
            return
        if isinstance(decided, Ending):
            await self._end_drawn(game, board, decided)
            return
        move, offer = decided
        async with desk.lock(game_id):
            current = await desk.repository.get_game(game_id)
            if current is None or current.version != game.version or not current.active:
                return
            board.push(move)
            moved = transitions.play(current, board, move, offer_draw=offer, now=desk.clock())
            try:
                saved = await desk.save(current, moved.game, board)
            except Refusal:
                return
        played = transitions.Moved(saved.game, move, bot, moved.notes, moved.claim)
        await self.announce(BotMoved(played, board))

    async def _think(self, game: Game, board: Board) -> Decision | None:
        """What the bot does in its turn (`deciding.decide`): from the queue when `remote` is set (None:
        the job found the game changed), else asked of the workers once the turn has a place there (see
        `TurnQueue`)."""
        level = self.level(game)
        if self.remote is not None:
            return await self.remote.decide(game, board, level)
        async with self._queue.place(game.updated_at):
            return await deciding.decide(self.thinker, game, board, level, self.limits.time_limit,
                                         self.limits.node_limit)

    async def _end_drawn(self, game: Game, board: Board, ending: Ending) -> None:
        """Save the draw the bot took, unless the game changed meanwhile, and announce it."""
        async with self.desk.lock(game.id):
            try:
                saved = await self.desk.save(game, transitions.finish(game, Result.DRAW, ending,
                                                                      self.desk.clock()), board)
            except Refusal:
                return
        await self.announce(BotDrew(saved.game, board))

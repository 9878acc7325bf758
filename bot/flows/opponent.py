"""The built-in opponent as a player: starting a game against it, and its turns, which it takes when a
saved game shows it to move (or, after a restart, when `resume` finds such games)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Protocol

from bot.domain import transitions
from bot.domain.model import BOT, Claim, Ending, Game, NewGame, Offer, Player, Result
from bot.domain.seats import free_game
from bot.domain.transitions import Refusal
from bot.flows import aside
from bot.flows.announce import Announce, BotDrew, BotFailed, BotMoved, BotThinking
from bot.flows.desk import Asker, Desk
from bot.flows.offers import Changed
from bot.flows.turns import TurnQueue
from bot.storage.repository import Busy, Unavailable, Unreadable
from bot.workers import DrawQuestion
from engine import Board, Color, Move

log = logging.getLogger(__name__)


class Thinker(Protocol):
    """Searches away from the event loop (see `bot.workers.Workers`)."""

    async def choose(self, board: Board, *, level: int, time_limit: float,
                     node_limit: int | None) -> Move: ...

    async def judge_draw(self, question: DrawQuestion, board: Board, *, level: int,
                         color: Color) -> bool | str | None: ...


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
        except Exception:
            log.exception("the opponent failed in game %s", game_id)
            game = await self.desk.repository.get_game(game_id)
            if game is not None:
                self._failed.add((game.id, game.version))
                await self.announce(BotFailed(game))

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

    async def _think(self, game: Game, board: Board) -> Ending | tuple[Move, bool]:
        """What the bot does in its turn, asked of the workers once the turn has a place there (see
        `TurnQueue`): a draw it accepts or claims, else its move and whether it offers a draw with it."""
        level, bot = self.level(game), game.turn
        async with self._queue.place(game.updated_at):
            ending = await self._draw_ending(game, board, level, bot)
            if ending is not None:
                return ending
            move = await self.thinker.choose(board, level=level, time_limit=self.limits.time_limit,
                                             node_limit=self.limits.node_limit)
            if move not in board.legal_moves:
                raise RuntimeError(f"the opponent chose an illegal move {move!r}")
            after = board.copy()
            after.push(move)
            offer = not after.is_game_over() and bool(
                await self.thinker.judge_draw("offer", after, level=level, color=bot))
        return move, offer

    async def _draw_ending(self, game: Game, board: Board, level: int, bot: Color) -> Ending | None:
        """The draw the bot takes now, if any: a standing offer it accepts, or a draw it claims."""
        if game.offer_to(bot) is Offer.DRAW and await self.thinker.judge_draw("accept", board, level=level,
                                                                              color=bot):
            return Ending.AGREEMENT
        if transitions.claimable(board) is None:
            return None
        claimed = await self.thinker.judge_draw("claim", board, level=level, color=bot)
        if not isinstance(claimed, str):
            return None
        return Ending.CLAIM_THREEFOLD if Claim(claimed) is Claim.THREEFOLD else Ending.CLAIM_FORTY_MOVES

    async def _end_drawn(self, game: Game, board: Board, ending: Ending) -> None:
        """Save the draw the bot took, unless the game changed meanwhile, and announce it."""
        async with self.desk.lock(game.id):
            try:
                saved = await self.desk.save(game, transitions.finish(game, Result.DRAW, ending,
                                                                      self.desk.clock()), board)
            except Refusal:
                return
        await self.announce(BotDrew(saved.game, board))

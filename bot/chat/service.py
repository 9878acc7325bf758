"""The game service: what every adapter talks to (implements `bot.chat.events.Service`).

It holds the pieces the composition root made (repository, desk, workers, presenter, the built-in
opponent, the sweep) and answers events through the router. Notices the bot sends on its own go out
through the sender each adapter registers.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.chat import router
from bot.chat.context import Ctx
from bot.chat.events import Event, Notice, Reply, Sender
from bot.chat.limits import Limiter
from bot.chat.people import Memory
from bot.config import Config
from bot.domain.model import BOT_NAME, ChannelSettings
from bot.flows.announce import Announcement
from bot.flows.desk import Desk
from bot.flows.opponent import BotPlayer, Limits
from bot.flows.review import Reviewer, ReviewLimits
from bot.flows.sweep import Sweep, Timing
from bot.presentation import catalogue, game_text, notices, rules_help
from bot.presentation.replies import Presenter
from bot.presentation.replies import Timing as ReplyTiming
from bot.storage.repository import Repository
from bot.workers import ChooseMove, Workers, flipped_for
from engine import Color

log = logging.getLogger(__name__)

LOCALES_KEPT = 50_000


def _seconds(value: timedelta) -> float:
    return value.total_seconds()


class GameService:
    """Games, challenges and the conversation around them."""

    bot_name = BOT_NAME

    def __init__(self, repository: Repository, config: Config, *, clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None, choose_move: ChooseMove | None = None,
                 workers: Workers | None = None) -> None:
        self.repository = repository
        self.config = config
        self.desk = Desk(repository, clock=clock, rng=rng)
        theme = config.picture.theme
        self.workers = workers or Workers(search=config.opponent.workers, pictures=config.picture.workers,
                                          size=config.picture.size,
                                          theme=None if theme in ("", "auto") else theme,
                                          choose_move=choose_move, reviews=config.review.workers)
        timing = ReplyTiming(challenge_expiry=_seconds(config.challenge_expiry),
                             abandon_after=_seconds(config.abandon_after))
        self.presenter = Presenter(self.workers, timing)
        limits = config.opponent
        self.bot = BotPlayer(self.desk, self.workers,
                             Limits(limits.max_level, _seconds(limits.time_limit), limits.node_limit),
                             self.announce)
        self.sweep = Sweep(self.desk, Timing(_seconds(config.reminder_after), _seconds(config.abandon_after),
                                             _seconds(config.maintenance_interval)), self.announce, self.bot)
        review = config.review
        self.reviewer = Reviewer(self.desk, self.workers, ReviewLimits(
            None if review.node_limit else _seconds(review.time_per_move), review.node_limit,
            _seconds(review.hint_time)))
        self._senders: dict[str, Sender] = {}
        self.people = Memory(repository)
        self.limits = Limiter(config.limits)
        self._locales: dict[tuple[str, str], str] = {}

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the workers and the sweep; the built-in opponent resumes games where it is to move."""
        await self.workers.start()
        self.sweep.start()
        await self.bot.resume()

    async def close(self) -> None:
        """Stop background work and the workers (the repository is closed by its owner)."""
        await self.sweep.close()
        await self.desk.close()
        await self.workers.close()

    async def wait_idle(self) -> None:
        """Wait until background game work (the opponent's moves) is done; for the console and tests."""
        await self.desk.idle()

    async def maintain(self) -> None:
        """One maintenance sweep now."""
        await self.sweep.run()

    def add_sender(self, platform: str, sender: Sender) -> None:
        self._senders[platform] = sender

    @property
    def thinking_after(self) -> float:
        return self.bot.limits.thinking_after

    @thinking_after.setter
    def thinking_after(self, seconds: float) -> None:
        self.bot.limits = replace(self.bot.limits, thinking_after=seconds)

    # -- the Service protocol --------------------------------------------------------------------

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event (unexpected errors rise to the adapter's error boundary)."""
        return await router.route(self, event)

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        game = await self.repository.active_game_for(platform, channel_id, user_id)
        if game is None or game.player(game.turn).user_id != user_id:
            return []
        return [str(move) for move in self.desk.board(game).legal_moves]

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        lang = catalogue.locale_language(locale) or self.config.language
        return [(topic, rules_help.topic_title(topic, lang)) for topic in rules_help.TOPICS]

    async def text_board(self, game_id: int, *, flipped: bool | None = None,
                         locale: str | None = None) -> str | None:
        """A game's board as text (for the console); by default from the side to move. Its legend and
        status line are in the language replies in the game's channel take (`locale`: the user's)."""
        game = await self.repository.get_game(game_id)
        if game is None:
            return None
        board = self.desk.board(game)
        settings = await self.channel_settings(game.platform, game.channel_id)
        lang = catalogue.reply_language(settings.language, locale, self.config.language)
        return game_text.text_board(lang, game, board,
                                    flipped=flipped_for(board.turn) if flipped is None else flipped)

    # -- channels and people ---------------------------------------------------------------------

    async def channel_settings(self, platform: str, channel_id: str) -> ChannelSettings:
        """The channel's settings, read from the database every time (one primary-key lookup), so a
        change made through any process sharing the database holds at once in all of them."""
        return await self.repository.channel_settings(platform, channel_id)

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        await self.repository.set_channel_settings(platform, channel_id, settings)

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        """The channel `old` is now `new` (a Telegram group became a supergroup): its games, challenges,
        ratings and settings go with it."""
        moved = await self.repository.move_channel(platform, old, new)
        log.info("%s channel %s is now %s; %d games moved", platform, old, new, moved)

    def user_locale(self, platform: str, user_id: str, given: str | None) -> str | None:
        """The user's client language: the one this event gives, else the last one theirs gave (a typed
        Discord message carries none, their slash commands do), so one language rule holds for both.
        Kept in this process's memory only: a hint, not state, and the user's next command brings it."""
        key = (platform, user_id)
        if given:
            if self._locales.get(key) != given:
                if len(self._locales) > LOCALES_KEPT:
                    self._locales.clear()
                self._locales[key] = given[:16]
            return given
        return self._locales.get(key)

    async def remember(self, ctx: Ctx) -> None:
        """Note the names and platform usernames of the people the event shows (see `bot.chat.people`)."""
        event = ctx.event
        shown = [event.user, *event.mentions, *((event.replied_to,) if event.replied_to else ())]
        await self.people.note(ctx.platform, ctx.channel, shown, self.desk.clock())

    # -- the built-in opponent and notices -------------------------------------------------------

    async def start_bot_game(self, ctx: Ctx, variant: str, colour: Color, level: int) -> list[Reply]:
        game = await self.bot.start(ctx.platform, ctx.channel, ctx.player, variant, colour, level)
        return [await self.presenter.started(ctx.lang, game, self.desk.board(game))]

    async def post(self, platform: str, channel_id: str, reply: Reply) -> None:
        """Send a reply to a channel on our own (a review that was running in the background)."""
        sender = self._senders.get(platform)
        if sender is None:
            log.debug("no sender for %s; reply dropped", platform)
            return
        try:
            await sender(Notice(platform, channel_id, replace(reply, channel_id=channel_id)))
        except Exception:
            log.exception("sending to %s/%s failed", platform, channel_id)

    async def announce(self, announcement: Announcement) -> None:
        """Post something the bot says on its own to the channel it concerns."""
        platform, channel_id = notices.where(announcement)
        sender = self._senders.get(platform)
        if sender is None:
            log.debug("no sender for %s; notice dropped", platform)
            return
        settings = await self.channel_settings(platform, channel_id)
        addressee = notices.addressee(announcement)
        locale = self.user_locale(platform, addressee, None) if addressee else None
        lang = catalogue.reply_language(settings.language, locale, self.config.language)
        reply = await notices.render(self.presenter, lang, announcement)
        try:
            await sender(Notice(platform, channel_id, reply))
        except Exception:
            log.exception("sending a notice to %s/%s failed", platform, channel_id)

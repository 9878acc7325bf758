"""The game service: what every adapter talks to (implements `bot.chat.events.Service`).

It builds the pieces (desk, workers, presenter, the built-in opponent, the sweep, the reviewer), binds
the handlers to them through the router, and answers events. Notices the bot sends on its own go out
through the sender each adapter registers. Handlers never see the service: each gets what it names.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.chat.deps import Deps
from bot.chat.events import BoardPosted, Event, Notice, Reply, Sender, TypedReach
from bot.chat.languages import Locales
from bot.chat.limits import Limiter
from bot.chat.live import Tidy
from bot.chat.pinging import Pings
from bot.chat.router import Router
from bot.config import Config
from bot.domain.model import BOT_NAME, Game, Timing
from bot.engines.settings import hub_settings
from bot.flows import play, records
from bot.flows.announce import Announcement
from bot.flows.daily import DailyPuzzles
from bot.flows.desk import Asker, Desk
from bot.flows.mining import Miner, Mining
from bot.flows.opponent import BotPlayer, Limits
from bot.flows.people import Memory
from bot.flows.review import Reviewer, ReviewLimits
from bot.flows.rounds import Director
from bot.flows.sweep import Sweep
from bot.presentation import catalogue, game_text, notices, rules_examples, rules_help
from bot.presentation.replies import Presenter
from bot.storage.repository import Repository
from bot.workers import ChooseMove, Workers
from engine.puzzles import Scan

log = logging.getLogger(__name__)

UNSENT = 100  # notices kept per platform until its adapter adds its sender


def _seconds(value: timedelta) -> float:
    return value.total_seconds()


def timing(config: Config) -> Timing:
    """The configured durations, in seconds."""
    return Timing(challenge_expiry=_seconds(config.challenge_expiry),
                  reminder_after=_seconds(config.reminder_after),
                  abandon_after=_seconds(config.abandon_after),
                  sweep_interval=_seconds(config.maintenance_interval))


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
                                          choose_move=choose_move, reviews=config.review.workers,
                                          hub=hub_settings(config.engine), engines=config.engine.processes)
        durations = timing(config)
        self.presenter = Presenter(self.workers, durations)
        limits = config.opponent
        self.bot = BotPlayer(self.desk, self.workers,
                             Limits(limits.max_level, _seconds(limits.time_limit), limits.node_limit,
                                    searches=max(1, limits.workers)),
                             self.announce)
        self.director = Director(self.desk, self.announce)
        self.sweep = Sweep(self.desk, durations, self.announce, self.bot, self.director)
        mining = config.puzzles
        self.miner = Miner(repository, self._mine, Mining(mining.channels, mining.games_per_round,
                                                          mining.interval), self.desk.clock)
        self.daily = DailyPuzzles(self.desk, self.announce, config.variant)  # the puzzle of the day
        review = config.review
        self.reviewer = Reviewer(self.desk, self.workers, ReviewLimits(
            None if review.node_limit else _seconds(review.time_per_move), review.node_limit,
            _seconds(review.hint_time)))
        self._senders: dict[str, Sender] = {}
        self._reads_typed: dict[str, TypedReach] = {}  # platform -> typed moves reach the bot (per chat)
        self._unsent: dict[str, list[Announcement]] = {}  # said before the platform's sender was added
        self.pings = Pings(repository, self._senders, self.desk.clock, config.language)
        self.limits = Limiter(config.limits)
        self.locales = Locales()
        deps = Deps(desk=self.desk, repository=repository, presenter=self.presenter, bot=self.bot,
                    reviewer=self.reviewer, workers=self.workers, config=config, post=self.post,
                    director=self.director, pings=self.pings)
        self.router = Router(deps, self.limits, Memory(repository), self.locales)
        self.tidy = Tidy(repository, self.desk.clock, config.language)  # live boards, game threads
        self._warming: asyncio.Task[object] | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the workers, the indexing of the rules help's examples (off the event loop), the sweep and
        puzzle mining (where configured); the built-in opponent resumes games where it is to move."""
        await self.workers.start()
        self._warming = asyncio.create_task(asyncio.to_thread(rules_examples.warm))  # rules help's examples
        self.sweep.start()
        self.daily.start()
        if self.config.puzzles.mine:
            self.miner.start()
        await self.bot.resume()

    async def close(self) -> None:
        """Stop background work and the workers (the repository is closed by its owner)."""
        await self.sweep.close()
        await self.daily.close()
        await self.miner.close()
        await self.desk.close()
        await self.workers.close()
        if self._warming is not None:
            await self._warming

    async def wait_idle(self) -> None:
        """Wait until background game work (the opponent's moves) is done; for the console and tests."""
        await self.desk.idle()

    async def maintain(self) -> None:
        """One maintenance sweep now."""
        await self.sweep.run()

    async def _mine(self, game: Game) -> Scan:
        return await self.workers.mine(game.variant, game.start_fen, game.moves, game.id)

    def add_sender(self, platform: str, sender: Sender, *, reads_typed: TypedReach = True) -> None:
        self._senders[platform] = sender
        self._reads_typed[platform] = reads_typed
        for waiting in self._unsent.pop(platform, []):  # what the start-up sweep found, in order
            self.desk.spawn(self.announce(waiting))

    def _typed_reach(self, platform: str, channel_id: str) -> bool:
        reach = self._reads_typed.get(platform, True)
        return reach(channel_id) if callable(reach) else reach

    @property
    def thinking_after(self) -> float:
        return self.bot.limits.thinking_after

    @thinking_after.setter
    def thinking_after(self, seconds: float) -> None:
        self.bot.limits = replace(self.bot.limits, thinking_after=seconds)

    # -- the Service protocol --------------------------------------------------------------------

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event (unexpected errors rise to the adapter's error boundary); replies about a
        game go where its messages go, its boards as its live board where the channel keeps one."""
        event = await self.tidy.arrived(event)
        return await self.tidy.mark(event, await self.router.route(event))

    def board_posted(self, posted: BoardPosted) -> None:
        self.desk.spawn(self.pings.board_posted(posted))

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        return await play.legal_moves(self.desk, Asker(platform, channel_id, user_id))

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        lang = catalogue.locale_language(locale) or self.config.language
        return [(topic, rules_help.topic_title(topic, lang)) for topic in rules_help.TOPICS]

    async def channel_language(self, platform: str, channel_id: str, locale: str | None = None) -> str:
        settings = await records.settings(self.repository, platform, channel_id)
        return catalogue.reply_language(settings.language, locale, self.config.language)

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        """The channel `old` is now `new` (a Telegram group became a supergroup): its games, challenges,
        ratings and settings go with it."""
        moved = await self.repository.move_channel(platform, old, new)
        log.info("%s channel %s is now %s; %d games moved", platform, old, new, moved)

    async def text_board(self, game_id: int, *, locale: str | None = None) -> str | None:
        """A game's board as text, from the side its pictures take, in the language its channel's
        replies take (`locale`: the user's)."""
        game = await self.repository.get_game(game_id)
        if game is None:
            return None
        settings = await records.settings(self.repository, game.platform, game.channel_id)
        lang = catalogue.reply_language(settings.language, locale, self.config.language)
        facing = game_text.Facing(settings.orientation)
        return game_text.text_board(lang, game, self.desk.board(game),
                                    flipped=game_text.flipped_for(game_text.viewer(game, facing)))

    # -- notices ---------------------------------------------------------------------------------

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
            unsent = self._unsent.setdefault(platform, [])
            if len(unsent) < UNSENT:
                unsent.append(announcement)  # the platform's adapter may not have started yet
            log.debug("no sender for %s yet; notice kept until there is one", platform)
            return
        settings = await records.settings(self.repository, platform, channel_id)
        addressee = notices.addressee(announcement)
        locale = self.locales.note(platform, addressee, None) if addressee else None
        lang = catalogue.reply_language(settings.language, locale, self.config.language)
        reply = await notices.render(self.presenter, lang, announcement,
                                     reads_typed=self._typed_reach(platform, channel_id),
                                     facing=game_text.Facing(settings.orientation))
        marked = await self.tidy.mark_one(platform, channel_id, settings, lang, reply)
        try:
            await sender(Notice(platform, marked.channel_id or channel_id, marked))
        except Exception:
            log.exception("sending a notice to %s/%s failed", platform, channel_id)
            return
        await self.pings.copy(announcement, reply)  # reminders and time-outs, to those who asked

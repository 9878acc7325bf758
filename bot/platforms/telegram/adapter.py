"""The Telegram adapter: a python-telegram-bot `Application` whose handlers turn updates into events.

It holds no game state. PTB's `CommandHandler`s take our commands (`/move 9-13`, `/move@tammibot 9-13`;
a command for another bot is left alone), a `MessageHandler` takes other text (typed moves, replies
to the board, commands written another way), and `CallbackQueryHandler`s take inline button presses,
whose `callback_data` is the service's `Button.id`, so buttons keep working after a restart. Each
event goes through the one error boundary (`bot.platforms.base.answer`); the replies come back as
messages, board photos with captions, animations or callback alerts.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import urlparse

from telegram import CallbackQuery, Message, Update, User
from telegram.constants import UpdateType
from telegram.error import Conflict, InvalidToken, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    BaseHandler,
    BaseRateLimiter,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.chat.commands import COMMANDS
from bot.chat.events import Event, Notice, Service
from bot.config import TelegramConfig
from bot.platforms.base import Stopped, TokenRejected, answer
from bot.platforms.telegram.convert import (
    PLATFORM,
    ForAnotherBot,
    People,
    button_event,
    command_event,
    for_a_chat,
    person,
    reads_typed,
    text_event,
)
from bot.platforms.telegram.direct import reporter, send_direct
from bot.platforms.telegram.formatting import OWNED, addressed_to, menu, owned
from bot.platforms.telegram.outbox import Outbox, after_replies
from bot.platforms.telegram.presses import answer_press, answered
from bot.platforms.telegram.receive import Reception, UpdatesRequest, WebhookServer
from bot.presentation import catalogue

log = logging.getLogger(__name__)

ALLOWED_UPDATES = (UpdateType.MESSAGE, UpdateType.CALLBACK_QUERY)
NOTICE_WAIT = 60.0
BOOTSTRAP_RETRIES = 3  # deleteWebhook / setWebhook at start-up, retried on network errors
PATIENCE = 15.0
"""Seconds beyond the long-polling timeout that Telegram may take to answer a getUpdates before the
bot counts as not receiving (PTB gives up on the request after 5)."""
WATCHED = frozenset({"Updater:start_polling:polling_task"})
"""PTB's task that fetches updates (long polling); when it ends on its own, the bot is deaf."""
CONFLICT = "another process is polling this bot: long polling runs in one process; use a webhook for several"
"""Said when Telegram refuses our getUpdates because another poller took over, or a webhook is set."""
ALIASES = {"start": "help"}
"""Telegram clients send /start when a user opens the bot; it is the natural place for help."""

AnyApplication = Application[Any, Any, Any, Any, Any, Any]
Context = ContextTypes.DEFAULT_TYPE


class HideToken(logging.Filter):
    """Takes the bot token out of log records: HTTP libraries log request URLs, which hold it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "<token>"), None
        return True


class TelegramAdapter:
    """Runs one Telegram bot over the game service: long polling by default, a webhook when configured.

    `poll_timeout` is the long-polling timeout in seconds; `rate_limiter` replaces the default
    `AIORateLimiter` (Telegram's flood limits, retrying a 429 after its `retry_after`).
    """

    name = PLATFORM

    def __init__(self, service: Service, config: TelegramConfig, *, poll_timeout: float = 10.0,
                 rate_limiter: BaseRateLimiter[Any] | None = None) -> None:
        if not config.token:
            raise ValueError("Telegram needs a bot token: set TELEGRAM_TOKEN or [telegram] token")
        self.service = service
        self.config = config
        self.poll_timeout = poll_timeout
        self._rate_limiter = rate_limiter
        self._app: AnyApplication | None = None
        self._people = People()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._ready = asyncio.Event()  # set once the bot can send
        self._watched: list[asyncio.Task[Any]] = []
        self._reception = Reception(patience=poll_timeout + PATIENCE)  # long polling's
        self._webhook: WebhookServer | None = None
        self._moves: dict[int, asyncio.Future[None]] = {}  # group id -> the move of its games
        # Replies in order per chat, through flood waits (a note of replies not kept in the chat's language).
        self._outbox = Outbox(lambda chat, locale: self.service.channel_language(PLATFORM, chat, locale),
                              self._migrated, reporter(service))
        self._hide_token = HideToken(config.token)
        # Registered now, so notices the service sends while the bot is starting wait for it.
        service.add_sender(PLATFORM, self.send_notice,
                           reads_typed=lambda chat: reads_typed(self._app.bot if self._app else None, chat))

    @property
    def application(self) -> AnyApplication:
        """The running PTB Application (after `start`)."""
        if self._app is None:
            raise RuntimeError("the Telegram adapter is not started")
        return self._app

    def handlers(self) -> list[BaseHandler[Update, Context, None]]:
        """The handlers, in the order PTB tries them (the first that matches an update takes it)."""
        # Edited messages are not moves, and a forwarded one was typed by someone else; a linked
        # channel's post that Telegram forwards to its discussion group was typed by no one there.
        new = filters.UpdateType.MESSAGE & ~filters.FORWARDED & ~filters.IS_AUTOMATIC_FORWARD
        names = {spec.name: spec.name for spec in COMMANDS} | ALIASES
        handlers: list[BaseHandler[Update, Context, None]] = [
            CommandHandler(word, partial(self._on_command, name), filters=new)
            for word, name in names.items()
        ]
        handlers.append(MessageHandler(filters.StatusUpdate.MIGRATE, self._on_migrate))
        handlers.append(MessageHandler(filters.TEXT & new & ~ForAnotherBot(), self._on_text))
        handlers.append(CallbackQueryHandler(self._on_owned_button, pattern=OWNED))
        handlers.append(CallbackQueryHandler(self._on_button))
        return handlers

    async def start(self) -> None:
        """Connect, register the command menus, and start receiving updates; returns once running."""
        assert self.config.token is not None
        logging.getLogger("httpx").addFilter(self._hide_token)
        builder = (
            ApplicationBuilder()
            .token(self.config.token)
            .base_url(self.config.base_url)
            .base_file_url(self.config.base_file_url)
            .rate_limiter(self._rate_limiter or AIORateLimiter(max_retries=5))
            .concurrent_updates(True)
        )
        # Updates come through our own reading, one at a time (see `receive`): a webhook through our
        # server (PTB's updater would answer 400 to an update it cannot read), polling through PTB's
        # updater with our getUpdates connection.
        if self.config.webhook_url:
            builder = builder.updater(None)
        else:
            builder = builder.get_updates_request(UpdatesRequest(self._reception))
        app: AnyApplication = builder.build()
        app.add_handlers(self.handlers())
        app.add_error_handler(self._on_error)
        try:
            await app.initialize()  # getMe: fails here on a wrong token or an unreachable server
        except InvalidToken:
            await app.bot.shutdown()
            raise TokenRejected("Telegram refused the bot token (TELEGRAM_TOKEN or [telegram] token); "
                                "check it with BotFather") from None
        except BaseException:
            await app.bot.shutdown()
            raise
        self._app = app
        try:
            await self._register_commands()
            if not app.bot.can_read_all_group_messages:
                log.info("Privacy mode is on for @%s: in groups, moves must be replies to the bot or "
                         "/move; turn it off with BotFather's /setprivacy to play by typing moves.",
                         app.bot.username)
            self._ready.set()
            await app.start()
            await self._receive(app)
            self._watched = [task for task in asyncio.all_tasks() if task.get_name() in WATCHED]
        except BaseException:
            await self.close()
            raise
        log.info("Telegram bot @%s is running", app.bot.username)

    async def _receive(self, app: AnyApplication) -> None:
        if self.config.webhook_url:
            self._webhook = WebhookServer(app.bot, app.update_queue, listen=self.config.listen,
                                          port=self.config.port, path=urlparse(self.config.webhook_url).path,
                                          secret_token=self.config.secret_token)
            await self._webhook.start()
            await self._webhook.register(self.config.webhook_url, allowed_updates=list(ALLOWED_UPDATES),
                                         retries=BOOTSTRAP_RETRIES)
        else:
            assert app.updater is not None
            self._reception.begin()
            await app.updater.start_polling(timeout=int(self.poll_timeout),
                                            allowed_updates=list(ALLOWED_UPDATES),
                                            bootstrap_retries=BOOTSTRAP_RETRIES,
                                            error_callback=self._polling_failed)

    @property
    def connected(self) -> bool:
        """Whether Telegram's updates reach the bot now. Webhook: the webhook is set and its server runs.
        Long polling: the polling runs, and Telegram answered the last getUpdates (within the polling
        timeout and `PATIENCE`) with no failure since."""
        if self._app is None:
            return False
        if self._webhook is not None:
            return self._webhook.connected
        return (bool(self._watched) and not any(task.done() for task in self._watched)
                and self._reception.receiving)

    def _polling_failed(self, error: TelegramError) -> None:
        """PTB retries a failed getUpdates for ever. After a 409 Conflict (another poller, or a webhook)
        every retry would end the other poller's request in turn, so the polling stops here: raising
        ends PTB's loop (and skips its last getUpdates), and `wait_closed` raises this."""
        if isinstance(error, Conflict):
            raise Stopped(f"{CONFLICT} (Telegram answered getUpdates with 409 {error.message})")
        log.error("Exception happened while polling for updates.", exc_info=error)  # as PTB's own

    async def wait_closed(self) -> None:
        """Return (or raise its error) when fetching updates stopped on its own: PTB gives up polling
        on a token Telegram no longer accepts, and a bug may end it too; a 409 Conflict (another
        poller, or a webhook) ends it with `Stopped`. Webhook mode: never."""
        if not self._watched:
            await asyncio.Event().wait()
        done, _ = await asyncio.wait(self._watched, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                raise error

    async def close(self) -> None:
        """Stop receiving updates, finish the update in hand and close the connections (idempotent)."""
        app, self._app = self._app, None
        webhook, self._webhook = self._webhook, None
        self._ready.clear()
        self._watched = []
        if webhook is not None:
            await webhook.close()
        if app is not None:
            if app.updater is not None and app.updater.running:
                try:
                    await app.updater.stop()
                except TelegramError as error:  # what ended the polling (already reported)
                    log.warning("Telegram polling had stopped: %s", error)
                except Stopped:  # a conflict, said by `tammi run` in its one line
                    pass
            if app.running:
                await app.stop()
            await self._outbox.close()  # after the updates in hand, whose replies may be held back
            await app.shutdown()
        logging.getLogger("httpx").removeFilter(self._hide_token)

    async def _register_commands(self) -> None:
        bot = self.application.bot
        try:
            await bot.set_my_commands(menu("en"))
            await bot.set_my_commands(menu("fi"), language_code="fi")
        except TelegramError:
            log.exception("Could not register the command menu")

    # Updates in

    async def _on_command(self, name: str, update: Update, context: Context) -> None:
        await self._on_message(update, partial(command_event, bot=context.bot, people=self._people,
                                               name=name))

    async def _on_text(self, update: Update, context: Context) -> None:
        await self._on_message(update, partial(text_event, bot=context.bot, people=self._people))

    async def _on_message(self, update: Update, read: Callable[[Message, User], Event]) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None or (user.is_bot and not for_a_chat(message)):
            return  # a bot's message; one posted on behalf of a chat is answered as such
        async with self._chat_lock(message.chat_id):
            event = read(message, user)
            replies = [owned(r, event.user.user_id) if r.private and r.buttons else r
                       for r in await answer(self.service, event)]
            thread = message.message_thread_id if message.is_topic_message else None
            await self._outbox.deliver(self.application.bot, replies, message.chat_id,
                                       quote=message.message_id, thread=thread, locale=user.language_code,
                                       by=event.user.user_id)

    async def _on_migrate(self, update: Update, context: Context) -> None:
        """A group became a supergroup (Telegram says so in both chats): its games follow. The message
        in the new chat holds that chat's lock until they have, so nothing said there after it is
        answered before."""
        message = update.effective_message
        if message is None:
            return
        async with self._chat_lock(message.chat_id):
            if message.migrate_to_chat_id:
                await self._migrated(message.chat_id, message.migrate_to_chat_id)
            elif message.migrate_from_chat_id:
                await self._migrated(message.migrate_from_chat_id, message.chat_id)

    async def _migrated(self, old: int, new: int) -> None:
        """Move the old chat's games, challenges, ratings and settings to the new id: once, however
        many signs of the move arrive (each waits until it is done)."""
        moving = self._moves.get(old)
        if moving is None:
            moving = self._moves[old] = asyncio.ensure_future(self._move(old, new))
        await asyncio.shield(moving)

    async def _move(self, old: int, new: int) -> None:
        try:
            await self.service.move_channel(PLATFORM, str(old), str(new))
        except Exception:
            del self._moves[old]  # tried again at the next sign of the move
            log.exception("Could not move chat %s's games to supergroup %s", old, new)

    async def _on_owned_button(self, update: Update, context: Context) -> None:
        """A press of a button only one user may press (see `formatting.owned`)."""
        query = update.callback_query
        if query is None:
            return
        match = context.matches[0] if context.matches else None
        if not isinstance(match, re.Match):  # PTB passes a press with neither data nor a game (True)
            await answered(query.answer())
            return
        if match["owner"] != str(query.from_user.id):
            language = catalogue.locale_language(query.from_user.language_code) or "en"
            text = catalogue.say(language, "button_not_yours")
            await answered(query.answer(text, show_alert=True))
            return
        await self._press(query, match["data"])

    async def _on_button(self, update: Update, context: Context) -> None:
        query = update.callback_query
        if query is None:
            return
        if query.data is None or query.message is None:
            await answered(query.answer())
            return
        await self._press(query, query.data)

    async def _press(self, query: CallbackQuery, data: str) -> None:
        """Hand the press to the service; change the message's buttons and answer the press as
        `presses.answer_press` does, and post the other replies in the chat (private ones named for the
        presser)."""
        assert query.message is not None
        chat = query.message.chat
        async with self._chat_lock(chat.id):
            self._people.remember(query.from_user)
            replies = await answer_press(query, await answer(self.service, button_event(query, data)))
            thread = None
            if isinstance(query.message, Message) and query.message.is_topic_message:
                thread = query.message.message_thread_id
            presser = person(query.from_user)
            rest = [owned(addressed_to(presser, r), presser.user_id) if r.private else r for r in replies]
            await self._outbox.deliver(self.application.bot, rest, chat.id, thread=thread,
                                       locale=query.from_user.language_code, by=presser.user_id)

    def _chat_lock(self, chat_id: int) -> asyncio.Lock:
        """The lock that keeps one chat's updates in order while other chats go on (updates are
        handled concurrently; a handler takes its chat's lock before anything else)."""
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        return lock

    async def _on_error(self, update: object, context: Context) -> None:
        """PTB's error handler: what escaped a handler or the update fetcher (e.g. network trouble)."""
        log.error("Error while handling a Telegram update %r", update, exc_info=context.error)

    # Notices out

    async def send_notice(self, notice: Notice) -> None:
        """Post a notice the service sends on its own (registered with `Service.add_sender`), or send it
        privately (`to_user`; raises `Unreachable` for a person who has not started a chat with the bot);
        before the bot has started, wait for it (up to `NOTICE_WAIT` seconds, then it is dropped)."""
        try:
            await asyncio.wait_for(self._ready.wait(), NOTICE_WAIT)
        except TimeoutError:
            log.warning("Telegram is not running; a notice for chat %s was dropped", notice.channel_id)
            return
        if notice.to_user is not None:
            await send_direct(self.application.bot, notice)
            return
        target = notice.reply.channel_id or notice.channel_id
        try:
            chat_id = int(target)
        except ValueError:
            log.error("A notice for %r, which is not a Telegram chat id, was dropped", target)
            return
        async with after_replies(self._chat_lock(chat_id)):  # the replies to an update first
            await self._outbox.deliver(self.application.bot, [notice.reply], chat_id)

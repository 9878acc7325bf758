"""Each chat's replies in order, and none lost to Telegram's flood limit.

The rate limiter (PTB's `AIORateLimiter`) already waits out a 429 Too Many Requests and tries again;
when Telegram still refuses after its last try, the reply is not dropped: it waits here, and every
later reply for that chat waits behind it, until the time Telegram asked for has passed; then they go,
in order, from where each had stopped (a board whose picture went but whose text did not sends only the
text). At most `WAITING` replies wait for one chat; a reply beyond that is not kept, and once the ones
kept have gone the chat is told, in one short message, that some did not arrive and how to see the
board again. Each reply sent is told to `posted` with its last message (boards give turn pings).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import warnings
import weakref
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from telegram import Bot, Message
from telegram.error import ChatMigrated, RetryAfter
from telegram.warnings import PTBDeprecationWarning

from bot.chat.events import Reply
from bot.platforms.telegram.live import send_reply
from bot.platforms.telegram.send import Progress
from bot.presentation import catalogue

TURN_WAIT = 3.0
"""Seconds a notice waits at most for the reply its chat is being given before it goes ahead."""


@contextlib.asynccontextmanager
async def after_replies(lock: asyncio.Lock, patience: float = TURN_WAIT) -> AsyncIterator[None]:
    """Hold a chat's lock for the block once the update it is answering has its replies out (its handler
    holds the lock until they are), so a notice caused by that update comes after them (a game's end
    before the round it completes); after `patience` seconds the block runs without it."""
    try:
        await asyncio.wait_for(lock.acquire(), patience)
    except TimeoutError:
        yield
        return
    try:
        yield
    finally:
        lock.release()

log = logging.getLogger(__name__)

WAITING = 50
"""Replies kept for one chat while Telegram's flood limit holds it back (a group may get 20 messages
a minute, so this is a few minutes' worth)."""

Migrated = Callable[[int, int], Awaitable[None]]
"""Told (old chat id, new chat id) when a group turns out to have become a supergroup."""
Language = Callable[[str, str | None], Awaitable[str]]
"""The language replies take in a chat (its id, the client language of who is answered if known)."""
Posted = Callable[[Reply, Message, str | None], None]
"""Told of each reply sent: the reply, its last message, and whose message or press it answers."""


@dataclass
class Parcel:
    """One reply on its way to a chat: what it quotes, its forum topic, how far it got, and whose message
    or press it answers (None: a notice)."""

    reply: Reply
    quote: int | None = None
    thread: int | None = None
    progress: Progress = field(default_factory=Progress)
    by: str | None = None


@dataclass
class Held:
    """A chat's replies waiting for the end of a flood wait of `wait` seconds."""

    parcels: deque[Parcel]
    wait: float
    told: bool = False  # the chat is told that replies were not kept
    task: asyncio.Task[None] | None = None


def seconds(flood: RetryAfter) -> float:
    """How long Telegram asked to wait (an int, or a timedelta once PTB_TIMEDELTA is set)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        wait = flood.retry_after
    return wait.total_seconds() if isinstance(wait, timedelta) else float(wait)


class Outbox:
    """Sends replies chat by chat, in the order they were handed over (see the module's docstring)."""

    def __init__(self, language: Language, migrated: Migrated | None = None,
                 posted: Posted | None = None) -> None:
        self.language = language
        self.migrated = migrated
        self.posted = posted
        self.limit = WAITING
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._held: dict[int, Held] = {}

    async def deliver(self, bot: Bot, replies: Sequence[Reply], chat_id: int, quote: int | None = None,
                      thread: int | None = None, locale: str | None = None, by: str | None = None) -> None:
        """Send replies in order, in forum topic `thread` if given; a private reply quotes the message
        `quote` (the user's own). A reply that cannot be sent is logged and the next one still goes;
        one held back by the flood limit goes later (`locale`: the client language of who is
        answered, for the chat's language should it be told that replies were not kept; `by`: their
        user id, None for a notice)."""
        for reply in replies:
            try:
                target = int(reply.channel_id) if reply.channel_id else chat_id
            except ValueError:
                log.error("A reply for %r, which is not a Telegram chat id, was dropped", reply.channel_id)
                continue
            here = target == chat_id
            parcel = Parcel(reply, quote if reply.private and here else None, thread if here else None, by=by)
            await self._post(bot, target, parcel, locale)

    async def close(self) -> None:
        """Stop waiting: what still waits is not sent (and the log says how much)."""
        for chat_id, held in list(self._held.items()):
            if held.task is not None:
                held.task.cancel()
            log.warning("%d replies for chat %s were not sent: Telegram's flood limit held them back "
                        "until the bot stopped", len(held.parcels), chat_id)
        tasks = [held.task for held in self._held.values() if held.task is not None]
        self._held.clear()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _post(self, bot: Bot, chat_id: int, parcel: Parcel, locale: str | None) -> None:
        async with self._lock(chat_id):
            held = self._held.get(chat_id)
            if held is not None:
                await self._keep(chat_id, held, parcel, locale)
                return
            try:
                await self._send(bot, chat_id, parcel)
            except RetryAfter as flood:
                self._hold(bot, chat_id, parcel, seconds(flood))

    async def _keep(self, chat_id: int, held: Held, parcel: Parcel, locale: str | None) -> None:
        """Put the parcel behind the chat's waiting ones; when too many wait, the chat is to be told
        instead (once, in its language)."""
        if len(held.parcels) < self.limit:
            held.parcels.append(parcel)
            return
        log.warning("A reply for chat %s was not kept: %d already wait for Telegram's flood limit",
                    chat_id, len(held.parcels))
        if not held.told:
            held.told = True
            try:
                language = await self.language(str(chat_id), locale)
            except Exception:  # the database, say: the note goes all the same
                log.exception("Could not find the language of chat %s", chat_id)
                language = catalogue.locale_language(locale) or catalogue.ENGLISH
            note = catalogue.say(language, "telegram-replies-not-delivered")
            held.parcels.append(Parcel(Reply(note)))

    def _hold(self, bot: Bot, chat_id: int, parcel: Parcel, wait: float) -> None:
        log.warning("Telegram's flood limit holds back the replies for chat %s; sending them in %.0f s",
                    chat_id, wait)
        held = self._held[chat_id] = Held(deque([parcel]), wait)
        held.task = asyncio.create_task(self._drain(bot, chat_id, held), name=f"telegram-held-{chat_id}")

    async def _drain(self, bot: Bot, chat_id: int, held: Held) -> None:
        """After each wait, send the chat's waiting replies in order until Telegram refuses again (then
        wait as long as it says) or none is left."""
        while True:
            await asyncio.sleep(held.wait)
            async with self._lock(chat_id):
                while held.parcels:
                    try:
                        await self._send(bot, chat_id, held.parcels[0])
                    except RetryAfter as flood:
                        held.wait = seconds(flood)
                        break
                    held.parcels.popleft()
                else:
                    self._held.pop(chat_id, None)
                    return

    async def _send(self, bot: Bot, chat_id: int, parcel: Parcel) -> None:
        """Send one parcel; a refusal other than the flood limit is logged (the parcel is then done), and
        a group that became a supergroup gets it under its new id (and `migrated` is told)."""
        reply, done = parcel.reply, parcel.progress
        try:
            try:
                await send_reply(bot, reply, chat_id, parcel.quote, parcel.thread, done)
            except ChatMigrated as moved:
                log.info("Chat %s is now supergroup %s; sending there", chat_id, moved.new_chat_id)
                if self.migrated is not None:
                    await self.migrated(chat_id, int(moved.new_chat_id))
                await send_reply(bot, reply, int(moved.new_chat_id), progress=done)
        except RetryAfter:
            raise
        except Exception:  # a TelegramError, or a bug: the chat's next replies still go
            log.exception("Could not send a reply to chat %s", chat_id)
            return
        if self.posted is not None and done.message is not None:
            self.posted(reply, done.message, parcel.by)

    def _lock(self, chat_id: int) -> asyncio.Lock:
        """The lock that keeps one chat's sending in order (kept only while someone holds or awaits it)."""
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        return lock

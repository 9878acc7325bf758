"""Tidy channels: where a channel keeps one live board per game (`settings live on`), each board of a
game is marked to be edited into that message (or posted anew and kept as it, where there is none or the
edit fails); `board` and `bump` post it anew at the bottom, and the one before is taken away. On Discord a
channel may give each new game a thread of its own (`settings threads on`): the game's replies and
notices go there, and what is said in the thread is read as if said in the channel.

The service marks its replies here (`Tidy.mark`); each adapter honours `Reply.live` and `Reply.thread`
(the console just prints). Nothing here fails a reply: a database that cannot answer leaves it as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from bot.chat.events import Event, Reply
from bot.domain.model import ChannelSettings
from bot.domain.names import usable_id
from bot.flows import live, records
from bot.presentation import catalogue
from bot.presentation.messages import Action, Button, Kept, Kind, Live, NewThread
from bot.storage.repository import Repository, StorageError

log = logging.getLogger(__name__)

THREADS = frozenset({"discord"})
"""The platforms whose channels have threads a game can be given."""


def public_game_reply(reply: Reply) -> bool:
    return reply.game_id is not None and not reply.private


def ended(reply: Reply) -> bool:
    """A board of a finished game (its one button is Rematch)."""
    return any(button.id.startswith(f"{Action.REMATCH.value}:") for button in reply.buttons)


class Tidy:
    """Marks replies for live boards and game threads (see the module's docstring)."""

    def __init__(self, repository: Repository, clock: Callable[[], float], language: str) -> None:
        self.repository = repository
        self.clock = clock
        self.language = language  # the configured default

    async def arrived(self, event: Event) -> Event:
        """An event in a game's thread, as if in the game's channel (where its seats and settings are)."""
        if event.platform not in THREADS or event.is_private_chat or not usable_id(str(event.channel_id)):
            return event
        try:
            channel = await live.channel_of_thread(self.repository, event.platform, event.channel_id)
        except StorageError:
            return event
        return event if channel is None else replace(event, channel_id=channel)

    async def mark(self, event: Event, replies: list[Reply]) -> list[Reply]:
        """The replies to an event, marked (see `mark_one`)."""
        if not any(public_game_reply(reply) for reply in replies):
            return replies
        try:
            settings = await records.settings(self.repository, event.platform, event.channel_id)
        except StorageError:
            return replies
        lang = catalogue.reply_language(settings.language, event.locale, self.language)
        return [await self.mark_one(event.platform, event.channel_id, settings, lang, reply)
                for reply in replies]

    async def mark_one(self, platform: str, channel: str, settings: ChannelSettings, lang: str,
                       reply: Reply) -> Reply:
        """A reply about a game, sent where its game's messages go (its thread, if it has one; a new game
        in a channel that gives threads asks for one), and a board as its game's live board there where
        the channel keeps them."""
        if not public_game_reply(reply) or reply.game_id is None:
            return reply
        if reply.channel_id is not None and reply.channel_id != channel:
            return reply  # addressed elsewhere on purpose
        game_id = reply.game_id
        if reply.kind == Kind.BOARD_KEYS:  # a board's buttons put back after the picker: Bump among them
            return self._bump(lang, reply) if settings.live and reply.buttons else reply
        board = reply.kind == Kind.BOARD
        keeps_live = bool(settings.live) and board
        try:
            found = await live.where(self.repository, platform, channel, game_id, live=keeps_live,
                                     threads=platform in THREADS)
        except StorageError:
            return reply
        if found.channel != channel:
            reply = replace(reply, channel_id=found.channel)
        elif board and settings.threads and platform in THREADS and reply.ply == 0:
            reply = replace(reply, thread=self._new_thread(platform, lang, game_id, reply))
        if not keeps_live:
            return reply
        fresh = reply.fresh or found.live is None
        marked = Live(self._kept(platform, channel, game_id), edit=None if fresh else found.live,
                      replaces=found.live if reply.fresh else None)
        return replace(self._bump(lang, reply), live=marked)

    @staticmethod
    def _bump(lang: str, reply: Reply) -> Reply:
        """The reply with the Bump button among its game's buttons (not once the game has ended)."""
        if ended(reply) or reply.game_id is None:
            return reply
        bump = Button.press(Action.BUMP, reply.game_id, catalogue.say(lang, "btn-bump"))
        return replace(reply, buttons=(*reply.buttons, bump))

    def _new_thread(self, platform: str, lang: str, game_id: int, reply: Reply) -> NewThread:
        async def made(thread_id: str) -> None:
            try:
                await live.give_thread(self.repository, self.clock, platform, game_id, thread_id)
            except StorageError:
                log.exception("Could not record thread %s of game %s", thread_id, game_id)

        name = catalogue.say(lang, "thread-name", id=game_id, title=reply.title or "")
        return NewThread(name[:100], catalogue.say(lang, "thread-permission-missing"), made)

    def _kept(self, platform: str, channel: str, game_id: int) -> Kept:
        async def kept(message_id: str) -> None:
            try:
                await live.keep(self.repository, self.clock, platform, channel, game_id, message_id,
                                threads=platform in THREADS)
            except StorageError:
                log.exception("Could not keep message %s as the live board of game %s", message_id, game_id)

        return kept

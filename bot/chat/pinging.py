"""Sending turn pings and the private copies of reminders (`bot.flows.pings` says who gets one) through
the adapters' senders, as notices addressed to a person (`Notice.to_user`).

A private message that does not reach its person (on Telegram they never started a chat with the bot, on
Discord their direct messages are closed) is said in the game's channel, mentioning them, once until one
reaches them again. A ping's language is the one its person asked in, else the channel's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from bot.chat.events import BoardPosted, Notice, Reply, Sender, Unreachable
from bot.flows import pings, records
from bot.flows.announce import Announcement
from bot.flows.pings import Ping
from bot.presentation import catalogue, ping_text
from bot.storage.repository import Repository

log = logging.getLogger(__name__)


class Pings:
    """Turn pings over the service's senders (`senders`: platform -> sender, as the adapters add them)."""

    def __init__(self, repository: Repository, senders: Mapping[str, Sender], clock: Callable[[], float],
                 language: str) -> None:
        self.repository = repository
        self.senders = senders
        self.clock = clock
        self.language = language  # the configured default

    async def board_posted(self, posted: BoardPosted) -> None:
        """Ping the player whose turn the posted board gives, if it is due (a failure is only logged:
        the board itself is posted)."""
        try:
            ping = await pings.turn(self.repository, posted, self.clock())
            if ping is not None:
                await self._send(ping, ping_text.turn(await self._language(ping), ping))
        except Exception:
            log.exception("the turn ping for game %s failed", posted.game_id)

    async def copy(self, announcement: Announcement, notice: Reply) -> None:
        """Private copies of a reminder or a time-out just posted in its channel (`notice`), to the people it
        concerns who asked for pings."""
        try:
            for ping in await pings.copies(self.repository, announcement):
                await self._send(ping, ping_text.copy(await self._language(ping), ping, notice))
        except Exception:
            log.exception("the private copies of a notice failed")

    async def reaches(self, platform: str, channel_id: str, user_id: str, reply: Reply) -> bool:
        """Send `reply` privately to the person (about the channel `channel_id`); whether it reached them
        (False too where the platform has no sender)."""
        sender = self.senders.get(platform)
        if sender is None:
            return False
        try:
            await sender(Notice(platform, channel_id, reply, to_user=user_id))
        except Unreachable:
            return False
        return True

    async def told(self, platform: str, user_id: str) -> None:
        """The person was just told (in answer to `notify on`) that private messages do not reach them."""
        await pings.unreachable(self.repository, platform, user_id, self.clock())

    async def _send(self, ping: Ping, reply: Reply) -> None:
        game = ping.game
        now = self.clock()
        if await self.reaches(game.platform, game.channel_id, ping.user_id, reply):
            await pings.reached(self.repository, ping, now)
            return
        log.info("a private message to %s user %s did not reach them", game.platform, ping.user_id)
        if await pings.unreachable(self.repository, game.platform, ping.user_id, now):
            await self._tell(ping)

    async def _tell(self, ping: Ping) -> None:
        """Say in the game's channel that private messages do not reach the player."""
        game = ping.game
        sender = self.senders.get(game.platform)
        color = game.color_of(ping.user_id)
        if sender is None or color is None:
            return
        settings = await records.settings(self.repository, game.platform, game.channel_id)
        lang = catalogue.reply_language(settings.language, ping.choice.language, self.language)
        said = ping_text.told(lang, game.platform, game.player(color), game.id)
        await sender(Notice(game.platform, game.channel_id, said))

    async def _language(self, ping: Ping) -> str:
        """A private message's language: the one its person asked in, else the channel's."""
        if ping.choice.language in catalogue.LANGUAGES:
            return str(ping.choice.language)
        settings = await records.settings(self.repository, ping.game.platform, ping.game.channel_id)
        return settings.language or self.language

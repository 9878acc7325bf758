"""Channels where Tammi answers but may not post on its own: where a person installed it to their account
(a user install), the DMs and group DMs between people, and servers that have not added it.

Discord lets the app answer each interaction there (its response, then followups for 15 minutes) but not
post a message of its own. So a notice for such a channel (the bot's move, a reminder, a game ended by
time) goes as a followup of the channel's latest interaction while that one's token is good, and is
otherwise held and given with the answer to the next interaction there (`take`). Held notices are kept in
memory, at most `HELD` per channel (the oldest go first); after a restart they are gone, and
`/tammi board` shows a game as it stands.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

import discord

from bot.chat.events import Reply
from bot.platforms.discord.messages import message_parts
from bot.platforms.discord.replies import FAILURES, Poster, send_arguments

log = logging.getLogger(__name__)

FOLLOWUP_FOR = 14 * 60.0
"""Seconds an interaction's followups are tried for (Discord's tokens last 15 minutes)."""
HELD = 10
"""Notices held per channel; older ones are dropped."""
CHANNELS = 1000
"""Channels remembered; the least recently used are forgotten."""


def posts_on_its_own(interaction: discord.Interaction[Any]) -> bool:
    """Whether Tammi may post in the interaction's channel unasked: in its own DMs and in servers that
    added it, but not in a DM or group DM between people, nor in a server where only the person
    installed it (Discord says so in the interaction's context and `authorizing_integration_owners`)."""
    if interaction.context.private_channel:
        return False
    if interaction.guild_id is not None:
        return interaction.is_guild_integration() or not interaction.is_user_integration()
    return True


class Outside:
    """The channels met in interactions where Tammi may not post, their latest interaction, and the
    notices held for them."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._latest: OrderedDict[str, tuple[discord.Interaction[Any], float]] = OrderedDict()
        self._held: dict[str, deque[Reply]] = {}

    def note(self, interaction: discord.Interaction[Any]) -> bool:
        """Remember the interaction if its channel is one where Tammi may not post; True if it is."""
        if posts_on_its_own(interaction):
            return False
        channel_id = str(interaction.channel_id)
        self._latest[channel_id] = (interaction, self.clock())
        self._latest.move_to_end(channel_id)
        while len(self._latest) > CHANNELS:
            gone, _ = self._latest.popitem(last=False)
            self._held.pop(gone, None)
        return True

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._latest

    def take(self, channel_id: str) -> list[Reply]:
        """The notices held for the channel, oldest first (no longer held)."""
        return list(self._held.pop(channel_id, ()))

    def held(self, channel_id: str) -> int:
        return len(self._held.get(channel_id, ()))

    async def send(self, channel_id: str, reply: Reply, poster: Poster) -> None:
        """Post a notice as a followup of the channel's latest interaction while its token is good;
        otherwise (or if Discord does not take it) hold it for the next interaction there."""
        latest, when = self._latest[channel_id]
        if self.clock() - when < FOLLOWUP_FOR:
            try:
                sent: discord.WebhookMessage | None = None
                for parts in message_parts(reply, poster.own_id):
                    sent = await latest.followup.send(wait=True, **send_arguments(parts))
            except FAILURES as error:
                log.warning("a notice for channel %s could not follow up interaction %s (%r); it waits for "
                            "the next interaction there", channel_id, latest.id, error)
            else:
                poster.report(reply, channel_id, sent.id if sent else None, latest.guild_id, None)
                return
        held = self._held.setdefault(channel_id, deque(maxlen=HELD))
        held.append(reply)

"""Posting the service's replies on Discord: in a channel, or in answer to an interaction.

An interaction is answered within Discord's three seconds: when the service takes longer than
`defer_after`, it is acknowledged first ("Tammi is thinking..." for a command, silently for a button or
the dialog) and the replies follow. When even that is too late, the service's work still finishes and
its public replies are posted in the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import discord

from bot.chat.events import Reply
from bot.platforms.discord.buttons import ui_text
from bot.platforms.discord.messages import MessageParts, message_parts, split_text

log = logging.getLogger(__name__)


NOTICE_WAIT = 3.0
"""Seconds a notice waits at most for the replies being posted in its channel."""


class ChannelOrder:
    """Keeps a channel's messages in the order things happened: a notice (the bot's move) waits until
    the replies to the events already received in its channel are posted, so it never arrives before
    the board it answers. The wait is bounded, so a notice is never held up for long."""

    def __init__(self, limit: float = NOTICE_WAIT) -> None:
        self.limit = limit
        self._busy: Counter[str] = Counter()
        self._changed = asyncio.Condition()

    @contextlib.asynccontextmanager
    async def answering(self, channel_id: str) -> AsyncIterator[None]:
        """While an event of the channel is answered and its replies posted."""
        self._busy[channel_id] += 1
        try:
            yield
        finally:
            self._busy[channel_id] -= 1
            if not self._busy[channel_id]:
                del self._busy[channel_id]
            async with self._changed:
                self._changed.notify_all()

    async def quiet(self, channel_id: str) -> None:
        """Wait (at most `limit` seconds) until no event of the channel is being answered."""
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait_for(lambda: channel_id not in self._busy),
                                       self.limit)


def _kwargs(parts: MessageParts) -> dict[str, Any]:
    """Send arguments without the empty ones (discord.py treats None differently from missing)."""
    values = {"content": parts.content, "embed": parts.embed, "file": parts.file, "view": parts.view}
    return {key: value for key, value in values.items() if value is not None}


class Poster:
    """Sends replies through `client`; `defer_after` is how long an interaction waits unacknowledged."""

    def __init__(self, client: discord.Client, defer_after: float) -> None:
        self.client = client
        self.defer_after = defer_after

    @property
    def own_id(self) -> int | None:
        return self.client.user.id if self.client.user else None

    def elsewhere(self, reply: Reply, channel_id: str) -> discord.PartialMessageable | None:
        """The channel a reply names when it is not `channel_id`, or None."""
        if reply.channel_id is None or reply.channel_id == channel_id:
            return None
        return self.client.get_partial_messageable(int(reply.channel_id))

    async def post(self, channel: discord.abc.Messageable, reply: Reply,
                   reference: discord.Message | None = None) -> None:
        """Post `reply` as channel messages; the first answers `reference` when given (if that message
        still exists). Without permission to attach files, the text goes alone."""
        for parts in message_parts(reply, self.own_id):
            kwargs = _kwargs(parts)
            if reference is not None:
                kwargs["reference"] = reference.to_reference(fail_if_not_exists=False)
                kwargs["mention_author"] = True
                reference = None
            try:
                await channel.send(**kwargs)
            except discord.Forbidden:
                if "file" not in kwargs:
                    raise
                log.warning("no permission to attach a file in %s; sending the text alone",
                            getattr(channel, "id", "?"))
                kwargs.pop("file")
                if "embed" not in kwargs:  # a long PDN: its text, in pieces
                    view = kwargs.pop("view", None)
                    *pieces, last = split_text(reply.text)
                    for piece in pieces:
                        await channel.send(content=piece)
                    kwargs["content"] = last
                    if view is not None:
                        kwargs["view"] = view
                if "embed" in kwargs:
                    kwargs["embed"].set_image(url=None)
                await channel.send(**kwargs)

    async def post_all(self, message: discord.Message, replies: list[Reply]) -> None:
        """Post the replies to a typed message: private ones answer it, others go to their channel."""
        for reply in replies:
            target = self.elsewhere(reply, str(message.channel.id))
            try:
                if target is not None:
                    await self.post(target, reply)
                else:
                    await self.post(message.channel, reply, reference=message if reply.private else None)
            except discord.HTTPException:  # one reply that cannot be posted must not drop the others
                log.exception("posting a reply in channel %s failed", message.channel.id)

    async def respond(self, interaction: discord.Interaction[Any],
                      replies: Coroutine[Any, Any, list[Reply]], *, slow: bool) -> None:
        """Answer an interaction with `replies` (the service at work), deferring when they take a while;
        `slow` defers at once."""
        task = asyncio.create_task(replies)
        thinking = False
        try:
            if not slow:
                await asyncio.wait({task}, timeout=self.defer_after)
            if not task.done():
                # Commands show "Tammi is thinking..."; buttons and the dialog acknowledge silently.
                thinking = interaction.type is discord.InteractionType.application_command
                try:
                    await interaction.response.defer(thinking=thinking)
                except discord.HTTPException:
                    # Too late (Discord allows 3 s): let the service finish what it started (a move
                    # may be committed), then post the public replies in the channel.
                    log.warning("interaction %s expired before it was acknowledged", interaction.id)
                    await self._post_in_channel(interaction, await task)
                    return
            answers = await task
        finally:
            if not task.done():
                task.cancel()
        channel_id = str(interaction.channel_id)
        for index, reply in enumerate(answers):
            target = self.elsewhere(reply, channel_id)
            if target is not None:
                await self.post(target, reply)
                continue
            try:
                for parts in message_parts(reply, self.own_id):
                    await self._answer(interaction, _kwargs(parts), private=reply.private, thinking=thinking)
                    thinking = False
            except discord.HTTPException as error:
                # Expired (10062 Unknown interaction) or otherwise refused: the channel still hears it.
                log.warning("answering interaction %s failed (%s); posting the replies in the channel",
                            interaction.id, error)
                await self._post_in_channel(interaction, answers[index:])
                return
        with contextlib.suppress(discord.HTTPException):  # nothing is lost if these fail
            if thinking:
                await interaction.delete_original_response()
            elif not interaction.response.is_done():
                if interaction.type is discord.InteractionType.application_command:
                    await interaction.response.send_message(ui_text(interaction.locale.value, "done"),
                                                            ephemeral=True)
                else:
                    await interaction.response.defer()

    async def _post_in_channel(self, interaction: discord.Interaction[Any], replies: list[Reply]) -> None:
        """Post the public replies of an expired interaction as channel messages (private ones can
        only be shown through the interaction, so they are dropped)."""
        here = str(interaction.channel_id)
        for reply in replies:
            if reply.private:
                continue
            channel = self.elsewhere(reply, here) or self.client.get_partial_messageable(int(here))
            try:
                await self.post(channel, reply)
            except discord.HTTPException:
                log.exception("posting a reply in channel %s failed", interaction.channel_id)

    @staticmethod
    async def _answer(interaction: discord.Interaction[Any], kwargs: dict[str, Any], *, private: bool,
                      thinking: bool) -> None:
        """Send one message in answer to an interaction: its response, or a followup after that.

        After a "thinking" deferral (`thinking`), a public answer replaces the thinking message, and a
        private one deletes it and follows up as ephemeral (the thinking message itself is public).
        """
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=private, **kwargs)
        elif thinking and not private:
            if "file" in kwargs:
                kwargs["attachments"] = [kwargs.pop("file")]
            await interaction.edit_original_response(**kwargs)
        else:
            if thinking:
                await interaction.delete_original_response()
            await interaction.followup.send(ephemeral=private, **kwargs)

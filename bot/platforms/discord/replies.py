"""Posting the service's replies on Discord: in a channel, or in answer to an interaction.

An interaction is answered within Discord's three seconds: when the service takes longer than
`defer_after`, it is acknowledged first ("Tammi is thinking..." for a command, silently for a button or
the dialog) and the replies follow. When even that is too late, the service's work still finishes and
its public replies are posted in the channel.

Replies are posted when their event's turn in the channel comes (`bot.platforms.discord.order`); an
interaction whose turn is slow to come is acknowledged meanwhile. A response Discord took but whose
answer was lost (discord.py tries again and hears "already acknowledged") counts as made. A reply that
cannot be posted is logged and the channel is told in a short text, and where files may not be attached
the text goes alone and the channel is told once which permission is missing. Each board posted is
reported (`posted`) with its message's link, for the turn ping it gives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import aiohttp
import discord

from bot.chat.events import BoardPosted, Place, Reply
from bot.platforms.discord import live
from bot.platforms.discord.buttons import ui_text
from bot.platforms.discord.links import guild_of, jump_url
from bot.platforms.discord.messages import MessageParts, message_parts, split_text
from bot.platforms.discord.order import Turn
from bot.platforms.posted import board_posted
from bot.presentation import catalogue
from bot.presentation.messages import Kind

log = logging.getLogger(__name__)

ALREADY_ACKNOWLEDGED = 40060
"""Discord's code for a second response to an interaction: the first one was made."""
MISSING_PERMISSIONS = 50013

FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)
"""What posting raises when Discord does not take a message (after discord.py's own tries)."""

Language = Callable[[str, str | None], Awaitable[str]]
"""The language of a channel's replies (`channel_id`, the user's client locale or None)."""
Posted = Callable[[BoardPosted], None]
"""Told of each board posted (`Service.board_posted`)."""


def send_arguments(parts: MessageParts) -> dict[str, Any]:
    """Send arguments without the empty ones (discord.py treats None differently from missing)."""
    values = {"content": parts.content, "embed": parts.embed, "file": parts.file, "view": parts.view}
    return {key: value for key, value in values.items() if value is not None}


class Poster:
    """Sends replies through `client`; `defer_after` is how long an interaction waits unacknowledged,
    `language` says what language a channel's own notices take, `posted` is told of each board posted."""

    def __init__(self, client: discord.Client, defer_after: float, language: Language,
                 posted: Posted | None = None) -> None:
        self.client = client
        self.defer_after = defer_after
        self.language = language
        self.posted = posted
        self._told_attach: set[str] = set()  # channels told (in this run) that files may not be attached

    @property
    def own_id(self) -> int | None:
        return self.client.user.id if self.client.user else None

    def elsewhere(self, reply: Reply, channel_id: str) -> discord.PartialMessageable | None:
        """The channel a reply names when it is not `channel_id`, or None."""
        if reply.channel_id is None or reply.channel_id == channel_id:
            return None
        return self.client.get_partial_messageable(int(reply.channel_id))

    async def post(self, channel: discord.abc.Messageable, reply: Reply,
                   reference: discord.Message | None = None, *, locale: str | None = None,
                   by: str | None = None, starter: int | None = None) -> None:
        """Post `reply` as channel messages; the first answers `reference` when given (if that message
        still exists). Without permission to attach files, the text goes alone. A reply Discord does
        not take is not lost silently: the channel is told (`locale`: the user's, for the language).
        `by`: whose message or interaction it answers (None: a notice). A live board is edited into its
        message where it can be, and a new game's thread made (from message `starter`; see `live`)."""
        channel_id = _channel_id(channel)
        guild_id = guild_of(self.client, channel_id)
        if reply.thread is not None and (thread := await live.open_thread(self.client, channel_id, reply,
                                                                           starter)) is not None:
            channel, channel_id = thread, str(thread.id)
        message_id = await live.edit(self.client, channel_id, reply)
        if message_id is None and reply.live is not None and not reply.live.anew:
            return  # an edit or nothing (a review's note)
        if message_id is None:
            try:
                message_id = (await self._send(channel, reply, reference, locale)).id
            except FAILURES as error:
                await self._undelivered(channel, reply, error, locale)
                return
        self.report(reply, channel_id, message_id, guild_of(self.client, channel_id) or guild_id, by)
        await live.kept(self.client, channel_id, reply, message_id)

    def report(self, reply: Reply, channel_id: str, message_id: int | None, guild_id: int | None,
               by: str | None) -> None:
        """Tell `posted` of a board just posted, with its message's link (`guild_id` None: a DM)."""
        if self.posted is None or message_id is None:
            return
        place = Place(link=jump_url(guild_id, channel_id, message_id))
        found = board_posted("discord", channel_id, reply, place, by=by, private_chat=guild_id is None)
        if found is not None:
            self.posted(found)

    async def _send(self, channel: discord.abc.Messageable, reply: Reply, reference: discord.Message | None,
                    locale: str | None) -> discord.Message:
        """Send the reply's messages; the last one."""
        sent: discord.Message | None = None
        for parts in message_parts(reply, self.own_id):
            kwargs = send_arguments(parts)
            if reference is not None:
                kwargs["reference"] = reference.to_reference(fail_if_not_exists=False)
                kwargs["mention_author"] = True
                reference = None
            try:
                sent = await channel.send(**kwargs)
            except discord.Forbidden as error:
                if "file" not in kwargs or error.code != MISSING_PERMISSIONS:
                    raise
                sent = await self._without_file(channel, reply, kwargs)
                await self._tell_attach_files(channel, locale)
        assert sent is not None  # a reply has one message at least
        return sent

    @staticmethod
    async def _without_file(channel: discord.abc.Messageable, reply: Reply,
                            kwargs: dict[str, Any]) -> discord.Message:
        """Send a message that was refused for its file again without it (a long PDN as its text)."""
        log.warning("no permission to attach a file in %s; sending the text alone", _channel_id(channel))
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
        return await channel.send(**kwargs)

    async def _tell_attach_files(self, channel: discord.abc.Messageable, locale: str | None) -> None:
        """Tell a channel, once in this run, that Tammi may not attach files there (boards come as text)."""
        channel_id = _channel_id(channel)
        if channel_id in self._told_attach:
            return
        self._told_attach.add(channel_id)
        text = catalogue.say(await self.language(channel_id, locale), "discord-attach-files-missing")
        try:
            await channel.send(content=text)
        except FAILURES as error:  # the board itself went: only the hint is missing
            log.warning("telling channel %s that files may not be attached failed: %r", channel_id, error)

    async def _undelivered(self, channel: discord.abc.Messageable, reply: Reply, error: BaseException,
                           locale: str | None) -> None:
        """A reply that could not be posted: logged, and the channel told in a short text where it can
        be reached (not where Discord says it is gone or closed to Tammi)."""
        channel_id = _channel_id(channel)
        log.error("a reply (%s) could not be posted in channel %s: %r", reply.kind, channel_id, error)
        if isinstance(error, discord.NotFound | discord.Forbidden):
            return
        lang = await self.language(channel_id, locale)
        if reply.kind == Kind.BOARD and reply.game_id is not None:
            text = catalogue.say(lang, "discord-board-undelivered", game=reply.game_id)
        else:
            text = catalogue.say(lang, "discord-reply-undelivered")
        try:
            await channel.send(content=text)
        except FAILURES as again:
            log.error("telling channel %s that a reply was lost failed too: %r", channel_id, again)

    async def post_all(self, message: discord.Message, replies: list[Reply]) -> None:
        """Post the replies to a typed message: private ones answer it, others go to their channel."""
        for reply in replies:
            target = self.elsewhere(reply, str(message.channel.id))
            if target is not None:
                await self.post(target, reply, by=str(message.author.id))
            else:
                await self.post(message.channel, reply, reference=message if reply.private else None,
                                by=str(message.author.id))

    async def respond(self, interaction: discord.Interaction[Any], replies: Coroutine[Any, Any, list[Reply]],
                      turn: Turn, *, slow: bool) -> None:
        """Answer an interaction with `replies` (the service at work) when `turn` comes, acknowledging
        it meanwhile when the replies or the turn take a while; `slow` acknowledges at once."""
        answer = Answer(interaction)
        deadline = asyncio.get_running_loop().time() + (0.0 if slow else self.defer_after)
        task = asyncio.create_task(replies)
        try:
            if not slow:
                await asyncio.wait({task}, timeout=self.defer_after)
            if not task.done():
                await answer.defer(placed=not turn.ahead())
            answers = await task
        finally:
            if not task.done():
                task.cancel()
        await answer.wait_for(turn, deadline)
        if answer.expired:  # too late: the service's work was done, the channel hears its public replies
            await self._post_in_channel(interaction, answers)
            return
        channel_id, by = str(interaction.channel_id), str(interaction.user.id)
        for index, reply in enumerate(answers):
            target = self.elsewhere(reply, channel_id)
            if target is None and reply.thread is not None:  # a new game's thread: from the challenge
                target = self.client.get_partial_messageable(int(channel_id))
            if target is not None:
                starter = interaction.message.id if interaction.message is not None else None
                await self.post(target, reply, by=by, starter=starter)
                continue
            try:
                sent = await live.edit(self.client, channel_id, reply)
                if sent is None and reply.live is not None and not reply.live.anew:
                    continue
                if sent is None:
                    for parts in message_parts(reply, self.own_id):
                        sent = await answer.send(send_arguments(parts), private=reply.private)
                self.report(reply, channel_id, sent, interaction.guild_id, by)
                await live.kept(self.client, channel_id, reply, sent)
            except discord.HTTPException as error:
                # Expired (10062 Unknown interaction) or otherwise refused: the channel still hears it.
                log.warning("answering interaction %s failed (%s); posting the replies in the channel",
                            interaction.id, error)
                await self._post_in_channel(interaction, answers[index:])
                return
        await answer.finish()

    async def _post_in_channel(self, interaction: discord.Interaction[Any], replies: list[Reply]) -> None:
        """Post the public replies of an expired interaction as channel messages (private ones can
        only be shown through the interaction, so they are dropped)."""
        here = str(interaction.channel_id)
        for reply in replies:
            if not reply.private:
                channel = self.elsewhere(reply, here) or self.client.get_partial_messageable(int(here))
                await self.post(channel, reply, locale=interaction.locale.value, by=str(interaction.user.id))


def _channel_id(channel: discord.abc.Messageable) -> str:
    return str(getattr(channel, "id", "?"))


class Answer:
    """One interaction's answer as it goes: acknowledged yet, "thinking..." shown, too late."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.acknowledged = False  # Discord has our response (even one whose answer was lost)
        self.thinking = False  # the response is a public "thinking..." message that the answer replaces
        self.placed = True  # that message stands where the answer belongs in the channel
        self.expired = False  # too late to acknowledge: the channel hears the replies instead

    @property
    def command(self) -> bool:
        return self.interaction.type is discord.InteractionType.application_command

    async def defer(self, *, placed: bool) -> None:
        """Acknowledge now: "thinking..." for a command (`placed`: nothing earlier is still to be posted
        in the channel, so that message stands in the answer's place), silently for the rest."""
        try:
            await self.interaction.response.defer(thinking=self.command)
        except discord.HTTPException as error:
            if error.code != ALREADY_ACKNOWLEDGED:  # too late (Discord allows 3 s)
                log.warning("interaction %s expired before it was acknowledged", self.interaction.id)
                self.expired = True
                return
        self.acknowledged, self.thinking, self.placed = True, self.command, placed

    async def wait_for(self, turn: Turn, deadline: float) -> None:
        """Wait for the turn; acknowledge at `deadline` (loop time) if it has not come by then."""
        coming = asyncio.ensure_future(turn.come())
        try:
            if not self.acknowledged and not self.expired:
                timeout = max(deadline - asyncio.get_running_loop().time(), 0.0)
                if not (await asyncio.wait({coming}, timeout=timeout))[0]:
                    await self.defer(placed=False)
            await coming
        finally:
            coming.cancel()

    async def send(self, kwargs: dict[str, Any], *, private: bool) -> int | None:
        """Send one message: the response, or a followup after it; its id (None: not known).

        After a "thinking" deferral, a public answer replaces the thinking message where it stands in
        its place; otherwise (a private answer, or a thinking message above replies posted since) that
        message is deleted and the answer follows up (as ephemeral when private).
        """
        interaction = self.interaction
        sent: int | None = None
        if not self.acknowledged:
            try:
                sent = (await interaction.response.send_message(ephemeral=private, **kwargs)).message_id
            except discord.HTTPException as error:
                if error.code != ALREADY_ACKNOWLEDGED:
                    raise
                # Discord took an earlier try whose answer was lost (a 500): it is made, not made twice.
                log.info("interaction %s: Discord had taken the response already", interaction.id)
            self.acknowledged = True
        elif self.thinking and self.placed and not private:
            if "file" in kwargs:
                kwargs["attachments"] = [kwargs.pop("file")]
            sent = (await interaction.edit_original_response(**kwargs)).id
        else:
            if self.thinking:
                await interaction.delete_original_response()
            sent = (await interaction.followup.send(ephemeral=private, wait=True, **kwargs)).id
        self.thinking = False
        return sent

    async def finish(self) -> None:
        """After the replies: no "thinking..." left, and an interaction nothing answered is acknowledged."""
        with contextlib.suppress(discord.HTTPException):  # nothing is lost if these fail
            if self.thinking:
                await self.interaction.delete_original_response()
            elif not self.acknowledged:
                if self.command:
                    await self.interaction.response.send_message(
                        ui_text(self.interaction.locale.value, "done"), ephemeral=True)
                else:
                    await self.interaction.response.defer()

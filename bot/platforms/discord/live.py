"""Live boards and game threads on Discord.

A board marked as its game's live board (`Reply.live`, `settings live on`) is edited into that message
(PATCH: the new picture as its attachment, the embed, the buttons and menus), or posted anew when there
is none or Discord refuses the edit (the message was deleted, or may not be edited); the message the
board is then is kept (`Live.kept`), and after a bump the one it replaces is deleted.

The first board of a game that asks for a thread (`Reply.thread`, `settings threads on`) makes one: from
the challenge message when the game was accepted by a press on it, else in the channel; the board and
everything after it go there. Without the Create Public Threads permission the channel is told so (in
`NewThread.missing`) and the game stays in the channel.
"""

from __future__ import annotations

import logging
from typing import Any, Final, Literal

import aiohttp
import discord

from bot.chat.events import Reply
from bot.platforms.discord.messages import message_parts

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013
MISSING_ACCESS = 50001
PUBLIC_THREAD: Final[Literal[11]] = 11
ARCHIVE_AFTER: Final[Literal[10080]] = 10080  # minutes without a message before a thread is archived
FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


async def edit(client: discord.Client, channel_id: str, reply: Reply) -> int | None:
    """Edit a live board into its message; the message's id, or None to post the board anew (no message
    to edit, or Discord refused: deleted, not the bot's, no longer allowed)."""
    live = reply.live
    if live is None or live.edit is None or not live.edit.isdecimal() or not channel_id.isdecimal():
        return None
    parts = message_parts(reply, client.user.id if client.user else None)
    if len(parts) != 1:
        return None
    part = parts[0]
    message = client.get_partial_messageable(int(channel_id)).get_partial_message(int(live.edit))
    changes: dict[str, Any] = {"content": part.content, "embed": part.embed, "view": part.view,
                               "attachments": [part.file] if part.file is not None else []}
    try:
        edited = await message.edit(**changes)
    except FAILURES as error:
        log.info("could not edit live board %s in channel %s (%r); posting it anew", live.edit, channel_id,
                 error)
        return None
    return edited.id


async def kept(client: discord.Client, channel_id: str, reply: Reply, message_id: int | None) -> None:
    """After a live board went out as `message_id`: keep it as the game's live board, and delete the one a
    bump replaced."""
    live = reply.live
    if live is None or message_id is None:
        return
    await live.kept(str(message_id))
    if live.replaces is None or live.replaces == str(message_id) or not live.replaces.isdecimal():
        return
    old = client.get_partial_messageable(int(channel_id)).get_partial_message(int(live.replaces))
    try:
        await old.delete()
    except FAILURES as error:
        log.info("could not delete the old live board %s in channel %s: %r", live.replaces, channel_id, error)


async def open_thread(client: discord.Client, channel_id: str, reply: Reply,
                      starter: int | None = None) -> discord.PartialMessageable | None:
    """Make the thread a new game's first board asks for (from message `starter` when given), tell the
    service, and return it; None when the board stays in the channel (after telling the channel when the
    permission is missing)."""
    wanted = reply.thread
    if wanted is None or not channel_id.isdecimal():
        return None
    try:
        if starter is not None:
            made = await client.http.start_thread_with_message(
                int(channel_id), starter, name=wanted.name, auto_archive_duration=ARCHIVE_AFTER)
        else:
            made = await client.http.start_thread_without_message(
                int(channel_id), name=wanted.name, auto_archive_duration=ARCHIVE_AFTER, type=PUBLIC_THREAD)
    except discord.Forbidden as error:
        log.warning("may not make a thread in channel %s: %r", channel_id, error)
        if error.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
            await _say(client, channel_id, wanted.missing)
        return None
    except FAILURES as error:
        log.warning("could not make a thread in channel %s: %r", channel_id, error)
        return None
    thread_id = str(made["id"])
    await wanted.made(thread_id)
    return client.get_partial_messageable(int(thread_id))


async def _say(client: discord.Client, channel_id: str, text: str) -> None:
    try:
        await client.get_partial_messageable(int(channel_id)).send(content=text)
    except FAILURES as error:
        log.warning("telling channel %s that threads may not be made failed: %r", channel_id, error)

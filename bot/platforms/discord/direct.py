"""Direct messages on Discord: a notice addressed to a person (`Notice.to_user`, a turn ping) goes to their
DM channel with the bot, which Discord opens (or finds) through POST /users/@me/channels. Discord refuses
the message with 50007 when the person takes no direct messages from the bot (closed for the members of
the server they share, or for everyone): that is `Unreachable`."""

from __future__ import annotations

import discord

from bot.chat.events import Notice, Unreachable
from bot.platforms.discord.messages import message_parts
from bot.platforms.discord.replies import send_arguments

CANNOT_MESSAGE = 50007
"""Discord's code for "Cannot send messages to this user"."""


async def send_direct(client: discord.Client, notice: Notice) -> None:
    """Send the notice's reply to its person's DMs; `Unreachable` when Discord will not deliver it."""
    assert notice.to_user is not None
    own = client.user.id if client.user else None
    try:
        channel = await client.create_dm(discord.Object(int(notice.to_user)))
        for parts in message_parts(notice.reply, own):
            await channel.send(**send_arguments(parts))
    except discord.Forbidden as error:
        if error.code == CANNOT_MESSAGE:
            raise Unreachable(notice.to_user) from error
        raise

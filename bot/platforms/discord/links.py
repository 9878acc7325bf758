"""Where a message of the bot's is on Discord, for the turn pings: its jump link, which opens it in the
app (a server's channel or thread, or a DM)."""

from __future__ import annotations

import discord


def jump_url(guild_id: int | None, channel_id: int | str, message_id: int) -> str:
    """The link to a message (`guild_id` None: in a DM).

    >>> jump_url(1, 2, 3), jump_url(None, 2, 3)
    ('https://discord.com/channels/1/2/3', 'https://discord.com/channels/@me/2/3')
    """
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def guild_of(client: discord.Client, channel_id: str) -> int | None:
    """The server of a channel or thread the client knows (None: a DM, or not known)."""
    if not channel_id.isdecimal():
        return None
    guild = getattr(client.get_channel(int(channel_id)), "guild", None)
    return guild.id if isinstance(guild, discord.Guild) else None

"""Turn pings: a person's choice to hear privately when it is their turn, and the boards that give turns.

Values only; `bot.flows.pings` decides who is pinged, `bot.chat.pinging` sends the messages.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NotifyChoice:
    """A person's turn pings (`notify on|off`): on or off, the language they chose them in, and whether
    they have been told that private messages from the bot do not reach them (said once)."""

    on: bool
    language: str | None = None
    told: bool = False


@dataclass(frozen=True)
class Place:
    """Where a board was posted: a link to its message where the platform gives one, else the chat's
    name where it has one (neither: nothing to say)."""

    link: str | None = None
    chat: str | None = None


@dataclass(frozen=True)
class BoardPosted:
    """A board an adapter posted in a channel, showing game `game_id` after `ply` moves. `by` is the user
    whose command or press it answers (None: the bot posted it on its own); `private_chat`: the channel
    is a private chat with the bot (its player needs no private message besides)."""

    platform: str
    channel_id: str
    game_id: int
    ply: int
    place: Place = Place()
    by: str | None = None
    private_chat: bool = False

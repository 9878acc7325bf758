"""The neutral language between the game service and the chat adapters.

Adapters turn a platform's message, slash command or button press into an `Event`, hand it to the
service (through `bot.platforms.base.answer`), and turn each `Reply` that comes back into a platform
message. Nothing here knows Discord or Telegram. The reply types live with the presentation layer that
builds them and are re-exported here for the adapters.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.domain.model import Person
from bot.domain.pings import BoardPosted, Place
from bot.presentation.messages import Attachment, Button, ButtonStyle, Notice, Reply, Sender, Unreachable

__all__ = ["Attachment", "BoardPosted", "Button", "ButtonStyle", "Event", "Notice", "Person", "Place",
           "Reply", "Sender", "Service", "TypedReach", "Unreachable"]

TypedReach = bool | Callable[[str], bool]
"""Whether typed messages reach the bot on a platform: for all its chats, or per channel id."""


@dataclass(frozen=True)
class Event:
    """One thing a user did: a plain message, a command, or a button press.

    - `command` is None for a plain message (the service decides whether `text` is a move, a command
      written as text, or ordinary chat to ignore). For a structured command (a Discord slash command,
      a Telegram `/command`) it is the command name (`"challenge"`, `"move"`, ...) and `args` holds its
      words in order; `text` then holds the raw text, if any.
    - `button` is the id of a pressed button (see `Button.id`); `command` is then unused, and so is
      `text`, except for a choice from a menu of moves (`Picker.choose`), where it is the move or square.
    - `mentions` are users the message names (a Discord user option, a Telegram text mention).
    - `replied_to` is the author of the message this one replies to (a person, never the bot).
    - `locale` is the user's language as the platform gives it (`"fi"`, `"en-US"`), or None.
    - `addressed` is True when the message is clearly meant for the bot (a DM, a reply to the bot's
      message, a mention of the bot); the service may then answer chat it would otherwise ignore.
    - `may_manage` asks the platform whether the user may manage this channel (change its settings:
      Discord's Manage Server or Manage Channels, a Telegram group's administrators). None where there
      is no one else to ask about: a private chat, the console.
    - `reads_typed` is False where the platform does not pass the bot ordinary messages (a Discord
      server without the message content intent, a Telegram group in privacy mode): help then
      points to the buttons and commands instead of typed moves.
    - `only_replied` is True when a group message is addressed only by replying to the bot's message
      (no mention, not a DM): people chat that way ("great game!"), so anything but a move, a command
      or a question the rules answer is ignored rather than called not understood.
    - `on_behalf_of_chat` is True for a message posted in the name of a chat rather than by a person (a
      user posting as a Telegram channel, an anonymous group administrator): `user` then stands for
      that chat, which is no player, so only what needs none is answered (see `bot.chat.reading`).
    - `edits_buttons` is True for a button press whose message's buttons the platform can replace (a
      Telegram inline keyboard): the Move button then opens the tap-to-move picker in their place.
    """

    platform: str
    channel_id: str
    user: Person
    text: str = ""
    command: str | None = None
    args: tuple[str, ...] = ()
    button: str | None = None
    mentions: tuple[Person, ...] = ()
    locale: str | None = None
    addressed: bool = False
    is_private_chat: bool = False
    replied_to: Person | None = None
    only_replied: bool = False
    reads_typed: bool = True
    on_behalf_of_chat: bool = False
    edits_buttons: bool = False
    may_manage: Callable[[], Awaitable[bool]] | None = field(default=None, compare=False, repr=False)


class Service(Protocol):
    """What an adapter needs from the game service (`bot.chat.service.GameService` implements it)."""

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event. Never raises for user input: refusals come back as replies."""
        ...

    def add_sender(self, platform: str, sender: Sender, *, reads_typed: TypedReach = True) -> None:
        """Register how notices for `platform` are posted; `reads_typed` is False (or False for the
        channel id given) when typed messages may not reach the bot there (as `Event.reads_typed`), so
        notices point to the buttons and commands."""
        ...

    def board_posted(self, posted: BoardPosted) -> None:
        """An adapter posted a board (a reply of kind BOARD with its game and ply) in a channel: the turn
        ping it gives follows in the background (`bot.flows.pings`)."""
        ...

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        """Legal moves (canonical text) of the user's game in that channel, for autocomplete."""
        ...

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        """(topic id, title in the locale's language) for every rules topic."""
        ...

    async def channel_language(self, platform: str, channel_id: str, locale: str | None = None) -> str:
        """The language replies take in that channel (`locale`: the user's client language, if known)."""
        ...

    async def move_channel(self, platform: str, old: str, new: str) -> None:
        """The channel `old` has the id `new` from now on (a Telegram group became a supergroup)."""
        ...

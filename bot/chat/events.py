"""The neutral language between the game service and the chat adapters.

Adapters turn a platform's message, slash command or button press into an `Event`, hand it to
`GameService.handle`, and turn each `Reply` that comes back into a platform message. Nothing here knows
Discord or Telegram.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Person:
    """A chat user as the platform names them: a stable id and a display name."""

    user_id: str
    name: str


@dataclass(frozen=True)
class Event:
    """One thing a user did: a plain message, a command, or a button press.

    - `command` is None for a plain message (the service decides whether `text` is a move, a command
      written as text, or ordinary chat to ignore). For a structured command (a Discord slash command,
      a Telegram `/command`) it is the command name (`"challenge"`, `"move"`, ...) and `args` holds its
      words in order; `text` then holds the raw text, if any.
    - `button` is the id of a pressed button (see `Button.id`); `text` and `command` are then unused.
    - `mentions` are users the message names (a Discord user option, a Telegram text mention).
    - `locale` is the user's language as the platform gives it (`"fi"`, `"en-US"`), or None.
    - `addressed` is True when the message is clearly meant for the bot (a DM, a reply to the bot's
      message, a mention of the bot); the service may then answer chat it would otherwise ignore.
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


@dataclass(frozen=True)
class Button:
    """A button under a reply. `id` is short (at most 64 bytes), stable and self-contained: it names the
    action and the game or challenge (for example `"acc:17"`), so it keeps working after a restart."""

    id: str
    label: str
    style: ButtonStyle = "secondary"


@dataclass(frozen=True)
class Attachment:
    """A picture to send with a reply: PNG board or GIF replay."""

    data: bytes
    filename: str  # "board.png" or "game.gif"; the suffix tells the kind

    @property
    def is_animation(self) -> bool:
        return self.filename.endswith(".gif")


@dataclass(frozen=True)
class Reply:
    """One message from the bot.

    - `private`: meant only for the user who caused it (Discord: ephemeral; Telegram: a callback alert
      where there is one, otherwise a normal message that quotes the user).
    - `channel_id`: where to send it when it is not an answer to the current event (a notification sent
      through the service's sender); None means "the channel of the event".
    - `title` and `fields` are the structured summary adapters may show as an embed or caption:
      players, turn, last move, result. `text` always carries the full message on its own.
    - `mentions`: users the message concerns (the player to move, the challenged user); adapters may
      ping them.
    """

    text: str
    attachment: Attachment | None = None
    buttons: tuple[Button, ...] = ()
    private: bool = False
    channel_id: str | None = None
    title: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    mentions: tuple[Person, ...] = ()
    kind: str = "info"  # "board", "error", "info", "challenge", "draw_offer", "rules", "help", ...
    game_id: int | None = None


@dataclass(frozen=True)
class Notice:
    """A reply the service sends on its own (the bot's move after thinking, a reminder, an expiry)."""

    platform: str
    channel_id: str
    reply: Reply = field(default_factory=lambda: Reply(text=""))


Sender = Callable[[Notice], Awaitable[None]]
"""An adapter's way of posting a `Notice` to its platform; registered with the service."""


class Service(Protocol):
    """What an adapter needs from the game service (`bot.service.GameService` implements it)."""

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event. Never raises for user input: refusals come back as replies."""
        ...

    def add_sender(self, platform: str, sender: Sender) -> None:
        """Register how notices for `platform` are posted."""
        ...

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        """Legal moves (canonical text) of the user's game in that channel, for autocomplete."""
        ...

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        """(topic id, title in the locale's language) for every rules topic."""
        ...

"""What the bot says: replies, buttons, pictures and notices, in no platform's terms.

The presentation layer builds these; the adapters turn each into a platform message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Person:
    """A chat user as the platform names them: a stable id, a display name, the platform's username if
    it has one (Telegram @username, Discord user name; lowercase, no @), and whether the account is a
    bot (which can never accept a challenge)."""

    user_id: str
    name: str
    handle: str | None = field(default=None, compare=False)
    is_bot: bool = False


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

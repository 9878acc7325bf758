"""One event, cleaned, with the language to answer in: what every handler is given besides the command
and the dependencies it names."""

from __future__ import annotations

from dataclasses import dataclass

from bot.chat.events import Event, Person
from bot.domain.model import Orientation, Player
from bot.flows.desk import Asker
from bot.presentation import catalogue
from bot.presentation.game_text import Facing


@dataclass(frozen=True)
class Ctx:
    event: Event
    lang: str
    platform: str
    channel: str
    user: Person
    variant: str  # the channel's rules (its setting, else the configured default), read with `lang`
    lang_chosen: bool = True  # `lang` is the channel's or the user's own, not just the configured default
    board: Orientation = Orientation.TURN  # how the channel's boards face (its setting)

    @property
    def facing(self) -> Facing:
        """Which way this reader's boards face: the channel's setting, and in a private chat their own
        side."""
        return Facing(self.board, self.user.user_id if self.event.is_private_chat else None)

    @property
    def player(self) -> Player:
        return Player(self.user.user_id, self.user.name)

    @property
    def asker(self) -> Asker:
        return Asker(self.platform, self.channel, self.user.user_id)

    def say(self, key: str, **values: object) -> str:
        return catalogue.say(self.lang, key, **values)

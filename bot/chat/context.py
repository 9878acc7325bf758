"""One event, cleaned, with the language to answer in and the service that answers it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.chat.events import Event, Person, Reply
from bot.domain.model import Player
from bot.domain.transitions import Refusal
from bot.presentation import catalogue

if TYPE_CHECKING:
    from bot.chat.service import GameService


@dataclass(frozen=True)
class Ctx:
    event: Event
    lang: str
    platform: str
    channel: str
    user: Person
    service: GameService
    variant: str  # the channel's rules (its setting, else the configured default), read with `lang`

    @property
    def player(self) -> Player:
        return Player(self.user.user_id, self.user.name)

    def say(self, key: str, **values: object) -> str:
        return catalogue.say(self.lang, key, **values)

    def refuse(self, key: str, **values: object) -> list[Reply]:
        return [self.service.presenter.refusal(self.lang, Refusal(key, **values))]

"""What the bot says on its own, as values: flows hand them to an `Announce` callback that the chat
layer turns into messages for the channel."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.domain.model import Challenge, Damaged, Game
from bot.domain.transitions import Moved
from bot.flows.daily_news import DailyNews
from bot.flows.tournament_news import TournamentNews
from engine import Board


@dataclass(frozen=True)
class BotThinking:
    game: Game


@dataclass(frozen=True)
class BotMoved:
    moved: Moved
    board: Board


@dataclass(frozen=True)
class BotDrew:
    """The built-in opponent accepted a standing draw offer or claimed a draw."""

    game: Game
    board: Board


@dataclass(frozen=True)
class BotFailed:
    game: Game
    tries: int = 0  # a queued search given up after this many tries (0: it failed here)


@dataclass(frozen=True)
class ChallengeExpired:
    challenge: Challenge


@dataclass(frozen=True)
class Reminder:
    game: Game
    hours_left: float


@dataclass(frozen=True)
class AbandonAvailable:
    game: Game
    hours: float


@dataclass(frozen=True)
class GameSetAside:
    """A game that cannot be read back was set aside (`bot.flows.aside`): said in its channel."""

    damaged: Damaged


Announcement = (BotThinking | BotMoved | BotDrew | BotFailed | ChallengeExpired | Reminder | AbandonAvailable
                | GameSetAside | TournamentNews | DailyNews)
Announce = Callable[[Announcement], Awaitable[None]]

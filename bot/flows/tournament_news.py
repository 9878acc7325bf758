"""What a tournament's director says on its own, as values (part of `bot.flows.announce.Announcement`): a
round paired, each of its games started, a player reminded to move, a game lost on time, the end."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.ballots import Ballot
from bot.domain.model import Game, RatingChange
from bot.domain.tournaments import Line, Pairing, Tournament
from engine import Board


@dataclass(frozen=True)
class Paired:
    """A round just stored: the tournament after it, the round's number, its ballot (English), its games
    (started at once) and its boards."""

    tournament: Tournament
    number: int
    ballot: Ballot | None
    games: tuple[Game, ...]
    boards: tuple[Pairing, ...]


@dataclass(frozen=True)
class RoundPaired:
    paired: Paired


@dataclass(frozen=True)
class RoundGame:
    """A game of a round just paired, with its board (posted after the round's pairings)."""

    tournament: Tournament
    game: Game
    board: Board


@dataclass(frozen=True)
class MoveDue:
    """The player to move in a tournament game has `seconds_left` before the game is lost on time."""

    game: Game
    seconds_left: float


@dataclass(frozen=True)
class LostOnTime:
    game: Game
    board: Board
    days: int
    ratings: tuple[RatingChange, ...] = ()


@dataclass(frozen=True)
class TournamentEnded:
    tournament: Tournament
    lines: tuple[Line, ...]


TournamentNews = RoundPaired | RoundGame | MoveDue | LostOnTime | TournamentEnded


def news_where(news: TournamentNews) -> tuple[str, str]:
    """(platform, channel id) the news goes to."""
    if isinstance(news, RoundPaired):
        return news.paired.tournament.platform, news.paired.tournament.channel_id
    if isinstance(news, TournamentEnded):
        return news.tournament.platform, news.tournament.channel_id
    return news.game.platform, news.game.channel_id


def news_addressee(news: TournamentNews) -> str | None:
    """Whose language the news takes when the channel chose none: the player to move in a game's news,
    nobody's (the channel's) for the round and the end."""
    if isinstance(news, (RoundPaired, TournamentEnded)):
        return None
    game = news.game
    return game.player(game.turn).user_id if game.active else None

"""What the channel has on record, read for the information commands: its games and challenges, a
player's totals and ratings, a variant's leaderboard, the channel's settings."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.domain import ratings
from bot.domain.model import Challenge, ChannelSettings, Game, PlayerStats, Standing
from bot.flows.desk import Asker, Desk
from bot.storage.repository import Repository

MAX_LISTED = 5000  # rows read for a list; beyond them nobody pages
RECENT = 5  # finished games listed by `games`
LEADERS = 10  # players a leaderboard shows


@dataclass(frozen=True)
class ChannelGames:
    active: list[Game]
    pending: list[Challenge]
    finished: list[Game]


async def channel_games(desk: Desk, asker: Asker) -> ChannelGames:
    """The channel's active games, open challenges and the games that ended most recently."""
    repository = desk.repository
    platform, channel = asker.platform, asker.channel
    return ChannelGames(await repository.channel_games(platform, channel, limit=MAX_LISTED),
                        (await repository.open_challenges(platform, channel, now=desk.clock()))[:MAX_LISTED],
                        await repository.finished_games(platform, channel, limit=RECENT))


@dataclass(frozen=True)
class Record:
    totals: PlayerStats
    ratings: list[Standing]  # one per variant played rated here, as of now


def as_of(standing: Standing, now: float) -> Standing:
    """The standing with its deviation grown to `now` (a long break makes a rating unsure again)."""
    return replace(standing, deviation=ratings.deviation_at(standing.glicko, now))


async def record(repository: Repository, asker: Asker, user_id: str, now: float) -> Record:
    """A person's totals on the platform and ratings in the asker's channel, one per variant."""
    return Record(await repository.player_stats(asker.platform, user_id),
                  [as_of(found, now) for found in await repository.ratings(asker.platform, asker.channel,
                                                                           user_id)])


@dataclass(frozen=True)
class Leaders:
    """A variant's leaderboard: the best settled ratings, and how many players are left off as
    provisional."""

    variant: str
    settled: list[Standing]
    provisional: int


async def leaderboard(repository: Repository, asker: Asker, variant: str, now: float) -> Leaders:
    """The channel's `LEADERS` best settled ratings in `variant`, as of now."""
    found = [as_of(standing, now) for standing in await repository.leaderboard(
        asker.platform, asker.channel, variant, limit=MAX_LISTED)]
    settled = [standing for standing in found if not ratings.provisional(standing.deviation)]
    return Leaders(variant, settled[:LEADERS], len(found) - len(settled))


async def settings(repository: Repository, platform: str, channel: str) -> ChannelSettings:
    """The channel's settings, read from the database every time (one primary-key lookup), so a change
    made through any process sharing the database holds at once in all of them."""
    return await repository.channel_settings(platform, channel)


async def change_settings(repository: Repository, asker: Asker, changes: ChannelSettings) -> ChannelSettings:
    """Store the settings given (a None field keeps the stored one); the settings now."""
    await repository.set_channel_settings(asker.platform, asker.channel, changes)
    return await repository.channel_settings(asker.platform, asker.channel)


async def hints_used(repository: Repository, game: Game) -> int:
    """Positions of a game against the bot in which a hint was shown (none between people)."""
    return await repository.hints_used(game.id) if game.against_bot else 0


async def rules_variant(repository: Repository, asker: Asker, default: str) -> str:
    """The rules a question is about when it names none: the asker's game here, else `default`."""
    game = await repository.active_game_for(asker.platform, asker.channel, asker.user_id)
    return game.variant if game is not None else default

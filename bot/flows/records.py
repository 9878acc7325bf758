"""What the channel has on record, read for the information commands: its games and challenges, a
player's totals and rating, the leaderboard, the channel's settings."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.model import Challenge, ChannelSettings, Game, PlayerStats, Standing
from bot.flows.desk import Asker, Desk
from bot.storage.repository import Repository

MAX_LISTED = 5000  # rows read for a list; beyond them nobody pages
RECENT = 5  # finished games listed by `games`


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
    rating: Standing | None


async def record(repository: Repository, asker: Asker, user_id: str) -> Record:
    """A person's totals on the platform and rating in the asker's channel."""
    return Record(await repository.player_stats(asker.platform, user_id),
                  await repository.rating(asker.platform, asker.channel, user_id))


async def leaderboard(repository: Repository, asker: Asker) -> list[Standing]:
    return await repository.leaderboard(asker.platform, asker.channel)


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

"""The repository interface: games, challenges, ratings, channel settings and known people.

Every write is committed before the method returns, so a reply sent after it never announces something
a restart could lose. A game row carries a version: `update_game` writes only if the version is still
the one the change was computed from, so of two racing changes exactly one applies.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Protocol

from bot.domain.glicko import Rating
from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ChannelSettings,
    Damaged,
    Game,
    NewChallenge,
    NewGame,
    PlayerStats,
    Saved,
    Standing,
)


class StorageError(RuntimeError):
    """The database cannot be used (newer schema, closed connection)."""


class WriteRefused(StorageError):
    """A write the database cannot take: it is read-only (`reason` "read_only") or its file was deleted
    or replaced while the bot runs ("gone"). Nothing was written."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class Unavailable(StorageError):
    """The database did not answer in time: it is down, out of space or failing (`reason` "down"), or a
    lock another session holds kept it waiting past the bound (`reason` "busy"). Nothing was written,
    unless `unsure`: the connection was lost while a write was under way, which may have been kept."""

    def __init__(self, reason: str, message: str, *, unsure: bool = False) -> None:
        super().__init__(message)
        self.reason = reason
        self.unsure = unsure


class Unreadable(StorageError):
    """A stored game that cannot be read back as a game (or was set aside for that): `damaged` says
    where it is, who plays it and what is wrong."""

    def __init__(self, damaged: Damaged) -> None:
        super().__init__(f"game {damaged.id} cannot be read: its {damaged.damage} ({damaged.detail})")
        self.damaged = damaged


@dataclass(frozen=True)
class Known:
    """A person the storage knows under a name or a platform username: their id, the name to show,
    and the key the name was stored under (exact, casefolded)."""

    user_id: str
    name: str
    key: str


class Busy(Exception):
    """A player already has an active game in the channel (carries that player's id)."""

    def __init__(self, user_id: str) -> None:
        super().__init__(user_id)
        self.user_id = user_id


class Pending(Exception):
    """The challenger already has an open challenge in the channel (carries its id)."""

    def __init__(self, challenge_id: int) -> None:
        super().__init__(challenge_id)
        self.challenge_id = challenge_id


class RatingRule(Protocol):
    """How ratings change when a rated game finishes (the storage applies it in the same transaction):
    a newcomer's rating, and a player's new one after scoring `score` (1, 0.5, 0) against `opponent`
    (both as they were before the game) in a game that ended at `at`."""

    initial: Rating

    def update(self, player: Rating, opponent: Rating, score: float, at: float) -> Rating: ...


class Repository(Protocol):
    """What the flows need from storage. `SqliteRepository` and `PostgresRepository` implement it."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        """Hold background work named `work` (such as "sweep") while the block runs: True if this task
        has it, False if another task or process holds it. A dead process's claims end with it."""
        ...

    # games
    async def get_game(self, game_id: int) -> Game | None: ...

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None: ...

    async def last_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None: ...

    async def channel_games(self, platform: str, channel_id: str, *, limit: int = 25) -> list[Game]: ...

    async def finished_games(self, platform: str, channel_id: str, *, limit: int = 5) -> list[Game]:
        """The channel's games that ended most recently, newest first."""
        ...

    async def active_games(self) -> list[Game]: ...

    async def stale_games(self, before: float) -> list[Game]: ...

    async def create_game(self, new: NewGame) -> Game:
        """Start a game; raises `Busy` if a seated player already has an active game in the channel."""
        ...

    async def update_game(self, game: Game, *, expected_version: int) -> Saved | None:
        """Write the game if its stored version is still `expected_version`; None if it changed. A write
        that ends a rated game updates both ratings in the same transaction, and the `Saved` carries
        their values before and after (White's first; empty for any other write)."""
        ...

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool: ...

    # games that cannot be read (reading one raises `Unreadable`; lists leave them out)
    async def unreadable_games(self) -> list[Damaged]:
        """The active games, not set aside yet, whose stored row cannot be read back."""
        ...

    async def set_aside(self, damaged: Damaged) -> bool:
        """Take a game that cannot be read out of play for good: no list shows it, its seats are freed;
        False if it was set aside already."""
        ...

    async def set_aside_games(self, platform: str, channel_id: str) -> list[Damaged]:
        """The channel's games that were set aside, oldest first (at most 50)."""
        ...

    async def end_set_aside(self, game_id: int, now: float) -> bool:
        """Close a set-aside game that was being played: finished, with no result, unrated; False if it is
        not a set-aside game in play."""
        ...

    # challenges
    async def create_challenge(self, new: NewChallenge) -> Challenge:
        """Post a challenge; raises `Pending` if the challenger has an open one in the channel."""
        ...

    async def get_challenge(self, challenge_id: int) -> Challenge | None: ...

    async def open_challenges(self, platform: str, channel_id: str, *, now: float) -> list[Challenge]: ...

    async def expired_challenges(self, now: float) -> list[Challenge]: ...

    async def close_challenge(self, challenge_id: int, status: ChallengeStatus) -> bool: ...

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> Game | None:
        """Turn an open challenge into a game at once; None if it is no longer open; may raise `Busy`."""
        ...

    # ratings (per person, channel and variant) and statistics
    async def rating(self, platform: str, channel_id: str, user_id: str, variant: str) -> Standing | None: ...

    async def ratings(self, platform: str, channel_id: str, user_id: str) -> list[Standing]:
        """The user's ratings in the channel, one per variant played rated, the most played first."""
        ...

    async def leaderboard(self, platform: str, channel_id: str, variant: str, *,
                          limit: int = 10) -> list[Standing]:
        """The variant's ratings in the channel, the highest first (then more games, then names)."""
        ...

    async def player_stats(self, platform: str, user_id: str) -> PlayerStats: ...

    # channels and people
    async def channel_settings(self, platform: str, channel_id: str) -> ChannelSettings: ...

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        """Store the settings given (a None field keeps the stored value)."""
        ...

    async def move_channel(self, platform: str, old: str, new: str) -> int:
        """A channel got a new id (a Telegram group upgraded to a supergroup): move its games, seats,
        challenges, ratings and settings there, keeping what the new id already has where both have
        something; the number of games moved."""
        ...

    async def note_name(self, platform: str, channel_id: str, user_id: str, name: str, *, exact_key: str,
                        look_key: str, now: float) -> None:
        """Record the name a user has in a channel (the keys are computed by the caller)."""
        ...

    async def note_handle(self, platform: str, handle: str, user_id: str, name: str, now: float) -> None:
        """Record a platform username (lowercase, no @) as the user's; it is no one else's from now on."""
        ...

    async def names_like(self, platform: str, channel_id: str, look_key: str, *,
                         limit: int = 5) -> list[Known]:
        """People of the channel whose name, cleaned, has this `look_key` (at most `limit`)."""
        ...

    async def by_handle(self, platform: str, handle: str) -> Known | None:
        """The user who has this platform username (lowercase, no @), if seen."""
        ...

    # reviews and hints
    async def saved_review(self, game_id: int, plies: int) -> str | None:
        """The stored review (JSON text) of the game's first `plies` moves, if any."""
        ...

    async def save_review(self, game_id: int, plies: int, data: str, now: float) -> None: ...

    async def record_hint(self, game_id: int, ply: int, user_id: str, move: str, now: float) -> None: ...

    async def hints_used(self, game_id: int) -> int: ...

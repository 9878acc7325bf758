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
    Player,
    PlayerStats,
    Saved,
    Standing,
)
from bot.domain.pings import NotifyChoice, Place
from bot.domain.tournaments import NewRound, NewTournament, Pairing, Stage, Tournament
from bot.storage.daily_records import DailyRecords
from bot.storage.mined_records import MinedRecords
from bot.storage.puzzle_records import PuzzleRecords


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


class TournamentExists(Exception):
    """The channel has an open or running tournament already (carries its id)."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(tournament_id)
        self.tournament_id = tournament_id


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


class Repository(PuzzleRecords, MinedRecords, DailyRecords, Protocol):
    """What the flows need from storage (its puzzles' part: `bot.storage.puzzle_records`).
    `SqliteRepository` and `PostgresRepository` implement it."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        """Hold background work named `work` (such as "sweep") while the block runs: True if this task
        has it, False if another task or process holds it. A dead process's claims end with it."""
        ...

    # games
    async def get_game(self, game_id: int) -> Game | None: ...

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        """The game a command of the user's in the channel means when it names none
        (`bot.domain.seats.acting_game`: of a free game and a tournament game, the one where it is the
        user's turn, else the tournament's)."""
        ...

    async def seated_games(self, platform: str, channel_id: str, user_id: str) -> list[Game]:
        """The user's active games in the channel: a free game, a tournament game (one of each at most)."""
        ...

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

    # tournaments (`bot.domain.tournaments`)
    async def create_tournament(self, new: NewTournament) -> Tournament:
        """Open a tournament; raises `TournamentExists` if the channel has one open or running."""
        ...

    async def get_tournament(self, tournament_id: int) -> Tournament | None: ...

    async def current_tournament(self, platform: str, channel_id: str) -> Tournament | None:
        """The channel's open or running tournament, else the one opened last."""
        ...

    async def running_tournaments(self) -> list[Tournament]: ...

    async def join_tournament(self, tournament_id: int, player: Player, now: float) -> bool:
        """Add a player to an open tournament (as its last seed); False if it is not open or has them."""
        ...

    async def leave_tournament(self, tournament_id: int, user_id: str, now: float) -> bool:
        """Take a player off an open tournament, or withdraw them from a running one; False if neither."""
        ...

    async def pair_round(self, new: NewRound) -> list[Game] | None:
        """Store a round whole in one transaction: the tournament's round moves on (round 1 starts it,
        with its seeds and its number of rounds), the round, its games with their seats, its boards; the
        new games come back. None, with nothing written, unless the tournament is at the round before
        with the players the round was planned for (another task or process has paired it, or a player
        has joined, left or withdrawn since)."""
        ...

    async def end_tournament(self, tournament_id: int, stage: Stage, now: float) -> bool:
        """Finish or cancel a tournament that is open or running; False if it was not."""
        ...

    async def tournament_pairings(self, tournament_id: int) -> list[Pairing]:
        """Every board of every round so far, with its game's result and whether it is over."""
        ...

    async def tournament_games(self, tournament_id: int) -> list[Game]:
        """The tournament's games, in the order they were started."""
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

    # turn pings (`notify on`)
    async def notify_choice(self, platform: str, user_id: str) -> NotifyChoice | None:
        """The person's turn pings, if they ever chose (None: off)."""
        ...

    async def set_notify(self, platform: str, user_id: str, on: bool, language: str | None,
                         now: float) -> None:
        """Turn the person's pings on or off (`language`: the one they asked in; None keeps the stored
        one); they count as not told yet that private messages do not reach them."""
        ...

    async def note_told(self, platform: str, user_id: str, told: bool, now: float) -> bool:
        """Record that the person (with pings on) was told that private messages do not reach them, or
        (`told` False) that they do again; False if that was the record already."""
        ...

    async def claim_ping(self, game_id: int, ply: int, user_id: str, place: Place, now: float) -> bool:
        """Record the ping for the game's position after `ply` moves (to `user_id`, about the board at
        `place`); False, with nothing written, if one was recorded already."""
        ...

    async def ping_place(self, game_id: int, ply: int) -> Place | None:
        """Where the board of a ping recorded for that position was, if one was."""
        ...

    # tidy channels (`settings live on`, `settings threads on`)
    async def live_board(self, platform: str, channel_id: str, game_id: int) -> str | None:
        """The message that is the game's live board in the channel, if one was kept."""
        ...

    async def keep_live_board(self, platform: str, channel_id: str, game_id: int, message_id: str,
                              now: float) -> None:
        """Keep `message_id` as the game's live board in the channel (in place of any before)."""
        ...

    async def game_thread(self, game_id: int) -> str | None:
        """The thread the game was given (its replies and notices go there), if any."""
        ...

    async def thread_game(self, platform: str, thread_id: str) -> int | None:
        """The game that was given this thread, if one was."""
        ...

    async def give_thread(self, game_id: int, platform: str, thread_id: str, now: float) -> bool:
        """Record the game's thread; False, with nothing written, if it has one already."""
        ...

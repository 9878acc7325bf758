"""A repository in memory, for fast tests of flows: the whole `Repository` protocol with the semantics of
the SQL backends (`bot/storage/sqlite.py`, `reads.py`, `rows.py`), held in dictionaries.

Every method runs to its end without waiting on anything, so each is atomic as a transaction is: of two
racing `update_game` calls from the same version exactly one applies. The ratings change through a
`RatingRule` and `rows.rating_changes`, as in the real backends. `reads` counts the calls of each
method that reads (`reads["get_game"]`), `writes` those of each method that writes, so a test can tell
how often a flow read the game row.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace
from typing import TypeVar

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
    RatingChange,
    Result,
    Saved,
    Standing,
    Status,
)
from bot.domain.seats import acting_game
from bot.storage.claims import LocalClaims
from bot.storage.repository import Busy, Known, Pending, RatingRule, StorageError, Unreadable
from bot.storage.rows import migrations, rating_changes, seat_key, turn_of_fen
from engine import Color
from tests.fakes.memory_daily import MemoryDaily
from tests.fakes.memory_live import MemoryLive
from tests.fakes.memory_mined import MemoryMined
from tests.fakes.memory_pings import MemoryPings
from tests.fakes.memory_puzzles import MemoryPuzzles
from tests.fakes.memory_tournaments import MemoryTournaments

K = TypeVar("K", bound=tuple[str, ...])
V = TypeVar("V")


@dataclass
class _Rating:
    name: str
    rating: Rating
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True)
class _Name:
    name: str
    exact_key: str
    look_key: str
    seen_at: float


@dataclass(frozen=True)
class _Handle:
    user_id: str
    name: str


class MemoryRepository(MemoryPings, MemoryPuzzles, MemoryLive, MemoryMined, MemoryDaily, MemoryTournaments):
    """The repository in dictionaries. `MemoryRepository(Glicko2())`; nothing to open, `close()` ends it."""

    def __init__(self, ratings: RatingRule) -> None:
        self._ratings = ratings
        self._closed = False
        self.claims = LocalClaims()
        self.reads: Counter[str] = Counter()
        self.writes: Counter[str] = Counter()
        self._game_ids = itertools.count(1)
        self._challenge_ids = itertools.count(1)
        self._games: dict[int, Game] = {}
        self._seats: dict[tuple[str, str, str, int], int] = {}  # (platform, channel, user, slot) -> game id
        self._challenges: dict[int, Challenge] = {}
        self._standings: dict[tuple[str, str, str, str], _Rating] = {}  # (platform, channel, user, variant)
        self._settings: dict[tuple[str, str], ChannelSettings] = {}
        self._names: dict[tuple[str, str, str], _Name] = {}
        self._handles: dict[tuple[str, str], _Handle] = {}  # (platform, handle)
        self._reviews: dict[int, tuple[int, str]] = {}  # game id -> (plies, data)
        self._hints: dict[tuple[int, int], str] = {}  # (game id, ply) -> user id
        self._aside: dict[int, Damaged] = {}  # games set aside (lists leave them out)
        MemoryTournaments.__init__(self)
        MemoryPings.__init__(self)
        MemoryPuzzles.__init__(self)
        MemoryLive.__init__(self)
        MemoryMined.__init__(self)
        MemoryDaily.__init__(self)

    async def close(self) -> None:
        """End the repository (idempotent): every later call refuses, as on a closed database."""
        self._closed = True

    def _read(self, method: str) -> None:
        self._open()
        self.reads[method] += 1

    def _write(self, method: str) -> None:
        self._open()
        self.writes[method] += 1

    def _open(self) -> None:
        if self._closed:
            raise StorageError("the storage is closed")

    async def schema_version(self) -> int:
        """The schema the SQL backends have once migrated (a memory has no other)."""
        self._read("schema_version")
        return len(migrations("sqlite"))

    def claim(self, work: str) -> AbstractAsyncContextManager[bool]:
        return self.claims.claim(work)

    # -- games -----------------------------------------------------------------------------------

    def _where(self, keep: Callable[[Game], bool]) -> list[Game]:
        return [game for game_id, game in sorted(self._games.items())
                if game_id not in self._aside and keep(game)]

    async def get_game(self, game_id: int) -> Game | None:
        self._read("get_game")
        if game_id in self._aside:
            raise Unreadable(self._aside[game_id])
        return self._games.get(game_id)

    async def active_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        self._read("active_game_for")
        return acting_game(self._seated(platform, channel_id, user_id), user_id)

    def _seated(self, platform: str, channel_id: str, user_id: str) -> list[Game]:
        return [self._games[game_id] for (p, c, user, _), game_id in sorted(self._seats.items(),
                key=lambda item: item[1]) if (p, c, user) == (platform, channel_id, user_id)]

    async def seated_games(self, platform: str, channel_id: str, user_id: str) -> list[Game]:
        self._read("seated_games")
        return self._seated(platform, channel_id, user_id)

    async def last_game_for(self, platform: str, channel_id: str, user_id: str) -> Game | None:
        self._read("last_game_for")
        theirs = self._where(lambda g: g.platform == platform and g.channel_id == channel_id
                             and user_id in (g.white.user_id, g.black.user_id))
        return theirs[-1] if theirs else None

    async def channel_games(self, platform: str, channel_id: str, *, limit: int = 25) -> list[Game]:
        """Active games in the channel, oldest first."""
        self._read("channel_games")
        return self._where(lambda g: g.platform == platform and g.channel_id == channel_id
                           and g.status is Status.ACTIVE)[:limit]

    async def finished_games(self, platform: str, channel_id: str, *, limit: int = 5) -> list[Game]:
        """The channel's games that ended most recently, newest first."""
        self._read("finished_games")
        ended = self._where(lambda g: g.platform == platform and g.channel_id == channel_id
                            and g.status is Status.FINISHED)
        # SQLite's ORDER BY finished_at DESC, id DESC: a missing time sorts last.
        ended.sort(key=lambda g: (g.finished_at is not None, g.finished_at or 0.0, g.id), reverse=True)
        return ended[:limit]

    async def active_games(self) -> list[Game]:
        self._read("active_games")
        return self._where(lambda g: g.status is Status.ACTIVE)

    async def stale_games(self, before: float) -> list[Game]:
        """Active games with no move since `before`."""
        self._read("stale_games")
        return self._where(lambda g: g.status is Status.ACTIVE and g.updated_at < before)

    def _insert_game(self, new: NewGame) -> Game:
        for user_id in new.seated:
            if seat_key(new, user_id) in self._seats:
                raise Busy(user_id)
        if new.challenge_id is not None and new.challenge_id not in self._challenges:
            raise LookupError(f"no challenge {new.challenge_id}")  # the foreign key
        game = Game(
            id=next(self._game_ids), platform=new.platform, channel_id=new.channel_id, variant=new.variant,
            white=new.white, black=new.black, start_fen=new.start_fen, fen=new.fen or new.start_fen,
            turn=turn_of_fen(new.fen or new.start_fen), moves=new.moves, created_at=new.created_at,
            updated_at=new.created_at, rated=new.rated, tournament=new.tournament, bot_level=new.bot_level,
            challenge_id=new.challenge_id, tournament_id=new.tournament_id,
        )
        self._games[game.id] = game
        for user_id in new.seated:
            self._seats[seat_key(new, user_id)] = game.id
        return game

    async def create_game(self, new: NewGame) -> Game:
        """Start a game; raises `Busy` if a seated player already has an active game in the channel."""
        self._write("create_game")
        return self._insert_game(new)

    async def update_game(self, game: Game, *, expected_version: int) -> Saved | None:
        """Write the game if unchanged since `expected_version` (and still active). A game that becomes
        finished frees its players' seats and, if rated, updates both ratings: the change is returned."""
        self._write("update_game")
        stored = self._games.get(game.id)
        if (stored is None or stored.version != expected_version or stored.status is not Status.ACTIVE
                or game.id in self._aside):
            return None
        # Only the columns an update may change (`rows.GAME_MUTABLE`); the rest stays as created.
        self._games[game.id] = replace(
            stored, status=game.status, result=game.result, ending=game.ending, fen=game.fen,
            turn=turn_of_fen(game.fen), moves=tuple(game.moves), updated_at=game.updated_at,
            finished_at=game.finished_at, rated=game.rated, strikes=game.strikes, offer=game.offer,
            offer_by=game.offer_by, reminded=game.reminded, claim_noted=game.claim_noted,
            version=expected_version + 1)
        saved = replace(game, version=expected_version + 1)
        if game.status is Status.ACTIVE:
            return Saved(saved)
        self._seats = {key: seated for key, seated in self._seats.items() if seated != game.id}
        if game.rated and game.result is not Result.ONGOING:
            return Saved(saved, self._rate(game))
        return Saved(saved)

    async def mark_reminded(self, game_id: int, stage: int, *, version: int) -> bool:
        """Record that reminder `stage` went out, unless the game has changed since (no version bump)."""
        self._write("mark_reminded")
        stored = self._games.get(game_id)
        if (stored is None or stored.version != version or stored.status is not Status.ACTIVE
                or game_id in self._aside):
            return False
        self._games[game_id] = replace(stored, reminded=stage)
        return True

    async def unreadable_games(self) -> list[Damaged]:
        """None: a memory holds only games it can read."""
        self._read("unreadable_games")
        return []

    async def set_aside(self, damaged: Damaged) -> bool:
        self._write("set_aside")
        if damaged.id in self._aside or damaged.id not in self._games:
            return False
        self._aside[damaged.id] = damaged
        self._seats = {key: seated for key, seated in self._seats.items() if seated != damaged.id}
        return True

    async def set_aside_games(self, platform: str, channel_id: str) -> list[Damaged]:
        self._read("set_aside_games")
        return [found for _, found in sorted(self._aside.items())
                if (found.platform, found.channel_id) == (platform, channel_id)][:50]

    async def end_set_aside(self, game_id: int, now: float) -> bool:
        self._write("end_set_aside")
        found, stored = self._aside.get(game_id), self._games.get(game_id)
        if found is None or stored is None or stored.status is not Status.ACTIVE:
            return False
        self._games[game_id] = replace(stored, status=Status.FINISHED, rated=False, finished_at=now)
        self._aside[game_id] = replace(found, active=False)
        return True

    def _standing(self, game: Game, color: Color) -> _Rating:
        player = game.player(color)
        key = (game.platform, game.channel_id, player.user_id, game.variant)
        if key not in self._standings:
            self._standings[key] = _Rating(player.name, self._ratings.initial)
        return self._standings[key]

    def _rate(self, game: Game) -> tuple[RatingChange, RatingChange]:
        white, black = self._standing(game, Color.WHITE), self._standing(game, Color.BLACK)
        changes = rating_changes(self._ratings, game, white.rating, black.rating)
        for color, row, change in zip((Color.WHITE, Color.BLACK), (white, black), changes, strict=True):
            score = game.result.score(color)
            row.name, row.rating, row.games = game.player(color).name, change.after, row.games + 1
            row.wins += score == 1.0
            row.losses += score == 0.0
            row.draws += score == 0.5
        return changes

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge) -> Challenge:
        """Post a challenge; raises `Pending` if the challenger has an open one in the channel."""
        self._write("create_challenge")
        mine = (new.platform, new.channel_id, new.challenger.user_id)
        for challenge in sorted(self._challenges.values(), key=lambda c: c.id):
            theirs = (challenge.platform, challenge.channel_id, challenge.challenger.user_id)
            if theirs == mine and challenge.is_open(new.created_at):
                raise Pending(challenge.id)
        if new.rematch_of is not None and new.rematch_of not in self._games:
            raise LookupError(f"no game {new.rematch_of}")  # the foreign key
        challenge = Challenge(
            id=next(self._challenge_ids), platform=new.platform, channel_id=new.channel_id,
            challenger=new.challenger, target=new.target, variant=new.variant, colour=new.colour,
            tournament=new.tournament, status=ChallengeStatus.OPEN, created_at=new.created_at,
            expires_at=new.expires_at, rematch_of=new.rematch_of,
        )
        self._challenges[challenge.id] = challenge
        return challenge

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        self._read("get_challenge")
        return self._challenges.get(challenge_id)

    async def open_challenges(self, platform: str, channel_id: str, *, now: float) -> list[Challenge]:
        """Open, unexpired challenges in the channel, newest first."""
        self._read("open_challenges")
        return sorted((c for c in self._challenges.values() if c.platform == platform
                       and c.channel_id == channel_id and c.is_open(now)), key=lambda c: c.id, reverse=True)

    async def expired_challenges(self, now: float) -> list[Challenge]:
        self._read("expired_challenges")
        return sorted((c for c in self._challenges.values()
                       if c.status is ChallengeStatus.OPEN and c.expires_at <= now), key=lambda c: c.id)

    async def close_challenge(self, challenge_id: int, status: ChallengeStatus) -> bool:
        """Move an open challenge to `status`; False if it was not open."""
        self._write("close_challenge")
        challenge = self._challenges.get(challenge_id)
        if challenge is None or challenge.status is not ChallengeStatus.OPEN:
            return False
        self._challenges[challenge_id] = replace(challenge, status=status)
        return True

    async def accept_challenge(self, challenge_id: int, new: NewGame) -> Game | None:
        """Turn an open challenge into a game at once; None if it is no longer open; may raise `Busy`
        (and then the challenge stays open)."""
        self._write("accept_challenge")
        challenge = self._challenges.get(challenge_id)
        if challenge is None or challenge.status is not ChallengeStatus.OPEN:
            return None
        game = self._insert_game(new)
        self._challenges[challenge_id] = replace(challenge, status=ChallengeStatus.ACCEPTED, game_id=game.id)
        return game

    # -- ratings and statistics ------------------------------------------------------------------

    @staticmethod
    def _as_standing(user_id: str, variant: str, row: _Rating) -> Standing:
        held = row.rating
        return Standing(user_id, row.name, variant, held.rating, held.deviation, held.volatility, held.at,
                        row.games, row.wins, row.losses, row.draws)

    async def rating(self, platform: str, channel_id: str, user_id: str, variant: str) -> Standing | None:
        self._read("rating")
        row = self._standings.get((platform, channel_id, user_id, variant))
        return None if row is None else self._as_standing(user_id, variant, row)

    async def ratings(self, platform: str, channel_id: str, user_id: str) -> list[Standing]:
        """The user's ratings in the channel, one per variant played rated, the most played first."""
        self._read("ratings")
        rows = [self._as_standing(user, v, row) for (p, c, user, v), row in self._standings.items()
                if (p, c, user) == (platform, channel_id, user_id)]
        rows.sort(key=lambda s: (-s.games, s.variant))
        return rows

    async def leaderboard(self, platform: str, channel_id: str, variant: str, *,
                          limit: int = 10) -> list[Standing]:
        """Best rating first, then more games, then names in byte order (as the SQL backends sort)."""
        self._read("leaderboard")
        rows = [self._as_standing(user, v, row) for (p, c, user, v), row in self._standings.items()
                if (p, c, v) == (platform, channel_id, variant)]
        rows.sort(key=lambda s: (-s.rating, -s.games, s.name.encode()))
        return rows[:limit]

    async def player_stats(self, platform: str, user_id: str) -> PlayerStats:
        """Totals over every game the user played on the platform (all channels, rated or not)."""
        self._read("player_stats")
        games = self._where(lambda g: g.platform == platform
                            and user_id in (g.white.user_id, g.black.user_id))

        def won(g: Game, white: Result, black: Result) -> bool:
            return (g.white.user_id == user_id and g.result is white) or (
                g.black.user_id == user_id and g.result is black)

        return PlayerStats(len(games), _count(won(g, Result.WHITE_WINS, Result.BLACK_WINS) for g in games),
                           _count(won(g, Result.BLACK_WINS, Result.WHITE_WINS) for g in games),
                           _count(g.result is Result.DRAW for g in games), _count(g.active for g in games))

    # -- channels and people ---------------------------------------------------------------------

    async def channel_settings(self, platform: str, channel_id: str) -> ChannelSettings:
        self._read("channel_settings")
        return self._settings.get((platform, channel_id), ChannelSettings())

    async def set_channel_settings(self, platform: str, channel_id: str, settings: ChannelSettings) -> None:
        """Store the settings given (a None field keeps the stored value)."""
        self._write("set_channel_settings")
        stored = self._settings.get((platform, channel_id))
        if stored is not None:
            language = stored.language if settings.language is None else settings.language
            variant = stored.variant if settings.variant is None else settings.variant
            board = stored.board if settings.board is None else settings.board
            openers = stored.tournaments if settings.tournaments is None else settings.tournaments
            live = stored.live if settings.live is None else settings.live
            threads = stored.threads if settings.threads is None else settings.threads
            settings = ChannelSettings(language, variant, board, openers, live, threads)
        self._settings[platform, channel_id] = settings

    async def move_channel(self, platform: str, old: str, new: str) -> int:
        """Move the channel's games, challenges, seats, ratings, names and settings to its new id; where
        both ids have a seat, rating, name or settings, the new id's stays. The number of games moved."""
        self._write("move_channel")
        moved = [g for g in self._games.values() if (g.platform, g.channel_id) == (platform, old)]
        for game in moved:
            self._games[game.id] = replace(game, channel_id=new)
        for challenge in list(self._challenges.values()):
            if (challenge.platform, challenge.channel_id) == (platform, old):
                self._challenges[challenge.id] = replace(challenge, channel_id=new)
        self._seats = _moved(self._seats, platform, old, new)
        self._standings = _moved(self._standings, platform, old, new)
        self._names = _moved(self._names, platform, old, new)
        self._settings = _moved(self._settings, platform, old, new)
        self._move_tournaments(platform, old, new)
        self._move_puzzles(platform, old, new)
        self._move_daily(platform, old, new)
        return len(moved)

    async def note_name(self, platform: str, channel_id: str, user_id: str, name: str, *, exact_key: str,
                        look_key: str, now: float) -> None:
        self._write("note_name")
        self._names[platform, channel_id, user_id] = _Name(name, exact_key, look_key, now)

    async def note_handle(self, platform: str, handle: str, user_id: str, name: str, now: float) -> None:
        """Record a platform username as the user's (their earlier one forgotten; no one else's now)."""
        self._write("note_handle")
        self._handles = {key: known for key, known in self._handles.items()
                         if not (key[0] == platform and known.user_id == user_id and key[1] != handle)}
        self._handles[platform, handle] = _Handle(user_id, name)

    async def names_like(self, platform: str, channel_id: str, look_key: str, *,
                         limit: int = 5) -> list[Known]:
        """People of the channel whose cleaned name has this `look_key`, the most recently seen first."""
        self._read("names_like")
        found = [(user, row) for (p, c, user), row in self._names.items()
                 if (p, c) == (platform, channel_id) and row.look_key == look_key]
        found.sort(key=lambda item: item[1].seen_at, reverse=True)
        return [Known(user, row.name, row.exact_key) for user, row in found[:limit]]

    async def by_handle(self, platform: str, handle: str) -> Known | None:
        self._read("by_handle")
        known = self._handles.get((platform, handle))
        return None if known is None else Known(known.user_id, known.name, handle)

    # -- reviews and hints -----------------------------------------------------------------------

    def _game_exists(self, game_id: int) -> None:
        if game_id not in self._games:
            raise LookupError(f"no game {game_id}")  # the foreign key

    async def saved_review(self, game_id: int, plies: int) -> str | None:
        """The stored review of the game's first `plies` moves (JSON text), if there is one."""
        self._read("saved_review")
        stored = self._reviews.get(game_id)
        return stored[1] if stored is not None and stored[0] == plies else None

    async def save_review(self, game_id: int, plies: int, data: str, now: float) -> None:
        """Store a review (JSON text), replacing the game's earlier one."""
        self._write("save_review")
        self._game_exists(game_id)
        self._reviews[game_id] = (plies, data)

    async def record_hint(self, game_id: int, ply: int, user_id: str, move: str, now: float) -> None:
        """Record that a hint was shown before move `ply` (once per position)."""
        self._write("record_hint")
        self._game_exists(game_id)
        self._hints.setdefault((game_id, ply), user_id)

    async def hints_used(self, game_id: int) -> int:
        """How many positions of the game a hint was shown in."""
        self._read("hints_used")
        return sum(1 for hinted, _ in self._hints if hinted == game_id)


def _count(flags: Iterable[bool]) -> int:
    return sum(1 for flag in flags if flag)


def _moved(rows: dict[K, V], platform: str, old: str, new: str) -> dict[K, V]:
    """`rows` (keyed by platform, channel id, ...) with the old channel's moved to the new id, except
    where the new id has a row under the same key already."""
    kept: dict[K, V] = {}
    for key, value in rows.items():
        if key[0] == platform and key[1] == old:
            renamed = (platform, new, *key[2:])
            if renamed in rows:
                continue
            key = renamed  # type: ignore[assignment]
        kept[key] = value
    return kept


__all__ = ["MemoryRepository"]

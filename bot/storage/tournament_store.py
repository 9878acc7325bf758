"""Tournaments in storage, written once for both SQL backends (migration 7 has the tables).

Reads use the backend's `_all` (as `bot.storage.reads`). Writes run in the backend's transaction through
a small `Tx` (its statements, its game insert with the seats' checks, and the lock that orders the
writers of one tournament: nothing on SQLite, whose write transaction holds the whole file; the
tournament row's lock on PostgreSQL). A round is stored whole in one transaction: the tournament's
`round` moves from the one before (the claim: of two processes pairing the same round, the second finds
it moved and writes nothing), then the round, its games with their seats and its boards; so a process
killed part way leaves the whole round or none of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.domain.model import Game, NewGame, Player, Result
from bot.domain.tournaments import (
    Entrant,
    Format,
    NewRound,
    NewTournament,
    Pairing,
    Stage,
    Terms,
    Tournament,
)
from bot.storage.reads import SqlReads
from bot.storage.repository import TournamentExists

COLUMNS = ("id", "platform", "channel_id", "organiser_id", "organiser_name", "format", "variant", "rounds",
           "double_round", "days", "status", "round", "created_at", "started_at", "finished_at")
SELECT = "SELECT " + ", ".join(COLUMNS) + " FROM tournaments"
CURRENT = "status IN ('open', 'running')"
INSERT = ("INSERT INTO tournaments (platform, channel_id, organiser_id, organiser_name, format, variant,"
          " rounds, double_round, days, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
IN_CHANNEL = f"SELECT id FROM tournaments WHERE platform = ? AND channel_id = ? AND {CURRENT}"
PLAYERS = ("SELECT user_id, name, seed, withdrawn_at FROM tournament_players WHERE tournament_id = ?"
           " ORDER BY seed, joined_at, user_id")
STATUS = "SELECT status FROM tournaments WHERE id = ?"
JOIN = ("INSERT INTO tournament_players (tournament_id, user_id, name, seed, joined_at)"
        " SELECT ?, ?, ?, COALESCE(MAX(seed), 0) + 1, ? FROM tournament_players WHERE tournament_id = ?"
        " ON CONFLICT (tournament_id, user_id) DO NOTHING")
REMOVE = "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?"
WITHDRAW = ("UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? AND user_id = ?"
            " AND withdrawn_at IS NULL")
CLAIM = ("UPDATE tournaments SET round = ?, status = 'running', started_at = COALESCE(started_at, ?),"
         " rounds = COALESCE(?, rounds) WHERE id = ? AND round = ? AND status = ?")
SEED = "UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?"
ROUND = "INSERT INTO tournament_rounds (tournament_id, number, ballot, paired_at) VALUES (?, ?, ?, ?)"
BOARD = ("INSERT INTO tournament_pairings (tournament_id, round, board, white_id, black_id, game_id, result)"
         " VALUES (?, ?, ?, ?, ?, ?, ?)")
END = "UPDATE tournaments SET status = ?, finished_at = ? WHERE id = ? AND " + CURRENT
PAIRINGS = (
    "SELECT p.round, p.board, p.white_id, p.black_id, p.game_id, COALESCE(g.result, p.result), g.status,"
    " r.ballot FROM tournament_pairings AS p JOIN tournament_rounds AS r ON r.tournament_id = p.tournament_id"
    " AND r.number = p.round LEFT JOIN games AS g ON g.id = p.game_id WHERE p.tournament_id = ?"
    " ORDER BY p.round, p.board"
)


class Tx(Protocol):
    """One write transaction of a backend, as the tournament writes use it."""

    async def run(self, sql: str, *params: Any) -> int:
        """Execute a statement (`?` placeholders); the number of rows it changed."""
        ...

    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]: ...

    async def insert(self, sql: str, *params: Any) -> int:
        """Insert one row; its new id."""
        ...

    async def insert_game(self, new: NewGame) -> int:
        """Insert a game and its seats (raises `Busy` for a seat taken)."""
        ...

    async def lock(self, key: str, tournament_id: int | None = None) -> None:
        """Order this transaction after the others that lock `key` (or the tournament's row)."""
        ...


def tournament_from(row: Sequence[Any], players: Sequence[Sequence[Any]]) -> Tournament:
    """A tournament from its row (`SELECT`) and its players' rows (`PLAYERS`)."""
    v = dict(zip(COLUMNS, tuple(row), strict=True))
    terms = Terms(Format(v["format"]), v["variant"], v["rounds"], bool(v["double_round"]), int(v["days"]))
    entrants = tuple(Entrant(user_id, name, int(seed), withdrawn is not None)
                     for user_id, name, seed, withdrawn in players)
    organiser = Player(v["organiser_id"], v["organiser_name"])
    return Tournament(int(v["id"]), v["platform"], v["channel_id"], organiser, terms, Stage(v["status"]),
                      float(v["created_at"]), int(v["round"]), _time(v["started_at"]),
                      _time(v["finished_at"]), entrants)


def _time(value: Any) -> float | None:
    return None if value is None else float(value)


def pairing_from(row: Sequence[Any]) -> Pairing:
    """A board from a `PAIRINGS` row: its game's result and state (a board without a game is decided)."""
    number, board, white, black, game_id, result, status, ballot = row
    return Pairing(int(number), int(board), white, black, None if game_id is None else int(game_id),
                   Result(result) if result else Result.ONGOING, game_id is None or status == "finished",
                   None if ballot is None else int(ballot))


class TournamentStore(SqlReads):
    """The repository's tournament methods over a backend's `_all` and `_tx`."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    # -- reads ------------------------------------------------------------------------------------

    async def _tournaments(self, where: str, params: Sequence[Any]) -> list[Tournament]:
        found = []
        for row in await self._all(f"{SELECT} WHERE {where}", params):
            found.append(tournament_from(row, await self._all(PLAYERS, (row[0],))))
        return found

    async def get_tournament(self, tournament_id: int) -> Tournament | None:
        found = await self._tournaments("id = ?", (tournament_id,))
        return found[0] if found else None

    async def current_tournament(self, platform: str, channel_id: str) -> Tournament | None:
        """The channel's open or running tournament, else the one opened last."""
        found = await self._tournaments(f"platform = ? AND channel_id = ? ORDER BY {CURRENT} DESC, id DESC"
                                        " LIMIT 1", (platform, channel_id))
        return found[0] if found else None

    async def running_tournaments(self) -> list[Tournament]:
        return await self._tournaments("status = 'running' ORDER BY id", ())

    async def tournament_pairings(self, tournament_id: int) -> list[Pairing]:
        return [pairing_from(row) for row in await self._all(PAIRINGS, (tournament_id,))]

    async def tournament_games(self, tournament_id: int) -> list[Game]:
        """The tournament's games (set-aside ones left out), in the order they were started."""
        return await self._games("tournament_id = ? ORDER BY id", (tournament_id,))

    # -- writes -----------------------------------------------------------------------------------

    async def create_tournament(self, new: NewTournament) -> Tournament:
        terms = new.terms
        async with self._tx() as tx:
            await tx.lock(f"tournament\n{new.platform}\n{new.channel_id}")
            found = await tx.rows(IN_CHANNEL, new.platform, new.channel_id)
            if found:
                raise TournamentExists(int(found[0][0]))
            organiser = new.organiser
            tournament_id = await tx.insert(INSERT, new.platform, new.channel_id, organiser.user_id,
                                            organiser.name, terms.format.value, terms.variant, terms.rounds,
                                            int(terms.double), terms.days, new.created_at)
        created = await self.get_tournament(tournament_id)
        assert created is not None
        return created

    async def _stage(self, tx: Tx, tournament_id: int) -> Stage | None:
        await tx.lock(f"tournament\n{tournament_id}", tournament_id)
        rows = await tx.rows(STATUS, tournament_id)
        return Stage(rows[0][0]) if rows else None

    async def join_tournament(self, tournament_id: int, player: Player, now: float) -> bool:
        async with self._tx() as tx:
            if await self._stage(tx, tournament_id) is not Stage.OPEN:
                return False
            return await tx.run(JOIN, tournament_id, player.user_id, player.name, now, tournament_id) == 1

    async def leave_tournament(self, tournament_id: int, user_id: str, now: float) -> bool:
        async with self._tx() as tx:
            stage = await self._stage(tx, tournament_id)
            if stage is Stage.OPEN:
                return await tx.run(REMOVE, tournament_id, user_id) == 1
            if stage is Stage.RUNNING:
                return await tx.run(WITHDRAW, now, tournament_id, user_id) == 1
            return False

    async def pair_round(self, new: NewRound) -> list[Game] | None:
        """Store round `new.number` whole: None, with nothing written, unless the tournament is at the
        round before (round 1: open) with the players the round was planned for."""
        try:
            game_ids = await self._pair_round(new)
        except _Changed:
            return None
        if game_ids is None:
            return None
        if not game_ids:
            return []
        return await self._games(f"id IN ({', '.join('?' for _ in game_ids)}) ORDER BY id", game_ids)

    async def _pair_round(self, new: NewRound) -> list[int] | None:
        game_ids: list[int] = []
        async with self._tx() as tx:
            expected = Stage.OPEN if new.number == 1 else Stage.RUNNING
            if await tx.run(CLAIM, new.number, new.paired_at, new.rounds, new.tournament_id, new.number - 1,
                            expected.value) != 1:
                return None  # paired already (or the tournament ended)
            players = await tx.rows("SELECT user_id FROM tournament_players WHERE tournament_id = ?"
                                    " AND withdrawn_at IS NULL", new.tournament_id)
            if frozenset(row[0] for row in players) != new.playing:
                raise _Changed  # someone joined, left or withdrew since the round was planned
            for entrant in new.seeds:
                await tx.run(SEED, entrant.seed, new.tournament_id, entrant.user_id)
            await tx.run(ROUND, new.tournament_id, new.number, new.ballot, new.paired_at)
            for board in new.boards:
                game_id = await tx.insert_game(board.game) if board.game is not None else None
                if game_id is not None:
                    game_ids.append(game_id)
                await tx.run(BOARD, new.tournament_id, new.number, board.board, board.white, board.black,
                             game_id, board.forfeit.value if board.forfeit else None)
        return game_ids

    async def end_tournament(self, tournament_id: int, stage: Stage, now: float) -> bool:
        """Finish or cancel a tournament that is open or running; False if it was not."""
        async with self._tx() as tx:
            return await tx.run(END, stage.value, now, tournament_id) == 1


class _Changed(Exception):
    """Raised inside `pair_round`'s transaction to roll it back."""


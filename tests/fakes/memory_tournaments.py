"""The tournament part of the in-memory repository (`MemoryRepository` inherits it), with the semantics of
`bot/storage/tournament_store.py`: one current tournament per channel, a round stored whole or not at
all, claimed by its number."""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, replace

from bot.domain.model import Game, NewGame, Player, Result, Status
from bot.domain.tournaments import Entrant, NewRound, NewTournament, Pairing, Stage, Tournament
from bot.storage.repository import TournamentExists


@dataclass(frozen=True)
class _Board:
    round: int
    board: int
    white: str
    black: str | None
    game_id: int | None
    result: Result | None


class MemoryTournaments:
    """Tournaments, their players, rounds and boards, in dictionaries."""

    _games: dict[int, Game]
    _aside: dict[int, object]
    _seats: dict[tuple[str, str, str, int], int]

    def __init__(self) -> None:
        self._tournament_ids = itertools.count(1)
        self._tournaments: dict[int, Tournament] = {}
        self._ballots: dict[tuple[int, int], int | None] = {}  # (tournament, round) -> ballot
        self._boards: dict[int, list[_Board]] = {}

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    def _insert_game(self, new: NewGame) -> Game:
        raise NotImplementedError

    def _move_tournaments(self, platform: str, old: str, new: str) -> None:
        """A channel's new id: its tournaments go there, but for a current one when the new id has one."""
        there = any((t.platform, t.channel_id) == (platform, new) and t.current
                    for t in self._tournaments.values())
        for found in list(self._tournaments.values()):
            if (found.platform, found.channel_id) == (platform, old) and not (found.current and there):
                self._tournaments[found.id] = replace(found, channel_id=new)

    async def create_tournament(self, new: NewTournament) -> Tournament:
        self._write("create_tournament")
        for found in self._tournaments.values():
            if (found.platform, found.channel_id) == (new.platform, new.channel_id) and found.current:
                raise TournamentExists(found.id)
        made = Tournament(next(self._tournament_ids), new.platform, new.channel_id, new.organiser, new.terms,
                          Stage.OPEN, new.created_at)
        self._tournaments[made.id] = made
        return made

    async def get_tournament(self, tournament_id: int) -> Tournament | None:
        self._read("get_tournament")
        return self._tournaments.get(tournament_id)

    async def current_tournament(self, platform: str, channel_id: str) -> Tournament | None:
        self._read("current_tournament")
        here = [t for t in self._tournaments.values() if (t.platform, t.channel_id) == (platform, channel_id)]
        return max(here, key=lambda t: (t.current, t.id), default=None)

    async def running_tournaments(self) -> list[Tournament]:
        self._read("running_tournaments")
        return [t for _, t in sorted(self._tournaments.items()) if t.stage is Stage.RUNNING]

    async def join_tournament(self, tournament_id: int, player: Player, now: float) -> bool:
        self._write("join_tournament")
        found = self._tournaments.get(tournament_id)
        if found is None or found.stage is not Stage.OPEN or found.entrant(player.user_id) is not None:
            return False
        seed = max((entrant.seed for entrant in found.players), default=0) + 1
        self._tournaments[tournament_id] = replace(
            found, players=(*found.players, Entrant(player.user_id, player.name, seed)))
        return True

    async def leave_tournament(self, tournament_id: int, user_id: str, now: float) -> bool:
        self._write("leave_tournament")
        found = self._tournaments.get(tournament_id)
        entrant = found.entrant(user_id) if found is not None else None
        if found is None or entrant is None:
            return False
        if found.stage is Stage.OPEN:
            players = tuple(e for e in found.players if e.user_id != user_id)
        elif found.stage is Stage.RUNNING and not entrant.withdrawn:
            players = tuple(replace(e, withdrawn=True) if e.user_id == user_id else e for e in found.players)
        else:
            return False
        self._tournaments[tournament_id] = replace(found, players=players)
        return True

    async def pair_round(self, new: NewRound) -> list[Game] | None:
        self._write("pair_round")
        found = self._tournaments.get(new.tournament_id)
        expected = Stage.OPEN if new.number == 1 else Stage.RUNNING
        if found is None or found.stage is not expected or found.round != new.number - 1:
            return None
        if frozenset(e.user_id for e in found.players if not e.withdrawn) != new.playing:
            return None
        kept = copy.copy(self._games), copy.copy(self._seats)
        games: list[Game] = []
        boards: list[_Board] = []
        try:
            for board in new.boards:
                game = self._insert_game(board.game) if board.game is not None else None
                if game is not None:
                    games.append(game)
                boards.append(_Board(new.number, board.board, board.white, board.black,
                                     game.id if game else None, board.forfeit))
        except BaseException:  # all or nothing, as the transaction
            self._games, self._seats = kept
            raise
        seeds = {e.user_id: e.seed for e in new.seeds}
        players = tuple(replace(e, seed=seeds.get(e.user_id, e.seed)) for e in found.players)
        terms = replace(found.terms, rounds=new.rounds or found.terms.rounds)
        self._tournaments[found.id] = replace(found, stage=Stage.RUNNING, round=new.number, terms=terms,
                                              started_at=found.started_at or new.paired_at, players=players)
        self._ballots[found.id, new.number] = new.ballot
        self._boards.setdefault(found.id, []).extend(boards)
        return games

    async def end_tournament(self, tournament_id: int, stage: Stage, now: float) -> bool:
        self._write("end_tournament")
        found = self._tournaments.get(tournament_id)
        if found is None or not found.current:
            return False
        self._tournaments[tournament_id] = replace(found, stage=stage, finished_at=now)
        return True

    async def tournament_pairings(self, tournament_id: int) -> list[Pairing]:
        self._read("tournament_pairings")
        found = []
        for board in sorted(self._boards.get(tournament_id, []), key=lambda b: (b.round, b.board)):
            game = self._games.get(board.game_id) if board.game_id is not None else None
            result = game.result if game is not None else board.result or Result.ONGOING
            finished = game is None or game.status is Status.FINISHED
            found.append(Pairing(board.round, board.board, board.white, board.black, board.game_id, result,
                                 finished, self._ballots.get((tournament_id, board.round))))
        return found

    async def tournament_games(self, tournament_id: int) -> list[Game]:
        self._read("tournament_games")
        return [game for game_id, game in sorted(self._games.items())
                if game.tournament_id == tournament_id and game_id not in self._aside]

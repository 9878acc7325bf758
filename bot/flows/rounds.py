"""A tournament's director: pairs the next round when the last game of a round ends (whatever ended it:
a move, a resignation, a draw, the clock), ends the tournament after its last round, and keeps the
correspondence clock of its games: the player to move is reminded a day before their time is up (half
the time, for a one-day limit), and when it is up the game is lost on time, with no claim needed.

Pairing happens in whichever task or process sees the round over first: the repository stores a round
only once (`Repository.pair_round` claims it by number), so another process that paired it meanwhile
leaves this one nothing to do, and nothing is said twice. The sweep calls `sweep` in one process at a
time; it also finishes any pairing a stopped process left undone (a round over, the next not paired).
"""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.domain import ballots, transitions
from bot.domain.ballots import Ballot
from bot.domain.model import Ending, Game, NewGame, Result
from bot.domain.pairing import round_robin_rounds
from bot.domain.tournaments import (
    DAY,
    Entrant,
    NewBoard,
    NewRound,
    Pairing,
    Planned,
    Stage,
    Tournament,
    over,
    plan,
    round_over,
    standings,
)
from bot.domain.transitions import Refusal
from bot.flows.announce import Announce
from bot.flows.desk import Desk
from bot.flows.tournament_news import LostOnTime, MoveDue, Paired, RoundGame, RoundPaired, TournamentEnded
from engine import Board

log = logging.getLogger(__name__)

TRIES = 64  # rounds paired in one go at most (byes and forfeits only), or plans of one that kept failing


def warning(limit: float) -> float:
    """How long before the time is up the player to move is reminded.

    >>> warning(3 * DAY) / DAY, warning(DAY) / DAY
    (1.0, 0.5)
    """
    return min(DAY, limit / 2)


class Director:
    """Pairs rounds, ends tournaments and keeps their games' clocks, at one desk."""

    def __init__(self, desk: Desk, announce: Announce) -> None:
        self.desk = desk
        self.announce = announce
        desk.listen(self._saw)

    def _saw(self, game: Game) -> None:
        if game.tournament_id is not None and not game.active:
            self.desk.spawn(self.advance(game.tournament_id))

    async def advance(self, tournament_id: int) -> None:
        """When the current round is over: the next round paired and announced, or the tournament ended
        with its final standings. A round whose boards are all decided already (byes and forfeits) is
        followed by the next at once."""
        repository = self.desk.repository
        for _ in range(TRIES):
            tournament = await repository.get_tournament(tournament_id)
            if tournament is None or tournament.stage is not Stage.RUNNING:
                return
            pairings = await repository.tournament_pairings(tournament_id)
            if not round_over(pairings, tournament.round):
                return
            if over(tournament, pairings):
                await self._finish(tournament, pairings)
                return
            paired = await self.pair(tournament, pairings, tournament.round + 1)
            if paired is None:
                continue  # another process paired it (its round is not over yet), or the players changed
            await self.tell(paired)
            if paired.games:
                return

    async def _finish(self, tournament: Tournament, pairings: list[Pairing]) -> None:
        repository = self.desk.repository
        if not await repository.end_tournament(tournament.id, Stage.FINISHED, self.desk.clock()):
            return  # ended elsewhere
        ended = await repository.get_tournament(tournament.id) or tournament
        await self.announce(TournamentEnded(ended, tuple(standings(ended, pairings))))

    async def tell(self, paired: Paired) -> None:
        """Announce a round: its pairings, then each game with its board."""
        await self.announce(RoundPaired(paired))
        for game in paired.games:
            await self.announce(RoundGame(paired.tournament, game, self.desk.board(game)))

    async def pair(self, tournament: Tournament, pairings: list[Pairing], number: int, *,
                   seeds: tuple[Entrant, ...] = (), rounds: int | None = None) -> Paired | None:
        """Plan round `number` and store it with its games; None if it was not stored (paired
        elsewhere, or the players changed since `tournament` was read)."""
        now = self.desk.clock()
        ballot = self._ballot(tournament, pairings, number)
        boards = tuple(NewBoard(found.board, found.white, found.black,
                                self._game(tournament, found, ballot, now) if found.needs_game else None,
                                found.forfeit) for found in plan(tournament, pairings, number))
        playing = frozenset(entrant.user_id for entrant in tournament.playing)
        games = await self.desk.repository.pair_round(NewRound(
            tournament.id, number, ballot.number if ballot else None, boards, playing, now, seeds, rounds))
        if games is None:
            return None
        for game in games:
            self.desk.created(game)
        after = await self.desk.repository.get_tournament(tournament.id) or tournament
        stored = await self.desk.repository.tournament_pairings(tournament.id)
        log.info("tournament %d: round %d paired, %d games", tournament.id, number, len(games))
        return Paired(after, number, ballot, tuple(games), tuple(p for p in stored if p.round == number))

    def _ballot(self, tournament: Tournament, pairings: list[Pairing], number: int) -> Ballot | None:
        """The round's 3-move ballot (English only): in a double round robin's second half, the one of
        the round it repeats with colours reversed; else one not drawn yet in this tournament."""
        if tournament.terms.variant != "english":
            return None
        if tournament.terms.double:
            single = round_robin_rounds(len(tournament.players))
            if number > single:
                first = next((p.ballot for p in pairings if p.round == number - single and p.ballot), None)
                if first is not None:
                    return ballots.ballot(first)
        used = {p.ballot for p in pairings if p.ballot is not None}
        return ballots.draw(self.desk.rng, used)

    @staticmethod
    def _game(tournament: Tournament, found: Planned, ballot: Ballot | None, now: float) -> NewGame:
        """A board's game: from the ballot's position (its three moves played) in English."""
        assert found.black is not None
        names = {entrant.user_id: entrant.player for entrant in tournament.players}
        white, black = names[found.white], names[found.black]
        variant = tournament.terms.variant
        board = Board(variant)
        start = board.fen()
        moves = []
        for text in ballot.moves if ballot else ():
            move = board.parse_move(text)
            board.push(move)
            moves.append(str(move))
        return NewGame(tournament.platform, tournament.channel_id, variant, white, black, start, board.turn,
                       now, seated=(white.user_id, black.user_id), tournament_id=tournament.id,
                       moves=tuple(moves), fen=board.fen())

    # -- the clock ---------------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Remind the players whose time runs out within `warning`, take the games whose time is up, and
        pair any round left unpaired."""
        repository, now = self.desk.repository, self.desk.clock()
        for tournament in await repository.running_tournaments():
            limit = tournament.terms.days * DAY
            for game in await repository.tournament_games(tournament.id):
                if not game.active:
                    continue
                waited = now - game.updated_at
                if waited >= limit:
                    await self._lose_on_time(game, tournament.terms.days)
                elif (waited >= limit - warning(limit) and game.reminded < 1
                      and await repository.mark_reminded(game.id, 1, version=game.version)):
                    await self.announce(MoveDue(game, limit - waited))
            await self.advance(tournament.id)

    async def _lose_on_time(self, found: Game, days: int) -> None:
        desk = self.desk
        async with desk.lock(found.id):
            game = desk.latest(found)
            now = desk.clock()
            if not game.active or now - game.updated_at < days * DAY:
                return
            board = desk.board(game)
            lost = transitions.finish(game, Result.win(game.turn.other), Ending.TIME, now)
            try:
                saved = await desk.save(game, lost, board)
            except Refusal:  # it changed meanwhile (another process): the next sweep looks again
                return
        await self.announce(LostOnTime(saved.game, board, days, saved.ratings))


def cancelled(game: Game, now: float) -> Game:
    """A game of a cancelled tournament: over, with no result, unrated."""
    return replace(transitions.finish(game, Result.ONGOING, Ending.CANCELLED, now), rated=False)

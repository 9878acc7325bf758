"""The tournament flows on the in-memory repository: withdrawals that leave rounds of forfeits only, a
Swiss that runs out of players, two tasks advancing the same round, and what the director announces."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.domain import transitions
from bot.domain.model import Ending, Player, Result, Status
from bot.domain.tournaments import Format, Stage, Terms
from bot.flows import tournaments
from bot.flows.desk import Asker
from bot.flows.rounds import Director
from bot.flows.tournament_news import RoundGame, RoundPaired, TournamentEnded
from tests.bot.unit.conftest import World

ASKER = Asker("test", "c1", "ann")
PLAYERS = [Player(name, name.title()) for name in ("ann", "bob", "cat", "dan")]


async def started(w: World, terms: Terms) -> tuple[Director, int]:
    director = Director(w.desk, w.announce)
    made = await tournaments.open_tournament(w.desk, ASKER, PLAYERS[0], terms)
    for player in PLAYERS[1:]:
        await tournaments.join(w.desk, Asker("test", "c1", player.user_id), player)
    await tournaments.start(w.desk, director, ASKER, manager=False)
    return director, made.id


async def test_withdrawals_can_leave_rounds_of_forfeits_only(w: World) -> None:
    """cat and dan withdraw in round 1 of a round robin of four: round 2 has one game (ann-bob; dan-cat
    is dropped), round 3 only forfeits, so it is stored and the tournament ends at once."""
    _, tournament_id = await started(w, Terms(Format.ROUND_ROBIN))
    for name in ("cat", "dan"):
        left = await tournaments.leave(w.desk, Asker("test", "c1", name), Player(name, name.title()))
        assert left.withdrawn and left.forfeited is not None
        assert left.forfeited.game.ending is Ending.WITHDRAWN
    await w.desk.idle()
    [game] = [g for g in await w.repo.tournament_games(tournament_id) if g.active]
    assert {game.white.user_id, game.black.user_id} == {"ann", "bob"}
    board = w.desk.board(game)
    async with w.desk.lock(game.id):
        await w.desk.save(game, transitions.resign(game, game.turn, w.now), board)
    await w.desk.idle()
    found = await w.repo.get_tournament(tournament_id)
    assert found is not None and (found.stage, found.round) == (Stage.FINISHED, 3)
    pairings = await w.repo.tournament_pairings(tournament_id)
    assert [(p.round, p.game_id is None) for p in pairings if p.round == 3] == [(3, True), (3, True)]
    rounds = [said.paired.number for said in w.said if isinstance(said, RoundPaired)]
    assert rounds == [2, 3]  # round 1's came with the start; each announced once
    [ended] = [said for said in w.said if isinstance(said, TournamentEnded)]
    assert [line.entrant.user_id for line in ended.lines][:2] in (["ann", "bob"], ["bob", "ann"])


async def test_a_swiss_that_runs_out_of_players_ends_early(w: World) -> None:
    _, tournament_id = await started(w, Terms(Format.SWISS, rounds=3))
    for name in ("bob", "cat", "dan"):
        await tournaments.leave(w.desk, Asker("test", "c1", name), Player(name, name.title()))
    await w.desk.idle()
    found = await w.repo.get_tournament(tournament_id)
    assert found is not None and (found.stage, found.round) == (Stage.FINISHED, 1)
    [ended] = [said for said in w.said if isinstance(said, TournamentEnded)]
    assert ended.lines[0].entrant.user_id == "ann"


async def test_two_tasks_advancing_the_same_round_pair_it_once(w: World) -> None:
    director, tournament_id = await started(w, Terms(Format.ROUND_ROBIN))
    for game in await w.repo.tournament_games(tournament_id):
        ended = replace(game, status=Status.FINISHED, result=Result.DRAW, ending=Ending.AGREEMENT,
                        finished_at=w.now)
        assert await w.repo.update_game(ended, expected_version=game.version) is not None
    await asyncio.gather(director.advance(tournament_id), director.advance(tournament_id))
    found = await w.repo.get_tournament(tournament_id)
    assert found is not None and found.round == 2
    assert len([g for g in await w.repo.tournament_games(tournament_id) if g.active]) == 2
    assert [said.paired.number for said in w.said if isinstance(said, RoundPaired)] == [2]
    assert len([said for said in w.said if isinstance(said, RoundGame)]) == 2

"""The repository's tournaments, the same tests on both backends and the in-memory fake (the contract):
one current tournament per channel, joining and leaving, a round stored whole or not at all and only
once, boards that follow their games, and a seat per tournament beside the free game. On the two
backends: two connections pairing the same round at once store it once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.app import open_repository
from bot.domain.model import ChannelSettings, Ending, Game, NewGame, Openers, Player, Result, Status
from bot.domain.tournaments import (
    Entrant,
    Format,
    NewBoard,
    NewRound,
    NewTournament,
    Pairing,
    Stage,
    Terms,
    Tournament,
)
from bot.storage import Busy, Repository
from bot.storage.repository import TournamentExists
from engine import Board, Color
from tests.bot.databases import Databases
from tests.bot.test_storage import STORES, open_store

ANN, BOB, CAT, DAN = (Player(name, name.title()) for name in ("ann", "bob", "cat", "dan"))
BALLOT = ("9-13", "22-18", "10-15")


def opening() -> Board:
    board = Board("english")
    for move in BALLOT:
        board.push(board.parse_move(move))
    return board


def tournament_game(tournament_id: int, white: Player, black: Player, *, at: float = 200.0) -> NewGame:
    after = opening()
    return NewGame("test", "c1", "english", white, black, Board("english").fen(), after.turn, at,
                   (white.user_id, black.user_id), tournament_id=tournament_id, moves=BALLOT, fen=after.fen())


def first_round(tournament: Tournament, *, seeds: tuple[Entrant, ...] = ()) -> NewRound:
    """Round 1 of ann, bob, cat: ann against cat, bob has the round off (round robin of three)."""
    boards = (NewBoard(1, "ann", "cat", tournament_game(tournament.id, ANN, CAT)), NewBoard(2, "bob", None))
    return NewRound(tournament.id, 1, 7, boards, frozenset({"ann", "bob", "cat"}), 200.0,
                    seeds or tournament.players, rounds=3)


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[Repository]:
    repository = await open_store(request.param, databases)
    yield repository
    await repository.close()


async def opened(store: Repository, *players: Player, channel: str = "c1") -> Tournament:
    made = await store.create_tournament(NewTournament("test", channel, ANN, Terms(), 100.0))
    for player in players:
        assert await store.join_tournament(made.id, player, 110.0)
    found = await store.get_tournament(made.id)
    assert found is not None
    return found


async def test_one_current_tournament_per_channel(store: Repository) -> None:
    made = await opened(store)
    assert (made.stage, made.round, made.organiser, made.players) == (Stage.OPEN, 0, ANN, ())
    assert made.terms == Terms(Format.ROUND_ROBIN, "english", None, False, 3)
    with pytest.raises(TournamentExists) as exists:
        await store.create_tournament(NewTournament("test", "c1", BOB, Terms(Format.SWISS), 120.0))
    assert exists.value.tournament_id == made.id
    elsewhere = await opened(store, channel="c2")
    assert await store.current_tournament("test", "c1") == made
    assert await store.current_tournament("test", "c2") == elsewhere
    assert await store.current_tournament("test", "c3") is None
    assert await store.end_tournament(made.id, Stage.CANCELLED, 130.0)
    assert not await store.end_tournament(made.id, Stage.FINISHED, 131.0)
    again = await opened(store)
    assert await store.current_tournament("test", "c1") == again  # the current one before older ones
    assert await store.end_tournament(again.id, Stage.FINISHED, 140.0)
    latest = await store.current_tournament("test", "c1")
    assert latest is not None and (latest.id, latest.stage, latest.finished_at) == (again.id, Stage.FINISHED,
                                                                                   140.0)


async def test_joining_and_leaving_before_and_during_play(store: Repository) -> None:
    made = await opened(store, ANN, BOB, CAT)
    assert [(e.user_id, e.seed, e.withdrawn) for e in made.players] == [
        ("ann", 1, False), ("bob", 2, False), ("cat", 3, False)]
    assert not await store.join_tournament(made.id, BOB, 120.0)  # in already
    assert await store.leave_tournament(made.id, "bob", 120.0)
    assert not await store.leave_tournament(made.id, "bob", 120.0)
    assert await store.join_tournament(made.id, BOB, 121.0)
    found = await store.get_tournament(made.id)
    assert found is not None and [(e.user_id, e.seed) for e in found.players] == [
        ("ann", 1), ("cat", 3), ("bob", 4)]
    assert await store.pair_round(first_round(found)) is not None
    assert not await store.join_tournament(made.id, DAN, 300.0)  # started: no more players
    assert await store.leave_tournament(made.id, "cat", 300.0)  # during play: withdrawn
    assert not await store.leave_tournament(made.id, "cat", 301.0)
    found = await store.get_tournament(made.id)
    assert found is not None and [(e.user_id, e.withdrawn) for e in found.players] == [
        ("ann", False), ("cat", True), ("bob", False)]


async def test_a_round_is_stored_whole_and_once(store: Repository) -> None:
    made = await opened(store, ANN, BOB, CAT)
    seeds = (Entrant("cat", "Cat", 1), Entrant("ann", "Ann", 2), Entrant("bob", "Bob", 3))
    games = await store.pair_round(first_round(made, seeds=seeds))
    assert games is not None and len(games) == 1
    game = games[0]
    assert (game.tournament_id, game.white, game.black, game.moves, game.turn) == (made.id, ANN, CAT, BALLOT,
                                                                                   Color.WHITE)
    assert game.fen == opening().fen() and game.start_fen == Board("english").fen()
    assert await store.get_game(game.id) == game
    assert await store.tournament_games(made.id) == [game]
    started = await store.get_tournament(made.id)
    assert started is not None and (started.stage, started.round, started.rounds, started.started_at) == (
        Stage.RUNNING, 1, 3, 200.0)
    assert [(e.user_id, e.seed) for e in started.seeded] == [("cat", 1), ("ann", 2), ("bob", 3)]
    assert await store.running_tournaments() == [started]
    assert await store.tournament_pairings(made.id) == [
        Pairing(1, 1, "ann", "cat", game.id, Result.ONGOING, False, 7), Pairing(1, 2, "bob", None, None,
                                                                                Result.ONGOING, True, 7)]
    assert await store.pair_round(first_round(made)) is None  # paired already: nothing more
    assert len(await store.tournament_games(made.id)) == 1
    # The game's end decides its board.
    ended = replace(game, status=Status.FINISHED, result=Result.BLACK_WINS, ending=Ending.TIME,
                    finished_at=400.0, rated=False)
    assert await store.update_game(ended, expected_version=game.version) is not None
    [board, bye] = await store.tournament_pairings(made.id)
    assert (board.result, board.finished, bye.finished) == (Result.BLACK_WINS, True, True)
    # Round 2 with a forfeit (no game) is stored too.
    second = NewRound(made.id, 2, 9, (NewBoard(1, "cat", "bob", forfeit=Result.BLACK_WINS),),
                      frozenset({"ann", "bob", "cat"}), 500.0)
    assert await store.pair_round(second) == []
    found = await store.tournament_pairings(made.id)
    assert found[-1] == Pairing(2, 1, "cat", "bob", None, Result.BLACK_WINS, True, 9)


async def test_a_round_planned_for_other_players_is_not_stored(store: Repository) -> None:
    made = await opened(store, ANN, BOB, CAT)
    assert await store.join_tournament(made.id, DAN, 150.0)  # after the round was planned
    assert await store.pair_round(first_round(made)) is None
    assert await store.tournament_games(made.id) == [] and await store.tournament_pairings(made.id) == []
    found = await store.get_tournament(made.id)
    assert found is not None and (found.stage, found.round) == (Stage.OPEN, 0)


async def test_a_round_that_fails_part_way_leaves_nothing(store: Repository) -> None:
    """A seat taken in the tournament makes the second game's insert fail: the first game, the round and
    its boards go with it."""
    made = await opened(store, ANN, BOB, CAT, DAN)
    blocker = await store.create_game(tournament_game(made.id, DAN, Player("eve", "Eve")))
    boards = (NewBoard(1, "ann", "bob", tournament_game(made.id, ANN, BOB)),
              NewBoard(2, "cat", "dan", tournament_game(made.id, CAT, DAN)))
    with pytest.raises(Busy):
        await store.pair_round(NewRound(made.id, 1, None, boards, frozenset({"ann", "bob", "cat", "dan"}),
                                        200.0, made.players, rounds=3))
    assert await store.tournament_games(made.id) == [blocker]
    assert await store.seated_games("test", "c1", "ann") == []
    assert await store.tournament_pairings(made.id) == []
    found = await store.get_tournament(made.id)
    assert found is not None and (found.stage, found.round) == (Stage.OPEN, 0)


async def test_a_tournament_game_has_its_own_seat_beside_the_free_game(store: Repository) -> None:
    made = await opened(store, ANN, BOB, CAT)
    free = await store.create_game(NewGame("test", "c1", "english", BOB, ANN, Board("english").fen(),
                                           Color.BLACK, 150.0, ("bob", "ann")))  # ann (Red) to move
    games = await store.pair_round(first_round(made))
    assert games is not None
    [mine] = games
    assert await store.seated_games("test", "c1", "ann") == [free, mine]
    assert await store.active_game_for("test", "c1", "ann") == mine  # her turn in both: the tournament's
    assert await store.active_game_for("test", "c1", "bob") == free
    with pytest.raises(Busy):  # one free game each
        await store.create_game(NewGame("test", "c1", "english", ANN, DAN, Board("english").fen(),
                                        Color.BLACK, 160.0, ("ann", "dan")))
    with pytest.raises(Busy):  # and one game of the tournament
        await store.create_game(tournament_game(made.id, DAN, CAT))
    ended = replace(mine, status=Status.FINISHED, result=Result.DRAW, ending=Ending.AGREEMENT,
                    finished_at=300.0)
    assert await store.update_game(ended, expected_version=mine.version) is not None
    assert await store.seated_games("test", "c1", "ann") == [free]


async def test_two_connections_pair_the_same_round_once(database: str) -> None:
    """Two repositories (two connections, as two processes have) store the same round at once, many
    times over: each round is stored by one of them, its games started once."""
    first, second = await open_repository(database), await open_repository(database)
    try:
        for attempt in range(8):
            made = await opened(first, ANN, BOB, CAT, channel=f"race{attempt}")
            there = replace(tournament_game(made.id, ANN, CAT), channel_id=f"race{attempt}")
            boards = (NewBoard(1, "ann", "cat", there), NewBoard(2, "bob", None))
            plan = replace(first_round(made), boards=boards)
            done = await asyncio.gather(first.pair_round(plan), second.pair_round(plan))
            assert sorted(len(games) if games is not None else -1 for games in done) == [-1, 1], attempt
            games = await second.tournament_games(made.id)
            assert len(games) == 1 and isinstance(games[0], Game)
            assert len(await first.tournament_pairings(made.id)) == 2
    finally:
        await first.close()
        await second.close()


async def test_who_may_open_tournaments_is_a_channel_setting(store: Repository) -> None:
    assert (await store.channel_settings("test", "c1")).tournaments is None
    await store.set_channel_settings("test", "c1", ChannelSettings(tournaments=Openers.MANAGERS))
    await store.set_channel_settings("test", "c1", ChannelSettings(language="fi"))  # None keeps it
    found = await store.channel_settings("test", "c1")
    assert (found.language, found.tournaments) == ("fi", Openers.MANAGERS)
    await store.set_channel_settings("test", "c1", ChannelSettings(tournaments=Openers.ANYONE))
    assert (await store.channel_settings("test", "c1")).tournaments is Openers.ANYONE
    assert (await store.channel_settings("test", "c2")).tournaments is None


async def test_a_channel_that_gets_a_new_id_takes_its_tournaments(store: Repository) -> None:
    """A Telegram group upgraded to a supergroup: its tournaments and their games' seats go with it, but
    for a current one when the new id has a current one already."""
    old = await opened(store, ANN, BOB, CAT, channel="c1")
    games = await store.pair_round(first_round(old))
    assert games is not None
    done = await opened(store, channel="c9")
    assert await store.end_tournament(done.id, Stage.FINISHED, 150.0)
    await store.move_channel("test", "c1", "c2")
    moved = await store.current_tournament("test", "c2")
    assert moved is not None and moved.id == old.id and moved.channel_id == "c2"
    assert await store.current_tournament("test", "c1") is None
    assert [game.channel_id for game in await store.seated_games("test", "c2", "ann")] == ["c2"]
    clash = await opened(store, channel="c3")  # c3 has its own current tournament: c2's stays
    await store.move_channel("test", "c2", "c3")
    assert await store.current_tournament("test", "c3") == clash
    still = await store.current_tournament("test", "c2")
    assert still is not None and still.id == old.id

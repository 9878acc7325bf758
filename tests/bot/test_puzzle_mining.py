"""Puzzle mining in the background (issue 23): the finished games of the allowed channels are scanned in
a worker, each game once, even when two processes mine the same database at the same time; the puzzles
found keep their source game and channel."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app import open_repository
from bot.config import Config, ConfigError, load_config
from bot.domain.model import Ending, Game, NewGame, Player, Result, Status
from bot.domain.ratings import Glicko2
from bot.flows.mining import Miner, Mining, Scanner
from bot.puzzle_config import PuzzleConfig
from bot.storage import Repository
from bot.workers import Workers
from engine import Board, puzzle_set
from engine.puzzles import Puzzle, Scan, Source
from tests.fakes.memory_repository import MemoryRepository

SHOT = puzzle_set.builtin("italian")[1]  # a short one, quick to find
ANN, BOB = Player("1", "Ann"), Player("2", "Bob")


async def finished(repository: Repository, puzzle: Puzzle, channel: str = "club",
                   platform: str = "discord") -> Game:
    """A finished game of `channel` that starts in the puzzle's position and plays its solution."""
    board = Board(puzzle.variant, fen=puzzle.fen)
    for move in puzzle.solution:
        board.push_str(move)
    game = await repository.create_game(NewGame(
        platform, channel, puzzle.variant, ANN, BOB, puzzle.fen, board.turn, 1.0, (), rated=False,
        moves=puzzle.solution, fen=board.fen()))
    ended = replace(game, status=Status.FINISHED, result=Result.win(puzzle.turn), ending=Ending.RESIGN,
                    finished_at=2.0)
    assert await repository.update_game(ended, expected_version=game.version) is not None
    stored = await repository.get_game(game.id)
    assert stored is not None
    return stored


@pytest.fixture(params=["sqlite", "postgres", "memory"])
async def repository(request: pytest.FixtureRequest, databases: object) -> AsyncIterator[Repository]:
    if request.param == "memory":
        memory = MemoryRepository(Glicko2())
        yield memory
        return
    from tests.bot.databases import Databases
    assert isinstance(databases, Databases)
    opened = await open_repository(await databases.new(request.param))
    yield opened
    await opened.close()


def ids(games: list[Game | int]) -> list[int]:
    return [game if isinstance(game, int) else game.id for game in games]


def scanner(calls: list[int]) -> Scanner:
    async def scan(game: Game) -> Scan:
        calls.append(game.id)
        workers = Workers()  # threads: the same scan the worker processes run
        return await workers.mine(game.variant, game.start_fen, game.moves, game.id)
    return scan


async def test_a_game_is_stored_mined_once(repository: Repository) -> None:
    game = await finished(repository, SHOT)
    other = await finished(repository, SHOT, channel="elsewhere")
    assert ids(await repository.games_to_mine([("discord", "club")], 10)) == [game.id]
    assert set(ids(await repository.games_to_mine(None, 10))) == {game.id, other.id}
    assert await repository.store_mined(game, [SHOT], 5.0)
    assert not await repository.store_mined(game, [SHOT], 6.0)  # another process's second try
    [mined] = await repository.mined_puzzles("discord", "club", "italian")
    assert (mined.puzzle, mined.game_id, mined.found_at) == (SHOT, game.id, 5.0)
    assert await repository.mined_puzzles("discord", "club", "english") == []
    assert await repository.mined_puzzles("discord", "elsewhere", None) == []
    assert ids(await repository.games_to_mine(None, 10)) == [other.id]
    assert await repository.games_to_mine([], 10) == []


async def test_the_miner_finds_a_planted_shot_with_its_source(repository: Repository) -> None:
    game = await finished(repository, SHOT)
    await finished(repository, SHOT, channel="not-allowed")
    calls: list[int] = []
    miner = Miner(repository, scanner(calls), Mining([("discord", "club")]), lambda: 9.0)
    done = await miner.run()
    assert (done.games, done.stored, done.puzzles, calls) == (1, 1, 1, [game.id])
    [mined] = await repository.mined_puzzles("discord", "club", None)
    assert mined.puzzle.key == SHOT.key and mined.puzzle.solution == SHOT.solution
    assert (mined.game_id, mined.puzzle.source.kind, mined.puzzle.source.game, mined.puzzle.source.ply) == (
        game.id, "game", game.id, 0)
    again = await miner.run()  # nothing new: nothing scanned twice
    assert (again.games, calls) == (0, [game.id])


async def test_a_failing_scan_marks_the_game_and_moves_on(repository: Repository) -> None:
    bad = await finished(repository, SHOT)
    good = await finished(repository, SHOT)

    async def scan(game: Game) -> Scan:
        if game.id == bad.id:
            raise RuntimeError("worker died")
        return Scan(puzzles=[SHOT])

    miner = Miner(repository, scan, Mining(None), lambda: 9.0)
    done = await miner.run()
    assert (done.games, done.stored, done.puzzles) == (2, 2, 1)
    assert [m.game_id for m in await repository.mined_puzzles("discord", "club", None)] == [good.id]
    assert await repository.games_to_mine(None, 10) == []


async def test_two_miners_on_one_database_scan_each_game_once(databases: object) -> None:
    from tests.bot.databases import Databases
    assert isinstance(databases, Databases)
    url = await databases.new("postgres")
    first, second = await open_repository(url), await open_repository(url)
    try:
        games = [await finished(first, SHOT) for _ in range(3)]
        calls: list[int] = []

        async def slow(game: Game) -> Scan:
            calls.append(game.id)
            await asyncio.sleep(0.05)
            return Scan(puzzles=[SHOT])

        one = Miner(first, slow, Mining(None), lambda: 1.0)
        two = Miner(second, slow, Mining(None), lambda: 2.0)
        done = await asyncio.gather(one.run(), two.run())
        assert sorted(calls) == [g.id for g in games]  # the claim let one process mine at a time
        assert sum(d.stored for d in done) == 3
        assert len(await first.mined_puzzles("discord", "club", None)) == 3
    finally:
        await first.close()
        await second.close()


def test_the_channels_to_mine_are_configured(tmp_path: Path) -> None:
    assert Config().puzzles.channels == ()  # nothing mined unless the operator says so
    assert PuzzleConfig(mine=("all",)).channels is None
    path = tmp_path / "config.toml"
    path.write_text('[puzzles]\nmine = ["discord:1234", "telegram:-100"]\n')
    assert load_config(path, env={}).puzzles.channels == (("discord", "1234"), ("telegram", "-100"))
    path.write_text('[puzzles]\nmine = ["1234"]\n')
    with pytest.raises(ConfigError, match="mine"):
        load_config(path, env={})


async def test_a_started_service_mines_the_allowed_channels_games(databases: object) -> None:
    from bot.config import PictureConfig, ReviewConfig
    from tests.bot.databases import Databases
    from tests.bot.tammi_talk import close_chat, open_chat
    assert isinstance(databases, Databases)
    database = await databases.new("sqlite")
    config = Config(database=database, picture=PictureConfig(size=160, workers=0),
                    review=ReviewConfig(workers=0), puzzles=PuzzleConfig(mine=("test:c1",), interval=1))
    chat = await open_chat(database, config=config)
    try:
        await chat.text("ann", "!tammi challenge @bob")
        await chat.text("bob", "!tammi accept")
        await chat.text("bob", "11-15")
        await chat.text("bob", "!tammi resign")
        await chat.service.start()  # the mining round runs in the background, in a worker thread here
        async with asyncio.timeout(60):
            while await chat.storage.games_to_mine(None, 10):
                await asyncio.sleep(0.05)
        assert await chat.storage.mined_puzzles("test", "c1", None) == []  # too short to hold any
    finally:
        await close_chat(chat)


async def test_a_channel_is_given_its_own_puzzles_first_naming_the_game(databases: object) -> None:
    from tests.bot.databases import Databases
    from tests.bot.tammi_talk import close_chat, open_chat
    assert isinstance(databases, Databases)
    chat = await open_chat(await databases.new("sqlite"))
    try:
        game = await finished(chat.storage, SHOT, channel="c1", platform="test")
        found = replace(SHOT, source=Source("game", game.id, 2))  # as mined: its game and ply
        assert await chat.storage.store_mined(game, [found], 3.0)
        own = await chat.text("cy", "!tammi puzzle italian")
        assert f"From Ann vs Bob (game #{game.id}), move 2." in own
        fen = await chat.text("cy", "!tammi puzzle fen")
        assert SHOT.fen in fen
        elsewhere = await chat.text("cy", "!tammi puzzle italian", channel="c2")  # not that channel's game
        assert "From Ann" not in elsewhere and SHOT.fen not in await chat.text("cy", "!tammi puzzle fen",
                                                                                channel="c2")
    finally:
        await close_chat(chat)


async def test_with_the_job_queue_games_are_mined_by_a_tammi_worker(databases: object) -> None:
    from bot.app import open_service
    from bot.config import PictureConfig, ReviewConfig
    from bot.config_values import QueueConfig
    from bot.storage.jobs import JobStore
    from bot.worker import work
    from tests.bot.databases import Databases
    assert isinstance(databases, Databases)
    url = await databases.new("postgres")
    config = Config(database=url, picture=PictureConfig(workers=0), review=ReviewConfig(workers=0),
                    queue=QueueConfig(use=True, poll=0.2), puzzles=PuzzleConfig(mine=("all",), interval=1))
    repository = await open_repository(url)
    game = await finished(repository, SHOT)
    stop = asyncio.Event()
    serving = asyncio.create_task(work(config, stop=stop))
    try:
        async with open_service(config) as service:  # the chat process hands the game to the queue
            assert service.miner.hand_off is not None
            async with asyncio.timeout(60):
                while not await repository.mined_puzzles("discord", "club", None):
                    await asyncio.sleep(0.1)
        [mined] = await repository.mined_puzzles("discord", "club", None)
        assert (mined.game_id, mined.puzzle.key) == (game.id, SHOT.key)
        jobs = await JobStore.open(url)
        try:  # putting the game's job again finds the one the worker did
            outcome = await jobs.outcome(await jobs.put("mine", f"mine:{game.id}", {"game": game.id}))
        finally:
            await jobs.close()
        assert outcome is not None and outcome.done
    finally:
        stop.set()
        assert await asyncio.wait_for(serving, 30) == 0
        await repository.close()


async def test_a_game_whose_mining_job_was_given_up_is_skipped_not_queued_again(databases: object) -> None:
    """A `mine:` job the queue gave up (its worker failed it every try) is not put back each round, where
    five such games, oldest first, would hold every later game back: the game is marked mined with
    nothing found, and the next round goes on to the next game."""
    from bot.flows.queued import QueuedMining
    from bot.storage.jobs import MAX_ATTEMPTS, JobStore
    from tests.bot.databases import Databases
    assert isinstance(databases, Databases)
    url = await databases.new("postgres")
    repository = await open_repository(url)
    jobs = await JobStore.open(url, retry_after=0)
    try:
        failed, later = await finished(repository, SHOT), await finished(repository, SHOT)
        job = await jobs.put("mine", f"mine:{failed.id}", {"game": failed.id})
        taken = await jobs.take(["mine"], "w1")
        assert taken is not None and taken.id == job
        for _ in range(MAX_ATTEMPTS - 1):  # every try but the last: the job waits to be tried again
            assert await jobs.fail(taken, "w1", "the scan crashed") is False
            taken = await jobs.take(["mine"], "w1")
            assert taken is not None
        assert await jobs.fail(taken, "w1", "the scan crashed") is True  # the last try gives it up
        gave_up = await jobs.outcome(job)
        assert gave_up is not None and not gave_up.done

        miner = Miner(repository, scanner([]), Mining(None, per_round=1), lambda: 9.0)
        miner.hand_off = QueuedMining(jobs).hand_off
        first = await miner.run()
        assert (first.games, first.stored, first.puzzles) == (1, 1, 0)
        assert await jobs.outcome(job) == gave_up  # not queued again
        assert ids(await repository.games_to_mine(None, 5)) == [later.id]
        await miner.run()  # the next round hands the next game to the queue
        assert await jobs.outcome(await jobs.put("mine", f"mine:{later.id}", {"game": later.id})) is None
    finally:
        await jobs.close()
        await repository.close()

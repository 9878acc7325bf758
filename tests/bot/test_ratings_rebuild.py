"""Migration 5 on both backends: a database at the old schema (version 4, Elo ratings) with finished
games gets, when Tammi opens it, the Glicko-2 ratings that playing those games today gives; the rebuild
runs once (in the migration's transaction, so several openers at once do it once, and a rebuild that
fails leaves the old schema as it was)."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, replace
from typing import Any

import asyncpg
import pytest

from bot.app import open_repository
from bot.domain.model import Ending, NewGame, Player, Result, Standing, Status
from bot.storage import Repository, rebuild
from bot.storage.postgres import numbered
from bot.storage.rows import migrations
from bot.storage.sqlite_file import statements
from engine import Board
from tests.bot.databases import Databases

DAY = 86400.0
ANN, BOB, CAT, DAN = Player("ann", "Ann"), Player("bob", "Bob"), Player("cat", "Cat"), Player("dan", "Dan")
OLD = 4  # the schema version before Glicko-2


@dataclass(frozen=True)
class Played:
    channel: str
    variant: str
    white: Player
    black: Player
    result: Result
    finished_at: float | None  # None: still being played
    rated: bool = True
    bot_level: int | None = None


GAMES = [  # in the order they were started (their ids)
    Played("c1", "english", ANN, BOB, Result.WHITE_WINS, 1000.0),
    Played("c1", "english", CAT, DAN, Result.BLACK_WINS, 900.0),  # ended before the game above
    Played("c1", "english", ANN, CAT, Result.DRAW, 5000.0),
    Played("c1", "international", ANN, BOB, Result.BLACK_WINS, 6000.0),
    Played("c2", "english", ANN, BOB, Result.DRAW, 7000.0),
    Played("c1", "english", BOB, CAT, Result.WHITE_WINS, 8000.0, rated=False),  # too short to rate
    Played("c1", "english", DAN, Player("bot:tammi", "Tammi"), Result.WHITE_WINS, 8500.0, rated=False,
           bot_level=2),
    Played("c1", "english", BOB, Player("ann", "Annie"), Result.WHITE_WINS, 40 * DAY),  # after a break
    Played("c1", "italian", DAN, ANN, Result.WHITE_WINS, 41 * DAY),
    Played("c1", "english", CAT, DAN, Result.ONGOING, None),
]
PEOPLE = [("c1", person.user_id) for person in (ANN, BOB, CAT, DAN)] + [("c2", "ann"), ("c2", "bob")]
OLD_GAME = ("INSERT INTO games (platform, channel_id, variant, white_id, white_name, black_id, black_name,"
            " status, result, reason, start_fen, fen, moves, created_at, updated_at, finished_at, rated,"
            " bot_level) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
OLD_RATING = ("INSERT INTO ratings (platform, channel_id, user_id, name, rating, games, wins)"
              " VALUES ('test', 'c1', 'ann', 'Ann', 1520, 1, 1)")


def old_rows() -> list[tuple[Any, ...]]:
    rows = []
    for game in GAMES:
        fen = Board(game.variant).fen()
        ended = game.finished_at is not None
        rows.append(("test", game.channel, game.variant, game.white.user_id, game.white.name,
                     game.black.user_id, game.black.name, "finished" if ended else "active",
                     game.result.value, Ending.RESIGN.value if ended else None, fen, fen, "", 100.0,
                     game.finished_at or 100.0, game.finished_at, int(game.rated), game.bot_level))
    return rows


async def old_database(kind: str, databases: Databases) -> str:
    """A database at schema version 4 holding `GAMES` and an Elo rating, as Tammi left it."""
    where = await databases.new(kind)
    scripts = migrations(kind)[:OLD]
    if kind == "sqlite":
        db = sqlite3.connect(where)
        with db:
            for script in scripts:
                for statement in statements(script):
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {OLD}")
            db.executemany(OLD_GAME, old_rows())
            db.execute(OLD_RATING)
        db.close()
        return where
    connection = await asyncpg.connect(where)
    try:
        async with connection.transaction():
            await connection.execute("CREATE TABLE tammi_schema (version INTEGER PRIMARY KEY,"
                                     " applied_at DOUBLE PRECISION NOT NULL)")
            for number, script in enumerate(scripts, 1):
                await connection.execute(script)
                await connection.execute("INSERT INTO tammi_schema VALUES ($1, 0)", number)
            await connection.executemany(numbered(OLD_GAME), old_rows())
            await connection.execute(OLD_RATING)
    finally:
        await connection.close()
    return where


async def play_fresh(repository: Repository) -> None:
    """The same games played today, in the order they ended, each ending at its time."""
    for game in sorted(GAMES, key=lambda g: float("inf") if g.finished_at is None else g.finished_at):
        board = Board(game.variant)
        seated = tuple(p.user_id for p in (game.white, game.black) if not p.is_bot)
        started = await repository.create_game(NewGame(
            "test", game.channel, game.variant, game.white, game.black, board.fen(), board.turn, 100.0,
            seated, rated=game.rated, bot_level=game.bot_level))
        if game.finished_at is not None:
            ended = replace(started, status=Status.FINISHED, result=game.result, ending=Ending.RESIGN,
                            finished_at=game.finished_at, updated_at=game.finished_at)
            assert await repository.update_game(ended, expected_version=0) is not None


async def all_ratings(repository: Repository) -> dict[tuple[str, str], list[Standing]]:
    return {(channel, user): await repository.ratings("test", channel, user) for channel, user in PEOPLE}


async def schema_version(kind: str, where: str) -> int:
    if kind == "sqlite":
        db = sqlite3.connect(where)
        try:
            return int(db.execute("PRAGMA user_version").fetchone()[0])
        finally:
            db.close()
    connection = await asyncpg.connect(where)
    try:
        return int(await connection.fetchval("SELECT MAX(version) FROM tammi_schema"))
    finally:
        await connection.close()


async def execute(kind: str, where: str, sql: str) -> None:
    if kind == "sqlite":
        db = sqlite3.connect(where)
        with db:
            db.execute(sql)
        db.close()
        return
    connection = await asyncpg.connect(where)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture(params=["sqlite", "postgres"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def fresh(kind: str, databases: Databases) -> dict[tuple[str, str], list[Standing]]:
    """The ratings of `GAMES` played on a new database of the backend."""
    repository = await open_repository(await databases.new(kind))
    try:
        await play_fresh(repository)
        return await all_ratings(repository)
    finally:
        await repository.close()


async def test_the_old_databases_games_give_the_ratings_of_playing_them_today(
        kind: str, databases: Databases, fresh: dict[tuple[str, str], list[Standing]]) -> None:
    where = await old_database(kind, databases)
    repository = await open_repository(where)
    try:
        assert await repository.schema_version() == len(migrations(kind))
        rebuilt = await all_ratings(repository)
    finally:
        await repository.close()
    assert rebuilt == fresh
    ann = {standing.variant: standing for standing in rebuilt["c1", "ann"]}
    assert sorted(ann) == ["english", "international", "italian"]
    english = ann["english"]
    assert (english.games, english.wins, english.draws, english.losses) == (3, 1, 1, 1)
    assert english.name == "Annie" and english.rated_at == 40 * DAY  # as in her last game
    assert english.rating != 1520.0 and english.deviation < 350.0  # Glicko-2, not the Elo row
    assert [s.games for s in rebuilt["c2", "ann"]] == [1]
    assert [(s.variant, s.games) for s in rebuilt["c1", "dan"]] == [("english", 1), ("italian", 1)]  # no bot


async def test_the_rebuild_runs_once_even_with_several_openers(kind: str, databases: Databases,
                                                               fresh: dict[tuple[str, str], list[Standing]]
                                                               ) -> None:
    where = await old_database(kind, databases)
    opened = await asyncio.gather(*(open_repository(where) for _ in range(4)))
    try:
        for repository in opened:
            assert await all_ratings(repository) == fresh
    finally:
        for repository in opened:
            await repository.close()
    # Done once: a later opening leaves the ratings as they are (here, changed by hand).
    await execute(kind, where, "UPDATE ratings SET rating = 1234 WHERE user_id = 'cat'")
    repository = await open_repository(where)
    try:
        assert [s.rating for s in await repository.ratings("test", "c1", "cat")] == [1234.0]
    finally:
        await repository.close()


async def test_a_failing_rebuild_leaves_the_old_schema(kind: str, databases: Databases,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       fresh: dict[tuple[str, str], list[Standing]]) -> None:
    where = await old_database(kind, databases)

    def broken(*args: object) -> list[tuple[Any, ...]]:
        raise RuntimeError("the replay failed")

    with monkeypatch.context() as patch:
        patch.setattr(rebuild, "replay", broken)
        with pytest.raises(RuntimeError, match="the replay failed"):
            await open_repository(where)
    assert await schema_version(kind, where) == OLD  # migration 5 rolled back with it
    repository = await open_repository(where)
    try:
        assert await all_ratings(repository) == fresh
    finally:
        await repository.close()


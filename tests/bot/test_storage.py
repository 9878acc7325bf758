"""The repository, the same tests on both backends (SQLite and PostgreSQL on a real server) and on the
in-memory fake of the unit tests: games, seats, challenges, ratings, settings and people. On the two
backends only: racing writes from separate connections; migrations applied exactly once when several
repositories open a fresh database together."""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.app import open_repository
from bot.domain import ratings
from bot.domain.model import (
    ChallengeStatus,
    ChannelSettings,
    ColourChoice,
    Ending,
    Game,
    NewChallenge,
    NewGame,
    Player,
    PlayerStats,
    RatingChange,
    Result,
    Status,
)
from bot.domain.pings import NotifyChoice, Place
from bot.domain.ratings import NEWCOMER, Glicko2
from bot.storage import Busy, Known, Pending, Repository, StorageError
from bot.storage.rows import migrations
from engine import Board, Color
from tests.bot.databases import Databases, start_server
from tests.fakes.memory_repository import MemoryRepository

ANN, BOB, CAT = Player("ann", "Ann"), Player("bob", "Bob"), Player("cat", "Cat")
START = Board("english").fen()


def new_game(white: Player = ANN, black: Player = BOB, *, channel: str = "c1", **extra: object) -> NewGame:
    return NewGame("test", channel, "english", white, black, START, Color.BLACK, 100.0,
                   (white.user_id, black.user_id), **extra)  # type: ignore[arg-type]


def new_challenge(challenger: Player = ANN, target: Player | None = BOB, *,
                  at: float = 100.0) -> NewChallenge:
    return NewChallenge("test", "c1", challenger, target, "english", ColourChoice.RANDOM, False, at, at + 60)


def moved(game: Game, move: str = "9-13") -> Game:
    board = Board(game.variant, fen=game.fen)
    board.push(board.parse_move(move))
    return replace(game, moves=(*game.moves, move), fen=board.fen(), turn=board.turn, updated_at=200.0)


def finished(game: Game, result: Result) -> Game:
    return replace(game, status=Status.FINISHED, result=result, ending=Ending.RESIGN, finished_at=300.0)


STORES = ["sqlite", "postgres", "memory"]  # the two backends, and the fake that unit tests use


async def open_store(kind: str, databases: Databases) -> Repository:
    """An opened repository: over a fresh database of a backend, or in memory."""
    if kind == "memory":
        return MemoryRepository(Glicko2())
    return await open_repository(await databases.new(kind))


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, databases: Databases) -> AsyncIterator[Repository]:
    """A fresh empty repository of each kind: the repository tests are its contract."""
    repository = await open_store(request.param, databases)
    yield repository
    await repository.close()


async def test_a_game_is_stored_and_read_back(store: Repository) -> None:
    game = await store.create_game(new_game())
    assert game.id == 1 and game.version == 0 and game.moves == () and game.active
    assert await store.get_game(1) == game
    assert await store.active_game_for("test", "c1", "bob") == game
    assert await store.active_game_for("test", "c2", "bob") is None
    assert await store.last_game_for("test", "c1", "ann") == game
    assert await store.channel_games("test", "c1") == [game]
    assert await store.active_games() == [game]
    assert await store.stale_games(150.0) == [game] and await store.stale_games(50.0) == []
    assert await store.get_game(2) is None


async def test_update_is_checked_against_the_version(store: Repository) -> None:
    game = await store.create_game(new_game())
    first = await store.update_game(moved(game), expected_version=0)
    assert first is not None and first.game.version == 1 and first.ratings == ()
    assert await store.update_game(moved(game, "10-14"), expected_version=0) is None
    stored = await store.get_game(game.id)
    assert stored == first.game and stored.moves == ("9-13",) and stored.updated_at == 200.0
    assert await store.mark_reminded(game.id, 1, version=0) is False
    assert await store.mark_reminded(game.id, 1, version=1) is True
    reminded = await store.get_game(game.id)
    assert reminded is not None and reminded.reminded == 1 and reminded.version == 1


async def test_one_active_game_per_player_and_channel(store: Repository) -> None:
    game = await store.create_game(new_game())
    with pytest.raises(Busy) as busy:
        await store.create_game(new_game(CAT, BOB))
    assert busy.value.user_id == "bob"
    other = await store.create_game(new_game(CAT, BOB, channel="c2"))
    assert other.id == 2  # a refused game takes no id
    done = await store.update_game(finished(game, Result.WHITE_WINS), expected_version=0)
    assert done is not None and not done.game.active
    assert await store.active_game_for("test", "c1", "bob") is None
    assert (await store.create_game(new_game(CAT, BOB))).id == 3
    assert await store.update_game(moved(done.game), expected_version=1) is None  # finished games stay so


async def test_a_rated_result_updates_both_ratings_once(store: Repository) -> None:
    game = await store.create_game(new_game())
    assert await store.rating("test", "c1", "ann", "english") is None
    assert await store.update_game(finished(game, Result.BLACK_WINS), expected_version=0) is not None
    assert await store.update_game(finished(game, Result.BLACK_WINS), expected_version=0) is None
    ann = await store.rating("test", "c1", "ann", "english")
    bob = await store.rating("test", "c1", "bob", "english")
    assert ann is not None and bob is not None
    # Glicko-2 from two newcomers, at the game's end (its finished_at, 300).
    assert ann.glicko == ratings.update(NEWCOMER, NEWCOMER, 0.0, 300.0) and ann.rated_at == 300.0
    assert bob.glicko == ratings.update(NEWCOMER, NEWCOMER, 1.0, 300.0)
    assert (ann.variant, ann.games, ann.wins, ann.losses, ann.draws) == ("english", 1, 0, 1, 0)
    assert (bob.games, bob.wins, bob.losses, bob.name) == (1, 1, 0, "Bob")
    assert await store.leaderboard("test", "c1", "english") == [bob, ann]
    assert await store.leaderboard("test", "c1", "italian") == []
    assert await store.ratings("test", "c1", "ann") == [ann]
    unrated = await store.create_game(new_game(rated=False))
    await store.update_game(finished(unrated, Result.DRAW), expected_version=0)
    assert (await store.rating("test", "c1", "ann", "english")) == ann
    stats = await store.player_stats("test", "ann")
    assert (stats.games, stats.wins, stats.losses, stats.draws, stats.active) == (2, 0, 1, 1, 0)


async def test_each_variant_has_its_own_rating(store: Repository) -> None:
    """An English and an International game between the same two people move two separate ratings."""
    english = await store.create_game(new_game())
    await store.update_game(finished(english, Result.WHITE_WINS), expected_version=0)
    international = await store.create_game(replace(new_game(), variant="international",
                                                    start_fen=Board("international").fen()))
    await store.update_game(replace(finished(international, Result.DRAW), finished_at=400.0),
                            expected_version=0)
    ann_english = await store.rating("test", "c1", "ann", "english")
    ann_international = await store.rating("test", "c1", "ann", "international")
    assert ann_english is not None and ann_international is not None
    assert ann_english.glicko == ratings.update(NEWCOMER, NEWCOMER, 1.0, 300.0) and ann_english.games == 1
    assert ann_international.glicko == ratings.update(NEWCOMER, NEWCOMER, 0.5, 400.0)
    assert (ann_international.games, ann_international.draws, ann_international.wins) == (1, 1, 0)
    assert await store.ratings("test", "c1", "ann") == [ann_english, ann_international]  # same games: by name
    assert [s.user_id for s in await store.leaderboard("test", "c1", "english")] == ["ann", "bob"]
    board = await store.leaderboard("test", "c1", "international")
    assert [s.variant for s in board] == ["international"] * 2
    assert await store.ratings("test", "c2", "ann") == []


async def test_a_rated_ending_returns_both_ratings_before_and_after(store: Repository) -> None:
    """The update computes the change once; what it returns is what is stored."""
    game = await store.create_game(new_game())
    played = await store.update_game(moved(game), expected_version=0)
    assert played is not None and played.ratings == ()  # an active write changes no rating
    won = await store.update_game(finished(played.game, Result.WHITE_WINS), expected_version=1)
    assert won is not None and won.game.version == 2 and not won.game.active
    assert won.ratings == (RatingChange("ann", NEWCOMER, ratings.update(NEWCOMER, NEWCOMER, 1.0, 300.0)),
                           RatingChange("bob", NEWCOMER, ratings.update(NEWCOMER, NEWCOMER, 0.0, 300.0)))
    for change in won.ratings:
        standing = await store.rating("test", "c1", change.user_id, "english")
        assert standing is not None and (standing.glicko, standing.games) == (change.after, 1)
    again = await store.create_game(new_game(BOB, ANN))  # Bob has White now, and both have a rating
    drawn = await store.update_game(replace(finished(again, Result.DRAW), finished_at=900.0),
                                    expected_version=0)
    assert drawn is not None
    bob, ann = drawn.ratings
    assert (bob.user_id, bob.before, ann.user_id, ann.before) == ("bob", won.ratings[1].after,
                                                                  "ann", won.ratings[0].after)
    assert bob.after == ratings.update(bob.before, ann.before, 0.5, 900.0)
    assert ann.after == ratings.update(ann.before, bob.before, 0.5, 900.0)
    assert bob.after.rating > bob.before.rating and ann.after.rating < ann.before.rating
    for change in drawn.ratings:
        standing = await store.rating("test", "c1", change.user_id, "english")
        assert standing is not None and (standing.glicko, standing.games) == (change.after, 2)
    unrated = await store.create_game(new_game(rated=False))
    ended = await store.update_game(finished(unrated, Result.BLACK_WINS), expected_version=0)
    assert ended is not None and ended.ratings == () and not ended.game.active
    standing = await store.rating("test", "c1", "ann", "english")
    assert standing is not None and (standing.glicko, standing.games) == (ann.after, 2)


async def test_leaderboard_breaks_ties_by_name_byte_order(store: Repository) -> None:
    names = ["b", "B", "a", "Ä", "A"]
    for index, name in enumerate(names):
        game = await store.create_game(new_game(Player(f"w{index}", name), Player(f"x{index}", "~"),
                                                channel="c9"))
        await store.update_game(finished(game, Result.DRAW), expected_version=0)
    board = await store.leaderboard("test", "c9", "english", limit=20)
    assert [s.name for s in board] == ["A", "B", "a", "b", "~", "~", "~", "~", "~", "Ä"]


async def test_challenges_one_open_at_a_time_and_accepted_once(store: Repository) -> None:
    challenge = await store.create_challenge(new_challenge())
    assert challenge.id == 1 and challenge.status is ChallengeStatus.OPEN and challenge.target == BOB
    with pytest.raises(Pending) as pending:
        await store.create_challenge(new_challenge(target=CAT))
    assert pending.value.challenge_id == 1
    assert await store.open_challenges("test", "c1", now=120.0) == [challenge]
    assert await store.expired_challenges(120.0) == []
    assert await store.expired_challenges(160.0) == [challenge]
    game = await store.accept_challenge(1, new_game(challenge_id=1))
    assert game is not None and game.challenge_id == 1
    assert await store.accept_challenge(1, new_game(challenge_id=1)) is None
    accepted = await store.get_challenge(1)
    assert accepted is not None and accepted.status is ChallengeStatus.ACCEPTED
    assert accepted.game_id == game.id
    later = await store.create_challenge(new_challenge(CAT, None))
    assert later.target is None
    with pytest.raises(Busy):  # cat's challenge accepted by bob, who is playing
        await store.accept_challenge(later.id, new_game(CAT, BOB, challenge_id=later.id))
    assert (await store.get_challenge(later.id)).status is ChallengeStatus.OPEN  # type: ignore[union-attr]
    assert await store.close_challenge(later.id, ChallengeStatus.CANCELLED) is True
    assert await store.close_challenge(later.id, ChallengeStatus.EXPIRED) is False


async def test_settings_and_people(store: Repository) -> None:
    assert await store.channel_settings("test", "c1") == ChannelSettings()
    await store.set_channel_settings("test", "c1", ChannelSettings(language="fi"))
    await store.set_channel_settings("test", "c1", ChannelSettings(variant="italian"))
    assert await store.channel_settings("test", "c1") == ChannelSettings("fi", "italian")
    await store.note_name("test", "c1", "u1", "Ann", exact_key="ann", look_key="ann", now=1.0)
    await store.note_name("test", "c1", "u2", "ANN", exact_key="ann", look_key="ann", now=2.0)
    await store.note_name("test", "c2", "u3", "Ann", exact_key="ann", look_key="ann", now=2.0)
    newest_first = [Known("u2", "ANN", "ann"), Known("u1", "Ann", "ann")]
    assert await store.names_like("test", "c1", "ann") == newest_first
    await store.note_name("test", "c1", "u1", "Annie", exact_key="annie", look_key="annie", now=3.0)
    assert await store.names_like("test", "c1", "ann") == [Known("u2", "ANN", "ann")]
    assert await store.names_like("other", "c1", "ann") == []
    await store.note_handle("test", "ann_h", "u1", "Annie", 4.0)
    await store.note_handle("test", "ann_h2", "u1", "Annie", 5.0)  # a new username replaces the old one
    assert await store.by_handle("test", "ann_h") is None
    assert await store.by_handle("test", "ann_h2") == Known("u1", "Annie", "ann_h2")
    await store.note_handle("test", "ann_h2", "u9", "Other", 6.0)  # a username passes to its new owner
    assert await store.by_handle("test", "ann_h2") == Known("u9", "Other", "ann_h2")


async def test_lists_limits_boundaries_reviews_and_hints(store: Repository) -> None:
    first = await store.create_game(new_game())
    other = await store.create_game(new_game(CAT, Player("dan", "Dan")))
    away = await store.create_game(new_game(ANN, CAT, channel="c2"))
    assert await store.channel_games("test", "c1", limit=1) == [first]
    for game, result, at in ((first, Result.WHITE_WINS, 300.0), (other, Result.BLACK_WINS, 250.0)):
        await store.update_game(replace(finished(game, result), finished_at=at), expected_version=0)
    fourth = await store.create_game(new_game())
    await store.update_game(replace(finished(fourth, Result.DRAW), finished_at=300.0), expected_version=0)
    newest_first = [fourth.id, first.id, other.id]  # by the end's time, then the later game
    assert [g.id for g in await store.finished_games("test", "c1")] == newest_first
    assert [g.id for g in await store.finished_games("test", "c1", limit=2)] == newest_first[:2]
    assert await store.channel_games("test", "c1") == [] and await store.active_games() == [away]
    last = await store.last_game_for("test", "c1", "ann")
    assert last is not None and last.id == fourth.id and last.result is Result.DRAW
    assert await store.last_game_for("test", "c1", "nobody") is None
    stats = await store.player_stats("test", "ann")  # every channel: a win, a draw, one under way
    assert (stats.games, stats.wins, stats.losses, stats.draws, stats.active) == (3, 1, 0, 1, 1)
    assert await store.player_stats("other", "ann") == PlayerStats(0, 0, 0, 0, 0)
    assert await store.mark_reminded(first.id, 1, version=1) is False  # finished
    assert await store.stale_games(100.0) == [] and await store.stale_games(100.5) == [away]
    assert await store.saved_review(first.id, 10) is None
    await store.save_review(first.id, 10, '{"a": 1}', 1.0)
    assert await store.saved_review(first.id, 10) == '{"a": 1}'
    assert await store.saved_review(first.id, 9) is None
    await store.save_review(first.id, 12, '{"a": 2}', 2.0)  # replaces the game's earlier review
    assert await store.saved_review(first.id, 10) is None
    assert await store.saved_review(first.id, 12) == '{"a": 2}'
    assert await store.hints_used(first.id) == 0
    for ply in (0, 0, 2):  # once per position
        await store.record_hint(first.id, ply, "ann", "11-15", 1.0)
    assert await store.hints_used(first.id) == 2 and await store.hints_used(other.id) == 0
    challenge = await store.create_challenge(new_challenge(at=100.0))  # expires at 160
    assert await store.open_challenges("test", "c1", now=160.0) == []
    assert await store.expired_challenges(160.0) == [challenge]
    assert await store.close_challenge(challenge.id, ChallengeStatus.DECLINED) is True
    assert await store.accept_challenge(challenge.id, new_game(challenge_id=challenge.id)) is None
    assert await store.expired_challenges(160.0) == [] and await store.get_challenge(99) is None


async def test_notify_choices_and_one_ping_per_position(store: Repository) -> None:
    assert await store.notify_choice("test", "ann") is None
    assert await store.note_told("test", "ann", True, 1.0) is False  # no pings asked for: nobody to tell
    await store.set_notify("test", "ann", True, "fi", 1.0)
    await store.set_notify("other", "ann", False, None, 1.0)  # per platform
    assert await store.notify_choice("test", "ann") == NotifyChoice(True, "fi")
    assert await store.notify_choice("other", "ann") == NotifyChoice(False)
    assert await store.note_told("test", "ann", True, 2.0) is True
    assert await store.note_told("test", "ann", True, 3.0) is False  # told once
    assert await store.notify_choice("test", "ann") == NotifyChoice(True, "fi", told=True)
    assert await store.note_told("test", "ann", False, 4.0) is True  # reached again
    assert await store.note_told("test", "ann", False, 4.0) is False
    await store.note_told("test", "ann", True, 5.0)
    await store.set_notify("test", "ann", False, None, 6.0)  # the language stays; told starts over
    assert await store.notify_choice("test", "ann") == NotifyChoice(False, "fi")
    assert await store.note_told("test", "ann", True, 7.0) is False  # off: nothing to tell
    game = await store.create_game(new_game())
    other = await store.create_game(new_game(CAT, Player("dan", "Dan")))
    link = Place("https://chat.test/1", "Club")
    assert await store.ping_place(game.id, 0) is None
    assert await store.claim_ping(game.id, 0, "bob", link, 8.0) is True
    assert await store.claim_ping(game.id, 0, "bob", Place(chat="Elsewhere"), 9.0) is False
    assert await store.claim_ping(game.id, 1, "ann", Place(), 9.0) is True
    assert await store.claim_ping(other.id, 0, "dan", Place(chat="Club"), 9.0) is True
    assert await store.ping_place(game.id, 0) == link
    assert await store.ping_place(game.id, 1) == Place()
    assert await store.ping_place(game.id, 2) is None


async def test_racing_updates_from_two_connections_apply_exactly_one(database: str) -> None:
    """Two repositories (two connections, as two processes have) write the same game at once."""
    first, second = await open_repository(database), await open_repository(database)
    try:
        game = await first.create_game(new_game())
        for round_ in range(20):
            changes = [moved(game, "9-13"), moved(game, "10-14")]
            done = await asyncio.gather(first.update_game(changes[0], expected_version=game.version),
                                        second.update_game(changes[1], expected_version=game.version))
            applied = [result.game for result in done if result is not None]
            assert len(applied) == 1, round_
            stored = await second.get_game(game.id)
            assert stored == applied[0] and stored.version == round_ + 1
            game = replace(game, version=stored.version)
        ending = [finished(game, Result.WHITE_WINS), finished(game, Result.BLACK_WINS)]
        ended = await asyncio.gather(*(repo.update_game(end, expected_version=game.version)
                                       for repo, end in zip((first, second), ending, strict=True)))
        assert sum(result is not None for result in ended) == 1
        ann = await first.rating("test", "c1", "ann", "english")
        assert ann is not None and ann.games == 1  # rated once
    finally:
        await first.close()
        await second.close()


async def test_racing_challenges_and_seats_across_connections(database: str) -> None:
    repositories = [await open_repository(database) for _ in range(4)]
    try:
        results = await asyncio.gather(*(repo.create_challenge(new_challenge(at=100.0 + i))
                                         for i, repo in enumerate(repositories)), return_exceptions=True)
        assert sum(not isinstance(result, Exception) for result in results) == 1
        assert all(isinstance(result, Pending) for result in results if isinstance(result, Exception))
        games = await asyncio.gather(*(repo.create_game(new_game(Player(f"p{i}", "P"), BOB))
                                       for i, repo in enumerate(repositories)), return_exceptions=True)
        assert sum(isinstance(result, Game) for result in games) == 1
        assert all(isinstance(result, Busy) for result in games if not isinstance(result, Game))
    finally:
        for repo in repositories:
            await repo.close()


async def test_several_openers_migrate_a_fresh_database_once(database: str) -> None:
    """The version read and the migrations run under one lock, so openers racing on a fresh database
    do not apply a migration twice (which would fail: its tables would already exist)."""
    opened = await asyncio.gather(*(open_repository(database) for _ in range(6)), return_exceptions=True)
    repositories = [repo for repo in opened if not isinstance(repo, BaseException)]
    try:
        assert len(repositories) == 6, opened
        backend = "postgres" if "://" in database else "sqlite"
        for repo in repositories:
            assert await repo.schema_version() == len(migrations(backend))
        assert (await repositories[0].create_game(new_game())).id == 1
    finally:
        for repo in repositories:
            await repo.close()


async def test_a_newer_schema_is_refused(database: str) -> None:
    repository = await open_repository(database)
    version = await repository.schema_version()
    await repository.close()
    if "://" in database:
        import asyncpg

        connection = await asyncpg.connect(database)
        await connection.execute("INSERT INTO tammi_schema (version, applied_at) VALUES ($1, 0)", version + 5)
        await connection.close()
    else:
        import aiosqlite

        async with aiosqlite.connect(database) as db:
            await db.execute(f"PRAGMA user_version = {version + 5}")
            await db.commit()
    with pytest.raises(StorageError, match="newer than this Tammi knows"):
        await open_repository(database)


async def test_a_closed_repository_refuses_work(store: Repository) -> None:
    await store.close()
    await store.close()
    with pytest.raises(StorageError, match="closed"):
        await store.get_game(1)


def test_without_a_server_postgresql_tests_skip_or_under_ci_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("TAMMI_TEST_POSTGRES_URL", f"postgresql://tammi:secret@127.0.0.1:{port}/x")
    monkeypatch.delenv("TAMMI_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL tests need a server") as skipped:
        start_server()
    assert "secret" not in str(skipped.value) and f"tammi:***@127.0.0.1:{port}" in str(skipped.value)
    monkeypatch.setenv("TAMMI_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="TAMMI_REQUIRE_POSTGRES=1: failing instead of skipping"):
        start_server()


async def test_the_memory_repository_counts_the_calls_that_read() -> None:
    memory = MemoryRepository(Glicko2())
    game = await memory.create_game(new_game())
    assert memory.reads == Counter() and memory.writes == Counter({"create_game": 1})
    await memory.get_game(game.id)
    await memory.active_game_for("test", "c1", "ann")
    await memory.get_game(game.id)
    assert memory.reads == Counter({"get_game": 2, "active_game_for": 1})
    assert await memory.update_game(moved(game), expected_version=0) is not None
    assert memory.writes["update_game"] == 1 and memory.reads["get_game"] == 2

"""Racing moves, restarts (including kill -9), bad input, background sweeps and the built-in opponent."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import open_repository
from bot.chat.events import Event, Person
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from engine import Board, Move
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game
from tests.fakes.tammi_process import read_until

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    chat = await open_chat(database)
    yield chat
    await close_chat(chat)


async def test_racing_submissions_apply_exactly_once(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    moves = [str(m) for m in Board("english").legal_moves]
    # 60 concurrent submissions of every legal move by the player to move.
    events = [chat.say("bob", moves[i % len(moves)]) for i in range(60)]
    results = await asyncio.gather(*events)
    played = [r[0] for r in results if r and r[0].kind == "board"]
    assert len(played) == 1
    refused = [r[0] for r in results if r and r[0].kind == "error"]
    assert len(refused) == 59 and all("not your turn" in r.text for r in refused)
    game = await chat.storage.get_game(game_id)
    assert game is not None and len(game.moves) == 1 and game.version == 1


async def test_racing_across_two_services_on_one_database(database: str) -> None:
    """Two processes' worth of service over the same database: the version check lets one move in."""
    first = await open_chat(database)
    second_storage = await open_repository(first.database)
    second = GameService(second_storage, first.service.config, clock=first.clock)
    try:
        game_id = await start_game(first, "ann", "bob", "white")
        event = Event("test", "c1", Person("bob", "bob"), text="11-15")
        other = Event("test", "c1", Person("bob", "bob"), text="9-13")
        results = await asyncio.gather(*(
            (first.service if i % 2 else second).handle(event if i % 3 else other) for i in range(20)))
        played = [r[0] for r in results if r[0].kind == "board"]
        assert len(played) == 1
        game = await first.storage.get_game(game_id)
        assert game is not None and len(game.moves) == 1
    finally:
        await second.close()
        await second_storage.close()
        await close_chat(first)


async def test_stale_version_is_refused_by_storage(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    game = await chat.storage.get_game(game_id)
    assert game is not None
    board = Board("english")
    board.push(board.parse_move("9-13"))
    first = await chat.storage.update_game(replace(game, moves=("9-13",), fen=board.fen()),
                                           expected_version=game.version)
    again = await chat.storage.update_game(replace(game, moves=("10-14",), fen=board.fen()),
                                           expected_version=game.version)
    assert first is not None and first.game.version == 1 and again is None
    stored = await chat.storage.get_game(game_id)
    assert stored is not None and stored.moves == ("9-13",)


async def test_restart_in_the_middle_of_a_game(database: str) -> None:
    chat = await open_chat(database)
    game_id = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15")
    await chat.say("ann", "22-18 draw")
    await close_chat(chat)
    again = await open_chat(database)
    try:
        board = await again.say("bob", "!tammi board")
        assert "Last move: 22-18" in board[0].text and "offers a draw" in board[0].text
        moved = await again.say("bob", "15x22")
        assert moved[0].text.startswith("bob played 15x22") and "declined by the move" in moved[0].text
        game = await again.storage.get_game(game_id)
        assert game is not None and game.moves == ("11-15", "22-18", "15x22")
    finally:
        await close_chat(again)


def _console(db: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console", "--db",
         str(db), "--no-pictures", "--user", "ann"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


async def test_kill_minus_nine_loses_nothing_acknowledged(database: str) -> None:
    db = database
    process = _console(db)
    try:
        assert process.stdin is not None
        for line in ["challenge bob white", "bob> accept", "bob> 11-15", "22-18", "bob> 15x22"]:
            process.stdin.write(line + "\n")
        process.stdin.flush()
        read_until(process, "bob played 15x22")
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    storage = await open_repository(db)
    try:
        game = await storage.active_game_for("console", "console", "ann")
        assert game is not None and game.moves == ("11-15", "22-18", "15x22")
    finally:
        await storage.close()


BAD_INPUTS = [
    "",
    "   ",
    "x" * 100_000,
    "!tammi challenge " + "y" * 100_000,
    "9-13\x00\x07\x1b[31m",
    "\x00\x01\x02",
    "'; DROP TABLE games; --",
    "!tammi challenge '; DROP TABLE games; --",
    "!tammi rules ' OR 1=1 --",
    "!tammi accept 99999999999999999999999",
    "!tammi pdn 99999999999",
    "1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-16-17-18-19-20",
    "!tammi",
    "!tammi nonsense",
    "/move",
    "🂡" * 500,
    "!tammi accept ²",
    "!tammi pdn ³",
    "!tammi play ²",
    "!tammi board #",
]


@pytest.mark.parametrize("text", BAD_INPUTS, ids=range(len(BAD_INPUTS)))
async def test_bad_input_is_answered_without_harm(chat: Chat, text: str) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    replies = await chat.say("bob", text, addressed=True)
    for reply in replies:
        assert len(reply.text) < 5000
        assert "went wrong" not in reply.text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.active
    assert (await chat.say("bob", "11-15"))[0].kind == "board"


async def test_a_typed_game_id_that_names_no_game_is_refused(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    for command in ("resign", "claim", "moves", "board", "pdn", "rematch"):
        replies = await chat.command("ann", command, f"#{game_id + 76}")
        assert replies[0].private and replies[0].text == f"There is no game #{game_id + 76}.", command
    replies = await chat.command("ann", "resign", str(game_id + 76), locale="fi")
    assert replies[0].text == f"Peliä #{game_id + 76} ei ole."
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.active


async def test_move_button_of_a_game_elsewhere_gives_only_the_refusal(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    chat.platform = "elsewhere"
    replies = await chat.press("ann", f"mov:{game_id}")
    assert [reply.text for reply in replies] == [f"There is no game #{game_id}."]
    chat.platform = "test"
    replies = await chat.press("bob", f"mov:{game_id}")  # the player to move
    assert [reply.kind for reply in replies] == ["moves", "help"]


async def test_bad_buttons_and_commands(chat: Chat) -> None:
    for button in ("acc", "acc:", "acc:x", "zzz:1", "res:999", "acc:999", ":" * 70, "brd:-1",
                   "acc:99999999999999999999999", "brd:" + "9" * 60, "acc:1e5", "acc:٣"):
        replies = await chat.press("ann", button)
        assert replies and replies[0].private, button
        assert "went wrong" not in replies[0].text, button
    assert (await chat.command("ann", "no-such-command"))[0].kind == "error"
    assert (await chat.command("ann", "challenge", "x" * 5000))[0].kind == "error"
    mentions = (Person("ann", "@everyone"),)
    replies = await chat.command("bob", "challenge", "@everyone", mentions=mentions)
    assert "@everyone" not in replies[0].text


async def test_unexpected_error_becomes_a_polite_reply(chat: Chat, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    chat.service.repository.active_game_for = broken  # type: ignore[method-assign]
    replies = await chat.say("ann", "!tammi board", locale="fi")
    assert replies[0].text.startswith("Anteeksi") and replies[0].private
    assert "disk on fire" in caplog.text


async def test_challenges_expire(chat: Chat) -> None:
    await chat.say("ann", "!tammi challenge @bob")
    chat.clock.advance(chat.service.config.challenge_expiry.total_seconds() + 1)
    assert "no longer open" in (await chat.press("bob", "acc:1"))[0].text
    await chat.service.maintain()
    assert len(chat.notices) == 1 and "expired" in chat.notices[0].reply.text
    assert chat.notices[0].channel_id == "c1"
    challenge = await chat.storage.get_challenge(1)
    assert challenge is not None and challenge.status == "expired"
    await chat.service.maintain()
    assert len(chat.notices) == 1


async def test_reminder_then_abandonment_claim(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    for move, user in [("11-15", "bob"), ("22-18", "ann"), ("15x22", "bob"), ("25x18", "ann")]:
        await chat.say(user, move)
    assert "claim the win if bob does not move" in await chat.text("ann", "!tammi claim")
    chat.clock.advance(chat.service.config.reminder_after.total_seconds() + 60)
    await chat.service.maintain()
    assert len(chat.notices) == 1
    reminder = chat.notices[0].reply
    assert "bob, it is your move" in reminder.text and "ann may claim the win" in reminder.text
    assert [p.user_id for p in reminder.mentions] == ["bob", "ann"]
    await chat.service.maintain()
    assert len(chat.notices) == 1  # reminded once
    assert "nothing to claim" in await chat.text("bob", "!tammi claim")
    chat.clock.advance(chat.service.config.abandon_after.total_seconds())
    await chat.service.maintain()
    assert len(chat.notices) == 2 and "ann, bob has not moved" in chat.notices[1].reply.text
    done = await chat.say("ann", "!tammi claim")
    assert "ann (White) wins: bob (Red) did not move" in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.result == "1-0" and game.ending == "abandon"


def first_move(board: Board, **limits: Any) -> Move:
    return next(iter(board.legal_moves))


async def test_play_the_bot_with_a_stand_in_opponent(database: str) -> None:
    calls: list[dict[str, Any]] = []

    def choose(board: Board, **limits: Any) -> Move:
        calls.append(limits)
        return random.Random(len(calls)).choice(list(board.legal_moves))

    chat = await open_chat(database, choose_move=choose, seed=3)
    try:
        started = await chat.say("ann", "!tammi play 3 white")
        assert started[0].game_id is not None and "Tammi" in started[0].text
        game = await chat.storage.get_game(started[0].game_id)
        assert game is not None and game.white.user_id == "ann" and game.bot_level == 3
        # English: Red (the bot) moves first; its move arrives as a notice.
        await chat.service.wait_idle()
        assert calls and calls[0]["level"] == 3 and calls[0]["time_limit"] == 2.0
        assert chat.notices and chat.notices[-1].reply.text.startswith("Tammi played")
        moves = await chat.service.suggest_moves("test", "c1", "ann")
        reply = await chat.say("ann", moves[0])
        assert reply[0].kind == "board"
        await chat.service.wait_idle()
        game = await chat.storage.get_game(game.id)
        assert game is not None and len(game.moves) == 3
        undone = await chat.say("ann", "!tammi undo")
        assert "taken back" in undone[0].text
        game = await chat.storage.get_game(game.id)
        assert game is not None and len(game.moves) == 1 and not game.rated
    finally:
        await close_chat(chat)


async def test_bot_resumes_after_restart(database: str) -> None:
    chat = await open_chat(database, choose_move=first_move)
    started = await chat.say("ann", "!tammi play white")
    game_id = started[0].game_id
    assert game_id is not None
    await chat.service.close()  # stop before the bot's move is stored
    await chat.storage.close()
    game_before = await (storage := await open_repository(chat.database)).get_game(game_id)
    await storage.close()
    again = await open_chat(database, choose_move=first_move)
    try:
        await again.service.start()
        await again.service.wait_idle()
        game = await again.storage.get_game(game_id)
        assert game is not None and game_before is not None and game_before.moves == ()
        assert len(game.moves) == 1 and game.moves[0] == str(next(iter(Board("english").legal_moves)))
    finally:
        await close_chat(again)


async def test_slow_bot_says_it_is_thinking(database: str) -> None:
    def slow(board: Board, **limits: Any) -> Move:
        import time

        time.sleep(0.3)
        return first_move(board)

    chat = await open_chat(database, choose_move=slow)
    chat.service.thinking_after = 0.05
    try:
        await chat.say("ann", "!tammi play white")
        await chat.service.wait_idle()
        texts = [n.reply.text for n in chat.notices]
        assert texts[0] == "Tammi is thinking…" and texts[1].startswith("Tammi played")
    finally:
        await close_chat(chat)


async def test_pictures_are_attached(database: str) -> None:
    chat = await open_chat(database, pictures=True)
    try:
        game_id = await start_game(chat, "ann", "bob", "white")
        reply = (await chat.say("bob", "11-15"))[0]
        assert reply.attachment is not None and reply.attachment.filename == "board.png"
        assert reply.attachment.data.startswith(b"\x89PNG")
        gif = await chat.say("ann", "!tammi gif")
        assert gif[0].attachment is not None and gif[0].attachment.is_animation
        assert gif[0].attachment.data.startswith(b"GIF") and gif[0].game_id == game_id
        # Finished games can be replayed too, by number, by anyone in the channel.
        await chat.say("ann", "!tammi resign")
        again = await chat.say("eve", f"!tammi gif {game_id}")
        assert again[0].attachment is not None and again[0].text == f"Replay of game #{game_id}."
    finally:
        await close_chat(chat)


async def test_storage_schema_and_pragmas(tmp_path: Path) -> None:
    import aiosqlite

    storage = await open_repository(tmp_path / "s.db")
    try:
        assert await storage.schema_version() >= 1
    finally:
        await storage.close()
    async with aiosqlite.connect(tmp_path / "s.db") as db:
        async with db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone()) == ("wal",)
        await db.execute("PRAGMA user_version = 999")
        await db.commit()
    from bot.storage import StorageError

    with pytest.raises(StorageError, match="newer"):
        await open_repository(tmp_path / "s.db")


def test_config_picture_size_reaches_the_service(tmp_path: Path) -> None:
    config = Config(database=tmp_path / "x.db", picture=PictureConfig(size=200, theme="wood"))
    assert config.picture.size == 200


async def test_pictures_from_a_worker_process(database: str) -> None:
    config = Config(database=database, picture=PictureConfig(size=160, workers=1))
    chat = await open_chat(database, config=config, pictures=True)
    try:
        await chat.service.start()
        await start_game(chat, "ann", "bob", "white")
        await chat.say("bob", "11-15")
        await chat.say("ann", "22-18")
        reply = (await chat.say("bob", "15x22"))[0]
        assert reply.attachment is not None and reply.attachment.data.startswith(b"\x89PNG")
        in_threads = Config(database=chat.database, picture=PictureConfig(size=160, workers=0))
        threads = GameService(chat.storage, in_threads)
        game = await chat.storage.active_game_for("test", "c1", "bob")
        assert game is not None
        board = threads.desk.board(game)
        same = await threads.workers.board_png(board, flipped=True)  # Red, who moved first, at the bottom
        assert same == reply.attachment.data  # the worker draws exactly what a thread draws
    finally:
        await close_chat(chat)


async def test_play_the_real_opponent(database: str) -> None:
    pytest.importorskip("engine.search")
    from bot.config import OpponentConfig

    config = Config(database=database, opponent=OpponentConfig(time_limit=0.05, node_limit=3000))
    chat = await open_chat(database, config=config)
    try:
        started = await chat.say("ann", "!tammi play 1 black italian")
        game_id = started[0].game_id
        assert game_id is not None
        rng = random.Random(4)
        for _ in range(5):  # Italian: White (the bot) moves first
            await chat.service.wait_idle()
            game = await chat.storage.get_game(game_id)
            assert game is not None
            if not game.active:
                break
            moves = await chat.service.suggest_moves("test", "c1", "ann")
            assert moves, game
            assert (await chat.say("ann", rng.choice(moves)))[0].kind == "board"
        await chat.service.wait_idle()
        game = await chat.storage.get_game(game_id)
        assert game is not None and len(game.moves) >= 10
        assert all(n.reply.text.startswith(("Tammi played", "Tammi is thinking")) for n in chat.notices)
        assert "Tammi" in await chat.text("ann", "!tammi resign")
    finally:
        await close_chat(chat)


async def test_racing_challenges_post_one(chat: Chat) -> None:
    results = await asyncio.gather(*(chat.say("ann", f"!tammi challenge @p{i}") for i in range(10)))
    posted = [r[0] for r in results if r[0].kind == "challenge"]
    assert len(posted) == 1
    assert all("already have an open challenge" in r[0].text for r in results if r[0].kind == "error")
    accepted = await asyncio.gather(*(chat.say(f"p{i}", "!tammi accept") for i in range(10)))
    assert sum(1 for r in accepted if r[0].game_id is not None) == 1


async def test_a_dead_picture_worker_is_replaced(database: str, caplog: pytest.LogCaptureFixture) -> None:
    config = Config(database=database, picture=PictureConfig(size=120, workers=1))
    chat = await open_chat(database, config=config, pictures=True)
    try:
        await start_game(chat, "ann", "bob", "white")
        assert (await chat.say("bob", "11-15"))[0].attachment is not None
        pool = chat.service.workers._pools.get("pictures")
        assert pool is not None
        for process in list(pool._processes.values()):  # type: ignore[attr-defined]
            process.kill()
            process.join()
        lost = (await chat.say("ann", "22-18"))[0]
        assert lost.kind == "board" and lost.attachment is None  # the move still counts
        assert "drawing a board failed" in caplog.text
        again = (await chat.say("bob", "15x22"))[0]
        assert again.attachment is not None and again.attachment.data.startswith(b"\x89PNG")
    finally:
        await close_chat(chat)

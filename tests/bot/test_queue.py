"""The job queue for heavy work on PostgreSQL (`[queue] use = true`): chat processes put the bot's moves and
reviews on it, `tammi worker` processes take them. Two workers racing for jobs take each once; a worker
killed with SIGKILL mid-review leaves the job to the other worker once its lease ends, and the review is
stored and posted once; a job failing three times is given up and the asker told; a chat process with
no search of its own plays a whole game against the bot through the queue; and a result that arrives
after the game changed is not applied; a database that is down is an outage, not a failed job. On a real
PostgreSQL server (those tests are skipped without one)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import pytest

from bot.app import open_repository, open_service
from bot.chat import review_progress
from bot.chat.events import Notice
from bot.config import Config, OpponentConfig, PictureConfig, ReviewConfig
from bot.config_values import QueueConfig
from bot.domain.model import BOT, Game, Player
from bot.flows.job_work import Done, JobWork
from bot.flows.queued import QueuedTurns, turn_key
from bot.storage.jobs import MAX_ATTEMPTS, JobStore
from bot.storage.repository import Unavailable
from bot.worker import QueueWorker, work
from bot.workers import Workers
from engine import Board
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, Clock
from tests.bot.test_health import free_port

ROOT = Path(__file__).resolve().parents[2]
QUEUE = {"use": True, "lease": 2, "poll": 0.2, "retry_after": 0.05}
# Red (bob) blunders a man with 16-19 at his fifth move; White (ann) takes it with 24x15x8.
OPENING = ["11-15", "22-18", "15x22", "26x17", "8-11", "25-22", "12-16", "17-13", "16-19", "24x15x8"]


@pytest.fixture
async def url(databases: Databases) -> str:
    return await databases.new("postgres")


def queued_config(url: str, *, review_nodes: int = 2000, **queue: Any) -> Config:
    return Config(database=url, picture=PictureConfig(size=160, workers=0),
                  opponent=OpponentConfig(time_limit=0.05, node_limit=300, workers=0),
                  review=ReviewConfig(node_limit=review_nodes, workers=0, hint_time=0.05),
                  queue=QueueConfig(**{**QUEUE, **queue}))


@contextlib.asynccontextmanager
async def chat_process(config: Config) -> AsyncIterator[Chat]:
    """A chat process as `tammi run` opens it, with its notices collected; its own searches fail (it has
    none: everything heavy goes to the queue)."""
    async with open_service(config) as service:
        chat = Chat(service, service.repository, Clock(), config.database)

        async def sender(notice: Notice) -> None:
            chat.notices.append(notice)

        async def no_local_search(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError("the chat process searched by itself")

        async def no_picture(*args: Any, **kwargs: Any) -> None:
            return None

        service.workers.choose = no_local_search  # type: ignore[method-assign]
        service.workers.review = no_local_search  # type: ignore[method-assign]
        service.workers.board_png = no_picture  # type: ignore[method-assign]
        service.add_sender("test", sender)
        yield chat
        await service.wait_idle()


@dataclass
class Running:
    worker: QueueWorker
    workers: Workers
    stop: asyncio.Event
    task: asyncio.Task[None]


@contextlib.asynccontextmanager
async def worker_task(config: Config, name: str, *, choose_move: Callable[..., Any] | None = None,
                      review: Callable[..., Any] | None = None) -> AsyncIterator[Running]:
    """A worker in a task of this process, with its own connections, as `tammi worker` runs one."""
    repository = await open_repository(config.database)
    jobs = await JobStore.open(config.database, lease=config.queue.lease.total_seconds(),
                               retry_after=config.queue.retry_after.total_seconds())
    workers = Workers(search=0, reviews=0, choose_move=choose_move)
    if review is not None:
        workers.review = review  # type: ignore[method-assign]
    worker = QueueWorker(jobs, JobWork(repository, workers).handlers(), poll=0.2, name=name, note_every=0.1)
    stop = asyncio.Event()
    running = Running(worker, workers, stop, asyncio.create_task(worker.serve(stop)))
    try:
        yield running
    finally:
        stop.set()
        await asyncio.wait_for(running.task, 30)
        await workers.close()
        await jobs.close()
        await repository.close()


async def rows(url: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(url)
    try:
        return list(await connection.fetch(sql, *args))
    finally:
        await connection.close()


async def until(check: Callable[[], Any], timeout: float = 60.0, what: str = "") -> Any:
    """Wait for `check()` (a coroutine function or a plain one) to give something true; that value."""
    async def look() -> Any:
        while True:
            found = check()
            if asyncio.iscoroutine(found):
                found = await found
            if found:
                return found
            await asyncio.sleep(0.05)

    try:
        return await asyncio.wait_for(look(), timeout)
    except TimeoutError:
        raise AssertionError(f"waited {timeout} s in vain for {what or check}") from None


async def human_game(chat: Chat) -> int:
    """ann (White) and bob (Red) play the opening with bob's blunder; bob resigns. The game's id."""
    await chat.say("ann", "!tammi challenge @bob white")
    game_id = (await chat.say("bob", "!tammi accept"))[0].game_id
    assert game_id is not None
    for ply, text in enumerate(OPENING):
        replies = await chat.say("bob" if ply % 2 == 0 else "ann", text)
        assert replies[0].kind == "board", replies
    await chat.press("bob", f"rsc:{game_id}")
    return game_id


def review_posts(chat: Chat, game_id: int) -> list[str]:
    return [n.reply.text for n in chat.notices if n.reply.text.startswith(f"Review of game #{game_id}:")]


async def start_worker(url: str, folder: Path) -> asyncio.subprocess.Process:
    """A real `tammi worker` process (searches and reviews in its threads, a 2 s lease)."""
    settings = folder / "worker.toml"
    settings.write_text("[opponent]\nworkers = 0\n[review]\nworkers = 0\n[queue]\nuse = true\nlease = 2\n"
                        "poll = 0.2\n", encoding="utf-8")
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "worker", "--db",
        url, "--config", str(settings), cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


async def taken_by(url: str, pid: int) -> bool:
    """Whether the review job is running, held by the worker process `pid`."""
    found = await rows(url, "SELECT worker, status FROM jobs WHERE kind = 'review'")
    return bool(found) and found[0]["status"] == "running" and f":{pid}:" in (found[0]["worker"] or "")


# -- the queue itself --------------------------------------------------------------------------------

async def test_two_workers_racing_for_jobs_take_each_once(url: str) -> None:
    await (await open_repository(url)).close()  # the schema, jobs table included
    first, second = [await JobStore.open(url, lease=30) for _ in range(2)]
    try:
        job_id = await first.put("count", "count:only", {"n": 0})
        assert await second.put("count", "count:only", {"n": 0}) == job_id  # one job per key
        taken = await asyncio.gather(*(store.take(["count"], name) for _ in range(8)
                                       for store, name in ((first, "A"), (second, "B"))))
        assert len([job for job in taken if job is not None]) == 1

        ran: list[tuple[str, int]] = []

        def counting(name: str) -> Any:
            async def run(payload: dict[str, Any], progress: Any) -> Done:
                ran.append((name, payload["n"]))
                await asyncio.sleep(0.01)
                return Done(json.dumps(payload["n"]))
            return run

        for n in range(1, 21):
            await first.put("count", f"count:{n}", {"n": n})
        stop = asyncio.Event()
        workers = [QueueWorker(store, {"count": counting(name)}, slots=2, poll=0.1, name=name)
                   for store, name in ((first, "A"), (second, "B"))]
        serving = [asyncio.create_task(worker.serve(stop)) for worker in workers]
        async def all_done() -> bool:
            return len(await rows(url, "SELECT id FROM jobs WHERE status = 'done'")) == 20

        await until(all_done, what="20 jobs done")
        stop.set()
        await asyncio.gather(*serving)
        assert sorted(n for _, n in ran) == list(range(1, 21))  # each once, by one worker or the other
        done = await rows(url, "SELECT key, status, attempts, worker, result FROM jobs"
                               " WHERE key <> 'count:only'")
        assert len(done) == 20 and {row["status"] for row in done} == {"done"}
        assert all(row["attempts"] == 1 and row["result"] == row["key"].split(":")[1] for row in done)
        assert {(row["worker"], int(row["key"].split(":")[1])) for row in done} == set(ran)
    finally:
        await first.close()
        await second.close()


async def test_a_long_review_does_not_hold_up_the_bot_moves_of_its_worker(url: str) -> None:
    await (await open_repository(url)).close()
    store = await JobStore.open(url, lease=30)
    release = asyncio.Event()
    started: list[str] = []

    async def review(payload: dict[str, Any], progress: Any) -> Done:
        started.append("review")
        await release.wait()
        return Done("{}")

    async def bot_move(payload: dict[str, Any], progress: Any) -> Done:
        started.append("bot-move")
        return Done(json.dumps({"stale": True}))

    stop = asyncio.Event()
    worker = QueueWorker(store, {"review": review, "bot-move": bot_move}, slots=1, poll=0.1, name="W")
    serving = asyncio.create_task(worker.serve(stop))
    try:
        reviews = [await store.put("review", f"review:{n}:10", {}) for n in (1, 2)]
        await until(lambda: started == ["review"], what="the first review to start")
        move = await store.put("bot-move", "bot-move:1:3", {})
        assert (await store.wait(move, poll=0.1)).done  # while the review runs
        assert started == ["review", "bot-move"]  # and the second review waits for the first's slot
        release.set()
        for job_id in reviews:
            assert (await store.wait(job_id, poll=0.1)).done
        assert started == ["review", "bot-move", "review"]
    finally:
        stop.set()
        await serving
        await store.close()


# -- reviews -----------------------------------------------------------------------------------------

async def test_a_worker_killed_mid_review_leaves_it_to_the_other_after_the_lease(url: str,
                                                                                 tmp_path: Path) -> None:
    config = queued_config(url, review_nodes=12000)  # a review of seconds: killed well before its end
    async with chat_process(config) as chat:
        game_id = await human_game(chat)
        killed = await start_worker(url, tmp_path)
        try:
            started = await chat.say("ann", f"!tammi review {game_id}")
            assert "Reviewing game" in started[0].text
            await until(lambda: taken_by(url, killed.pid), what="the worker process to take the review")
            killed.send_signal(signal.SIGKILL)
            await killed.wait()
        finally:
            if killed.returncode is None:
                killed.kill()
                await killed.wait()
        assert killed.returncode == -signal.SIGKILL
        assert not review_posts(chat, game_id)
        async with worker_task(config, "B"):
            await until(lambda: review_posts(chat, game_id), what="the review to be posted")
        await chat.service.wait_idle()
        job = (await rows(url, "SELECT status, attempts, worker FROM jobs WHERE kind = 'review'"))[0]
        assert (job["status"], job["attempts"], job["worker"]) == ("done", 2, "B")
        stored = await rows(url, "SELECT game_id, plies, data FROM reviews")
        assert [(row["game_id"], row["plies"]) for row in stored] == [(game_id, len(OPENING))]
        assert len(review_posts(chat, game_id)) == 1
        assert any("24x15x8" in notice.reply.text or "16-19" in notice.reply.text for notice in chat.notices)
        again = await chat.say("bob", f"!tammi review {game_id}")  # from storage now, no new job
        assert again[0].text.startswith(f"Review of game #{game_id}:")
        assert len(await rows(url, "SELECT id FROM jobs")) == 1


async def test_a_worker_stopped_with_sigterm_hands_its_job_back_untried(url: str, tmp_path: Path) -> None:
    config = queued_config(url, review_nodes=12000)  # a review of seconds: killed well before its end
    async with chat_process(config) as chat:
        game_id = await human_game(chat)
        process = await start_worker(url, tmp_path)
        try:
            await chat.say("ann", f"!tammi review {game_id}")
            await until(lambda: taken_by(url, process.pid), what="the worker process to take the review")
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(process.wait(), 60) == 0
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        job = (await rows(url, "SELECT status, attempts, worker, leased_until FROM jobs"))[0]
        assert (job["status"], job["attempts"], job["worker"]) == ("queued", 0, None)
        assert job["leased_until"] is None
        async with worker_task(queued_config(url), "B"):  # taken again at once, as a first try
            await until(lambda: review_posts(chat, game_id), what="the review to be posted")
        job = (await rows(url, "SELECT status, attempts, worker FROM jobs"))[0]
        assert (job["status"], job["attempts"], job["worker"]) == ("done", 1, "B")


async def test_a_queued_reviews_note_says_how_far_its_worker_has_got(url: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_progress, "EVERY", 0.0)  # every note of the worker shows
    config = queued_config(url, review_nodes=6000)
    async with chat_process(config) as chat:
        game_id = await human_game(chat)
        [note] = await chat.say("ann", f"!tammi review {game_id}")
        assert note.live is not None
        await note.live.kept("n1")  # the adapter posted the note as message n1
        async with worker_task(config, "W"):
            await until(lambda: review_posts(chat, game_id), what="the review to be posted")
        await chat.service.wait_idle()
        shown = [n.reply for n in chat.notices if n.reply.live is not None and n.reply.live.edit == "n1"]
        *going, done = [reply.text for reply in shown]
        assert going and all(text.startswith(f"Reviewing game #{game_id}: move ") for text in going), shown
        moves = [int(text.split("move ")[1].split(" of ")[0]) for text in going]
        assert moves == sorted(set(moves)) and all(text.endswith(f"of {len(OPENING)}…") for text in going)
        assert done.startswith(f"Game #{game_id} reviewed")


async def test_a_job_failing_three_times_is_given_up_and_the_asker_told(url: str) -> None:
    config = queued_config(url)
    tries: list[str] = []

    async def broken_review(*args: Any, **kwargs: Any) -> Any:
        tries.append("review")
        raise RuntimeError("the engine fell over")

    def broken_search(*args: Any, **kwargs: Any) -> Any:
        tries.append("move")
        raise RuntimeError("the search fell over")

    async with chat_process(config) as chat, worker_task(config, "W", review=broken_review,
                                                         choose_move=broken_search) as running:
        game_id = await human_game(chat)
        await chat.say("ann", f"!tammi review {game_id}")
        told = await until(lambda: [n for n in chat.notices if "gave up" in n.reply.text],
                           what="the notice that the review was given up")
        assert told[0].reply.text == (f"The review of game #{game_id} failed: the workers tried 3 times and "
                                      "gave up. Please ask again later.")
        assert [person.user_id for person in told[0].reply.mentions] == ["ann"]
        assert tries == ["review"] * MAX_ATTEMPTS
        job = (await rows(url, "SELECT status, attempts, error FROM jobs WHERE kind = 'review'"))[0]
        assert (job["status"], job["attempts"]) == ("failed", 3) and "the engine fell over" in job["error"]
        assert not await rows(url, "SELECT game_id FROM reviews")

        chat.notices.clear()
        await chat.say("carol", "!tammi play 1 black", locale="fi")  # Finnish; carol moves first (Red)
        await chat.say("carol", "11-15", locale="fi")
        told = await until(lambda: [n for n in chat.notices if "luopuivat" in n.reply.text],
                           what="the notice that the bot's move was given up")
        bot_game = (await rows(url, "SELECT id, moves FROM games WHERE id <> $1", game_id))[0]
        assert told[0].reply.text == (f"En löytänyt siirtoa pelissä #{bot_game['id']}: työprosessit "
                                      "yrittivät 3 kertaa ja luopuivat. Anteeksi: peli jää ennalleen.")
        assert [person.user_id for person in told[0].reply.mentions] == ["carol"]
        assert tries.count("move") == MAX_ATTEMPTS
        metrics = running.worker.metrics.registry
        assert metrics.get_sample_value("tammi_job_failures_total", {"kind": "review"}) == 3
        assert metrics.get_sample_value("tammi_jobs_given_up_total", {"kind": "bot-move"}) == 1


# -- the bot's moves ---------------------------------------------------------------------------------

async def test_a_chat_process_without_searches_plays_a_whole_bot_game_through_the_queue(url: str) -> None:
    config = queued_config(url)
    async with chat_process(config) as chat, worker_task(config, "W") as running:
        game_id = (await chat.say("ann", "!tammi play 2 black"))[0].game_id  # ann is Red: she starts
        assert game_id is not None
        rng = random.Random(5)
        for _ in range(200):
            game = await chat.storage.get_game(game_id)
            assert game is not None
            if not game.active:
                break
            assert game.player(game.turn).user_id == "ann"  # the bot has answered every move
            moves = await chat.service.suggest_moves("test", "c1", "ann")
            replies = await chat.say("ann", rng.choice(moves))
            assert replies[0].kind == "board", replies
            await chat.service.wait_idle()  # the bot's turn: put on the queue, taken, answered
        game = await chat.storage.get_game(game_id)
        assert game is not None and not game.active
        bot_plies = len(game.moves[1::2])
        jobs = await rows(url, "SELECT key, status, worker, result FROM jobs WHERE kind = 'bot-move'"
                               " ORDER BY id")
        assert bot_plies > 5 and len(jobs) >= bot_plies
        assert {(row["status"], row["worker"]) for row in jobs} == {("done", "W")}
        played = [json.loads(row["result"]).get("move") for row in jobs]
        assert [move for move in played if move] == list(game.moves[1::2])  # each move searched once
        moved = [n for n in chat.notices if n.reply.kind == "board" and n.reply.game_id == game_id]
        assert len(moved) == bot_plies
        samples = running.worker.metrics.registry
        assert samples.get_sample_value("tammi_job_run_seconds_count", {"kind": "bot-move"}) == len(jobs)


async def test_a_result_that_arrives_after_the_game_changed_is_not_applied(url: str) -> None:
    config = queued_config(url)
    searching, release = threading.Event(), threading.Event()

    def slow_search(board: Any, **_: Any) -> Any:
        searching.set()
        release.wait(30)
        return next(iter(board.legal_moves))

    async with chat_process(config) as chat, worker_task(config, "W", choose_move=slow_search):
        game_id = (await chat.say("ann", "!tammi play 1 black"))[0].game_id
        assert game_id is not None
        await chat.say("ann", "11-15")
        await until(searching.is_set, what="the worker to search")
        before = await chat.storage.get_game(game_id)
        assert before is not None
        await chat.say("ann", "!tammi resign")
        resigned = await chat.storage.get_game(game_id)
        assert resigned is not None and not resigned.active and resigned.version == before.version + 1
        release.set()
        await until(lambda: rows(url, "SELECT 1 FROM jobs WHERE status = 'done'"), what="the job done")
        await chat.service.wait_idle()
        after = await chat.storage.get_game(game_id)
        assert after == resigned  # the move found for the old version was dropped
        job = (await rows(url, "SELECT key, result FROM jobs"))[0]
        assert job["key"] == turn_key(game_id, before.version) and "move" in json.loads(job["result"])
        assert not [n for n in chat.notices if n.reply.kind == "board" and n.reply.game_id == game_id]

        # Delivered again (a turn resumed after a restart puts the same key): still nothing applied, and
        # a job put for a version the game has left is answered without a search.
        await chat.service.bot.turn(game_id)
        assert await chat.storage.get_game(game_id) == resigned
        jobs = await JobStore.open(url)
        try:
            stale = await jobs.put("bot-move", turn_key(game_id, before.version - 1),
                                   {"game": game_id, "version": before.version - 1, "level": 1,
                                    "time_limit": 0.05, "node_limit": 300})
            outcome = await jobs.wait(stale, poll=0.2)
        finally:
            await jobs.close()
        assert outcome.done and json.loads(outcome.result or "") == {"stale": True}


# -- the worker process's health, and where there is no queue ---------------------------------------

async def test_a_worker_serves_healthz_and_the_queue_metrics(url: str) -> None:
    port = free_port()
    config = queued_config(url, port=port)
    stop = asyncio.Event()
    ready = asyncio.Event()
    serving = asyncio.create_task(work(config, stop=stop, ready=lambda worker: ready.set()))
    try:
        await asyncio.wait_for(ready.wait(), 30)
        jobs = await JobStore.open(url)
        try:
            await jobs.put("puzzles", "puzzles:1", {})  # a kind no worker here takes: it waits
        finally:
            await jobs.close()
        async with aiohttp.ClientSession() as session:
            async def healthy() -> Any:
                async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                    return response.status == 200 and (await response.text()) == "ok\n"

            await until(healthy, what="/healthz to answer ok")

            async def counted() -> Any:
                async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                    text = await response.text()
                return 'tammi_queue_depth{kind="puzzles"} 1.0' in text and text

            text = await until(counted, what="the queue's depth in /metrics")
            assert "tammi_job_wait_seconds" in text and "tammi_job_failures_total" in text
    finally:
        stop.set()
        assert await asyncio.wait_for(serving, 30) == 0


async def test_with_sqlite_there_is_no_queue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "tammi.sqlite3")
    assert await work(Config(database=database, queue=QueueConfig(use=True))) == 2
    assert "needs a PostgreSQL database" in capsys.readouterr().err
    config = Config(database=database, picture=PictureConfig(size=160, workers=0),
                    queue=QueueConfig(use=True))
    async with chat_process(config) as chat:  # the queue's setting is ignored: all in this process
        assert chat.service.bot.remote is None and chat.service.reviewer.remote is None


async def test_a_queue_whose_database_is_down_is_an_outage_not_a_failed_turn() -> None:
    class Down:
        def acquire(self) -> Any:
            raise ConnectionRefusedError(111, "Connect call failed")

    jobs = JobStore(Down(), "postgresql://nowhere/tammi", lease=30, retry_after=1)  # type: ignore[arg-type]
    start = Board("english")
    game = Game(7, "test", "c1", "english", Player("ann", "ann"), BOT, start.fen(), start.fen(), start.turn,
                version=3, bot_level=1)
    with pytest.raises(Unavailable):  # BotPlayer.turn leaves such a turn to the sweep, and says nothing
        await QueuedTurns(jobs, time_limit=0.05, node_limit=300, poll=0.1).decide(game, start, 1)

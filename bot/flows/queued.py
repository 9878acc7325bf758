"""Heavy work through the job queue (PostgreSQL with `[queue] use = true`): the chat process puts the
bot's turns and reviews on the queue, a `tammi worker` (any process, any machine) computes them, and the
chat process that asked picks the result up and applies or posts it, as it would a result of its own
workers.

Delivery is at least once and the effect exactly once: a turn's job is keyed by the game and its
version (`bot-move:<game>:<version>`), and its move is saved only by the desk's version-checked save (a
result that arrives after the game changed is dropped); a review's job is keyed by the game and the
moves it covers, and its worker stores the review in the transaction that finishes the job (so a
worker whose lease ended meanwhile stores nothing). A job given up after its last try is `GivenUp`.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bot.config import Config, parse_database
from bot.domain.model import Game
from bot.flows import deciding
from bot.flows.deciding import Decision
from bot.parallel import Progress
from bot.storage.faults import postgres_fault
from bot.storage.jobs import JobStore, Outcome
from engine import Board
from engine.review import Review

if TYPE_CHECKING:
    from bot.flows.review import ReviewLimits

log = logging.getLogger(__name__)

REVIEW, BOT_MOVE, MINE = "review", "bot-move", "mine"  # the kinds of job of this module


class GivenUp(Exception):
    """A queued job failed on every try."""

    def __init__(self, tries: int, error: str | None) -> None:
        super().__init__(f"given up after {tries} tries: {error or 'no reason given'}")
        self.tries = tries


async def open_jobs(config: Config) -> JobStore | None:
    """The job queue, when `[queue] use` is set and the database is PostgreSQL (else None)."""
    url = parse_database(config.database).url
    if config.queue.use and url is None:
        log.warning("[queue] use = true needs a PostgreSQL database; with SQLite this process does all the "
                    "heavy work itself")
    if not config.queue.use or url is None:
        return None
    queue = config.queue
    return await JobStore.open(url, lease=queue.lease.total_seconds(),
                               retry_after=queue.retry_after.total_seconds())


@contextlib.contextmanager
def _outages() -> Iterator[None]:
    """A database that is down or busy is `Unavailable` here as everywhere (the bot's turn is then taken
    up again by the sweep)."""
    try:
        yield
    except Exception as error:
        found = postgres_fault(error, writing=False)
        if found is None:
            raise
        raise found from error


async def _result(jobs: JobStore, kind: str, key: str, payload: dict[str, Any], game: Game,
                  poll: float, progress: Progress | None = None) -> str:
    """Put the job (unless its key is queued already) and wait for its result (`progress` told how far
    its worker has got); `GivenUp` if it fails."""
    with _outages():
        job_id = await jobs.put(kind, key, payload, platform=game.platform, channel_id=game.channel_id)
        outcome: Outcome = await jobs.wait(job_id, poll=poll, progress=progress)
    if not outcome.done or outcome.result is None:
        raise GivenUp(outcome.attempts, outcome.error)
    return outcome.result


def review_key(game_id: int, plies: int) -> str:
    return f"{REVIEW}:{game_id}:{plies}"


def turn_key(game_id: int, version: int) -> str:
    return f"{BOT_MOVE}:{game_id}:{version}"


class QueuedTurns:
    """The bot's decisions, from the queue (`BotPlayer.remote`)."""

    def __init__(self, jobs: JobStore, *, time_limit: float, node_limit: int | None, poll: float) -> None:
        self.jobs = jobs
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.poll = poll

    async def decide(self, game: Game, board: Board, level: int) -> Decision | None:
        """The decision a worker made for the game at this version; None if it found the game changed."""
        payload = {"game": game.id, "version": game.version, "level": level, "time_limit": self.time_limit,
                   "node_limit": self.node_limit}
        result = await _result(self.jobs, BOT_MOVE, turn_key(game.id, game.version), payload, game, self.poll)
        return deciding.from_dict(json.loads(result), board)


class QueuedReviews:
    """Reviews, from the queue (`Reviewer.remote`): the worker stores them, this side gets them back."""

    def __init__(self, jobs: JobStore, *, poll: float) -> None:
        self.jobs = jobs
        self.poll = poll

    async def review(self, game: Game, limits: ReviewLimits, progress: Progress | None = None) -> Review:
        payload = {"game": game.id, "plies": len(game.moves), "variant": game.variant,
                   "start_fen": game.start_fen, "moves": list(game.moves), "seconds": limits.seconds,
                   "nodes": limits.nodes}
        result = await _result(self.jobs, REVIEW, review_key(game.id, len(game.moves)), payload, game,
                               self.poll, progress)
        return Review.from_dict(json.loads(result))


class QueuedMining:
    """Puzzle mining through the queue (`Miner.hand_off`): a finished game to mine becomes a job
    (`mine:<game>`, once per game); the worker scans it and stores what it found with the game's mark."""

    def __init__(self, jobs: JobStore) -> None:
        self.jobs = jobs

    async def hand_off(self, game: Game) -> bool:
        """Queue the game's job (once); False, putting nothing, when the queue gave that job up."""
        with _outages():
            if await self.jobs.given_up(f"mine:{game.id}"):
                return False
            await self.jobs.put(MINE, f"mine:{game.id}", {"game": game.id},
                                platform=game.platform, channel_id=game.channel_id)
        return True

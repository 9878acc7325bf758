"""The queue of heavy work in PostgreSQL: a `jobs` table (migration 10) taken with `FOR UPDATE SKIP LOCKED`.

A job is put once per key (what it computes: `review:<game>:<plies>`, `bot-move:<game>:<version>`); putting
a key again gives the same job (a job given up is queued afresh). A worker takes the oldest job it can run
and holds it by a lease it renews while it works; a job whose lease ended (its worker was killed or lost
the database) is taken again by the next worker. Every take counts an attempt: a job that failed (or lost
its worker) `MAX_ATTEMPTS` times is given up. Finishing, failing and renewing check the attempt the worker
took, so a worker whose job was taken over meanwhile changes nothing. Times are the server's clock.

Notifications (`LISTEN`) only wake the waiting sides early: a worker when a job is put (`tammi_jobs`),
whoever waits for a result when a job is done or given up (`tammi_job_done`); both sides also poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.storage import rows as shared
from bot.storage.faults import ANSWER_LIMIT
from bot.storage.postgres import bounds
from bot.storage.postgres_tx import changed, numbered

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
PUT, DONE = "tammi_jobs", "tammi_job_done"
_NOW = "extract(epoch FROM clock_timestamp())::double precision"
_COLUMNS = "id, kind, key, payload, platform, channel_id, attempts"

_PUT = (f"INSERT INTO jobs (kind, key, payload, platform, channel_id, created_at, available_at)"
        f" VALUES ($1, $2, $3, $4, $5, {_NOW}, {_NOW})"
        f" ON CONFLICT (key) DO UPDATE SET status = 'queued', attempts = 0, error = NULL, worker = NULL,"
        f" leased_until = NULL, result = NULL, payload = excluded.payload, created_at = excluded.created_at,"
        f" available_at = excluded.available_at, finished_at = NULL WHERE jobs.status = 'failed'"
        f" RETURNING id")
_TAKE = (f"WITH next AS (SELECT id FROM jobs WHERE kind = ANY($1) AND available_at <= {_NOW}"
         f" AND (status = 'queued' OR (status = 'running' AND leased_until < {_NOW} AND attempts < $4))"
         f" ORDER BY available_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
         f" UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1, worker = $2, result = NULL,"
         f" leased_until = {_NOW} + $3, started_at = {_NOW} FROM next WHERE jobs.id = next.id"
         f" RETURNING {', '.join('jobs.' + c for c in _COLUMNS.split(', '))}, {_NOW} - jobs.created_at")
_MINE = "id = $1 AND worker = $2 AND attempts = $3 AND status = 'running'"
_EXPIRED = (f"UPDATE jobs SET status = 'failed', finished_at = {_NOW}, leased_until = NULL,"
            f" error = 'its worker stopped (the lease ended) ' || attempts || ' times'"
            f" WHERE status = 'running' AND leased_until < {_NOW} AND attempts >= $1 RETURNING id, kind")


def _progress(result: str | None) -> tuple[int, int] | None:
    """The (done, of) a running job's worker noted, if any."""
    if not result or not result.startswith('{"progress"'):
        return None
    try:
        done, of = json.loads(result)["progress"]
        return int(done), int(of)
    except (ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True)
class Job:
    """A job as a worker took it: its attempt (1 for the first) and how long it waited to be taken."""

    id: int
    kind: str
    key: str
    payload: dict[str, Any]
    platform: str | None
    channel_id: str | None
    attempts: int
    waited: float = 0.0


@dataclass(frozen=True)
class Outcome:
    """A job that is over: done (with its result) or given up (with the last error)."""

    done: bool
    result: str | None
    error: str | None
    attempts: int


class JobStore:
    """The jobs table, over a small connection pool of its own. Use `await JobStore.open(url)`."""

    def __init__(self, pool: asyncpg.Pool, url: str, *, lease: float, retry_after: float) -> None:
        self._pool = pool
        self._url = url
        self.lease = lease
        self.retry_after = retry_after
        self._listener: asyncpg.Connection | None = None
        self._signals: dict[str, asyncio.Event] = {}
        self._listen_lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str, *, lease: float = 30.0, retry_after: float = 1.0,
                   connections: int = 4) -> JobStore:
        pool = await asyncpg.create_pool(url, min_size=0, max_size=connections, timeout=ANSWER_LIMIT,
                                         command_timeout=ANSWER_LIMIT, server_settings=bounds(url))
        return cls(pool, url, lease=lease, retry_after=retry_after)

    async def close(self) -> None:
        if self._listener is not None and not self._listener.is_closed():
            await self._listener.close()
        self._listener = None
        await self._pool.close()

    # -- putting and waiting ---------------------------------------------------------------------

    async def put(self, kind: str, key: str, payload: dict[str, Any], *, platform: str | None = None,
                  channel_id: str | None = None) -> int:
        """Queue the job for `key` (unless it is queued, running or done already); its id."""
        async with self._pool.acquire() as db, db.transaction():
            found = await db.fetchval(_PUT, kind, key, json.dumps(payload), platform, channel_id)
            if found is None:
                return int(await db.fetchval("SELECT id FROM jobs WHERE key = $1", key))
            await db.execute("SELECT pg_notify($1, $2)", PUT, kind)
            return int(found)

    async def given_up(self, key: str) -> bool:
        """Whether the job for `key` failed for good (a `put` would queue it again)."""
        status = await self._pool.fetchval("SELECT status FROM jobs WHERE key = $1", key)
        return bool(status == "failed")

    async def outcome(self, job_id: int) -> Outcome | None:
        """The job's outcome once it is done or given up; None while it waits or runs (or is unknown)."""
        row = await self._pool.fetchrow("SELECT status, result, error, attempts FROM jobs WHERE id = $1",
                                        job_id)
        if row is None or row["status"] not in ("done", "failed"):
            return None
        return Outcome(row["status"] == "done", row["result"], row["error"], int(row["attempts"]))

    async def wait(self, job_id: int, *, poll: float,
                   progress: Callable[[int, int], None] | None = None) -> Outcome:
        """Until the job is done or given up (woken by its notification, or looking every `poll` s);
        `progress` is told each new (done, of) its worker noted meanwhile (`note`)."""
        told = None
        while True:
            signal = await self.signal(DONE)
            row = await self._pool.fetchrow("SELECT status, result, error, attempts FROM jobs WHERE id = $1",
                                            job_id)
            if row is not None and row["status"] in ("done", "failed"):
                return Outcome(row["status"] == "done", row["result"], row["error"], int(row["attempts"]))
            noted = _progress(row["result"]) if row is not None else None
            if progress is not None and noted is not None and noted != told:
                told = noted
                progress(*noted)
            await self.sleep(signal, poll)

    # -- notifications ---------------------------------------------------------------------------

    async def signal(self, channel: str) -> asyncio.Event:
        """An event set at the next notification on `channel` (get it before looking at the table)."""
        async with self._listen_lock:
            if self._listener is None or self._listener.is_closed():
                self._signals.clear()
                try:
                    self._listener = await asyncpg.connect(self._url, timeout=ANSWER_LIMIT)
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                    log.debug("no notifications from the job queue for now: %s", error)
                    return asyncio.Event()  # polling only, until the next try
            if channel not in self._signals:
                try:
                    await self._listener.add_listener(channel, self._notified)
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                    log.debug("no notifications from the job queue for now: %s", error)
                    return asyncio.Event()
                self._signals[channel] = asyncio.Event()
            return self._signals[channel]

    def _notified(self, connection: Any, pid: int, channel: str, payload: object) -> None:
        event = self._signals.get(channel)
        if event is not None:
            self._signals[channel] = asyncio.Event()
            event.set()

    @staticmethod
    async def sleep(signal: asyncio.Event, seconds: float) -> None:
        """Until `signal` is set or `seconds` pass."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await signal.wait()

    # -- working ---------------------------------------------------------------------------------

    async def take(self, kinds: Sequence[str], worker: str) -> Job | None:
        """The oldest job of one of `kinds` that nobody holds, now held by `worker`; None if there is none."""
        row = await self._pool.fetchrow(_TAKE, list(kinds), worker, self.lease, MAX_ATTEMPTS)
        if row is None:
            return None
        values = list(row)
        return Job(int(values[0]), values[1], values[2], json.loads(values[3]), values[4], values[5],
                   int(values[6]), max(0.0, float(values[7])))

    async def note(self, job: Job, worker: str, done: int, of: int) -> bool:
        """Note how far the job has got (kept in its result until it is done), waking who waits."""
        async with self._pool.acquire() as db, db.transaction():
            status = await db.execute(f"UPDATE jobs SET result = $4 WHERE {_MINE}", job.id, worker,
                                      job.attempts, json.dumps({"progress": [done, of]}))
            if changed(status) != 1:
                return False
            await db.execute("SELECT pg_notify($1, $2)", DONE, str(job.id))
        return True

    async def renew(self, job: Job, worker: str) -> bool:
        """Extend the lease; False if the job is no longer this worker's attempt."""
        status = await self._pool.execute(f"UPDATE jobs SET leased_until = {_NOW} + $4 WHERE {_MINE}",
                                          job.id, worker, job.attempts, self.lease)
        return changed(status) == 1

    async def finish(self, job: Job, worker: str, result: str,
                     review: tuple[int, int, str] | None = None) -> bool:
        """Record the result (and store the review `(game_id, plies, data)` in the same transaction);
        False, and nothing stored, if the job is no longer this worker's attempt."""
        async with self._pool.acquire() as db, db.transaction():
            status = await db.execute(f"UPDATE jobs SET status = 'done', result = $4, finished_at = {_NOW},"
                                      f" leased_until = NULL, error = NULL WHERE {_MINE}",
                                      job.id, worker, job.attempts, result)
            if changed(status) != 1:
                return False
            if review is not None:
                game_id, plies, data = review
                now = await db.fetchval(f"SELECT {_NOW}")
                await db.execute(numbered(shared.REVIEW_UPSERT), game_id, plies, data, now)
            await db.execute("SELECT pg_notify($1, $2)", DONE, str(job.id))
        return True

    async def fail(self, job: Job, worker: str, error: str) -> bool | None:
        """The attempt failed: the job waits to be tried again (False), or is given up after its last
        attempt (True); None if it was no longer this worker's attempt."""
        last = job.attempts >= MAX_ATTEMPTS
        async with self._pool.acquire() as db, db.transaction():
            status = await db.execute(
                f"UPDATE jobs SET status = $4, error = $5, leased_until = NULL, worker = NULL, result = NULL,"
                f" available_at = {_NOW} + $6, finished_at = CASE WHEN $4 = 'failed' THEN {_NOW} END"
                f" WHERE {_MINE}", job.id, worker, job.attempts, "failed" if last else "queued", error[:2000],
                self.retry_after * job.attempts)
            if changed(status) != 1:
                return None
            channel, said = (DONE, str(job.id)) if last else (PUT, job.kind)
            await db.execute("SELECT pg_notify($1, $2)", channel, said)
        return last

    async def give_back(self, job: Job, worker: str) -> None:
        """A worker stopping hands its job back untried (the attempt is not counted)."""
        await self._pool.execute(f"UPDATE jobs SET status = 'queued', attempts = attempts - 1, worker = NULL,"
                                 f" leased_until = NULL, result = NULL WHERE {_MINE}", job.id, worker,
                                 job.attempts)
        await self._pool.execute("SELECT pg_notify($1, $2)", PUT, job.kind)

    async def expire(self) -> list[tuple[int, str]]:
        """Give up the jobs whose last attempt's worker stopped (its lease ended): (id, kind) of each."""
        async with self._pool.acquire() as db, db.transaction():
            given_up = [(int(row[0]), str(row[1])) for row in await db.fetch(_EXPIRED, MAX_ATTEMPTS)]
            for job_id, _ in given_up:
                await db.execute("SELECT pg_notify($1, $2)", DONE, str(job_id))
        return given_up

    async def depth(self) -> dict[str, int]:
        """Jobs waiting or running, per kind."""
        rows = await self._pool.fetch("SELECT kind, count(*) FROM jobs WHERE status IN ('queued', 'running')"
                                      " GROUP BY kind")
        return {str(row[0]): int(row[1]) for row in rows}

    async def purge(self, older_than: float) -> int:
        """Forget the jobs over for more than `older_than` seconds; how many."""
        return changed(await self._pool.execute(
            f"DELETE FROM jobs WHERE status IN ('done', 'failed') AND finished_at < {_NOW} - $1", older_than))


"""`tammi worker`: a process that takes heavy work (reviews, the bot's moves) from the job queue in a
PostgreSQL database and runs it with this machine's workers (Tammi's engine, or the Hub engine where
configured), storing the results for the chat processes. It needs the database URL and no chat token.

Each job taken is held by a lease renewed while it runs (a third of `[queue] lease`); a worker killed
mid-job leaves it to be taken again when the lease ends. A failure is tried again after `retry_after`
seconds times the tries so far, and given up after the third (the chat process that asked tells the
person). `[queue] port` serves `/healthz` (the database answers and the worker takes jobs) and
`/metrics`: the queue's depth, each kind's wait and run times, failures and jobs given up.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from prometheus_client import Counter, Gauge, Histogram

from bot.config import Config, parse_database
from bot.flows.job_work import Handler, JobWork
from bot.platforms.health import HealthServer, Metrics
from bot.storage.jobs import PUT, Job, JobStore
from bot.storage.repository import Repository

log = logging.getLogger("tammi.worker")

SECONDS = (0.01, 0.05, 0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
PURGE_AFTER = 86_400.0  # seconds a finished job's row is kept (a late asker still finds its result)


class QueueMetrics(Metrics):
    """The health server's metrics, and the queue's."""

    def __init__(self) -> None:
        super().__init__()
        registry = self.registry
        self.depth = Gauge("tammi_queue_depth", "Jobs waiting or running", ["kind"], registry=registry)
        self.wait = Histogram("tammi_job_wait_seconds", "From a job's queueing to its taking", ["kind"],
                              buckets=SECONDS, registry=registry)
        self.run = Histogram("tammi_job_run_seconds", "A job's run in this worker", ["kind"], buckets=SECONDS,
                             registry=registry)
        self.failures = Counter("tammi_job_failures", "Job runs that failed", ["kind"], registry=registry)
        self.given_up = Counter("tammi_jobs_given_up", "Jobs given up after their last try", ["kind"],
                                registry=registry)


class QueueWorker:
    """Takes jobs of the kinds it has handlers for, at most `slots` of each kind at once (so a long review
    never holds up the bot's moves), until `stop` is set."""

    def __init__(self, jobs: JobStore, handlers: dict[str, Handler], *, slots: int = 1, poll: float = 2.0,
                 name: str | None = None, metrics: QueueMetrics | None = None,
                 note_every: float = 1.0) -> None:
        self.jobs = jobs
        self.note_every = note_every  # seconds between two notes of a job's progress
        self.handlers = handlers
        self.slots = slots
        self.poll = poll
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        self.metrics = metrics or QueueMetrics()
        self.taking = False  # the loop runs and last reached the database
        self._running: dict[int, asyncio.Task[None]] = {}
        self._busy = dict.fromkeys(handlers, 0)  # jobs running, per kind
        self._ended = asyncio.Event()  # a job ended: its kind may be taken again
        self._last_purge = 0.0
        self._last_look = float("-inf")

    async def serve(self, stop: asyncio.Event) -> None:
        """The loop: take a job of a kind with a free slot, else wait for a notification, a job's end or
        `poll` seconds; once `stop` is set, the jobs under way are handed back."""
        stopping = asyncio.ensure_future(stop.wait())
        try:
            while not stop.is_set():
                kinds = [kind for kind, busy in self._busy.items() if busy < self.slots]
                if not kinds:
                    self._ended.clear()
                    await self._first(stopping, self._ended.wait())
                    continue
                signal = await self.jobs.signal(PUT)  # before looking: a job put meanwhile wakes us
                self._ended.clear()
                try:
                    job = await self._next(kinds)
                except Exception as error:  # the database is away: look again later
                    self.taking = False
                    log.warning("the job queue cannot be read: %s: %s", type(error).__name__, error)
                    job = None
                if job is None:
                    await self._first(stopping, signal.wait(), self._ended.wait(), timeout=self.poll)
                    continue
                self._busy[job.kind] += 1
                task = asyncio.create_task(self._run(job), name=f"tammi-job-{job.id}")
                self._running[job.id] = task
                task.add_done_callback(self._over(job))
        finally:
            stopping.cancel()
            await self._stop_running()

    @staticmethod
    async def _first(stopping: asyncio.Future[Any], *waits: Coroutine[Any, Any, Any],
                     timeout: float | None = None) -> None:
        """Until `stopping` or one of `waits` is done, or `timeout` passes (the other waits cancelled)."""
        tasks = [asyncio.ensure_future(wait) for wait in waits]
        try:
            await asyncio.wait({stopping, *tasks}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    def _over(self, job: Job) -> Callable[[asyncio.Task[None]], None]:
        def over(task: asyncio.Task[None]) -> None:
            self._running.pop(job.id, None)
            self._busy[job.kind] -= 1
            self._ended.set()
        return over

    async def _next(self, kinds: list[str]) -> Job | None:
        """The next job, if any; about once a second (not at every take) the jobs whose worker stopped on
        their last try are given up and the depth of the queue is measured."""
        if time.monotonic() - self._last_look >= min(1.0, self.poll):
            self._last_look = time.monotonic()
            for job_id, kind in await self.jobs.expire():
                log.warning("job %s (%s) given up: its worker stopped on its last try", job_id, kind)
                self.metrics.given_up.labels(kind).inc()
            depth = await self.jobs.depth()
            for kind in {*self.handlers, *depth}:
                self.metrics.depth.labels(kind).set(depth.get(kind, 0))
        if time.monotonic() - self._last_purge > 600:
            self._last_purge = time.monotonic()
            await self.jobs.purge(PURGE_AFTER)
        job = await self.jobs.take(kinds, self.name)
        self.taking = True
        return job

    async def _run(self, job: Job) -> None:
        """Run one job, renewing its lease; record its result or its failure."""
        metrics, kind = self.metrics, job.kind
        metrics.wait.labels(kind).observe(job.waited)
        noted: list[tuple[int, int]] = []
        work = asyncio.create_task(self.handlers[kind](job.payload,
                                                       lambda done, of: noted.append((done, of))))
        renewing = asyncio.create_task(self._renew(job, work))
        noting = asyncio.create_task(self._note(job, noted))
        started = time.perf_counter()
        try:
            done = await work
        except asyncio.CancelledError:
            this = asyncio.current_task()
            if this is not None and this.cancelling():  # the worker stops: the job goes back untried
                with contextlib.suppress(Exception):
                    await self.jobs.give_back(job, self.name)
                raise
            log.warning("job %s (%s) was taken over by another worker; its run here is dropped", job.id, kind)
            return
        except Exception as error:
            metrics.failures.labels(kind).inc()
            log.warning("job %s (%s), try %s, failed: %s: %s", job.id, kind, job.attempts,
                        type(error).__name__, error, exc_info=True)
            if await self.jobs.fail(job, self.name, f"{type(error).__name__}: {error}"):
                log.warning("job %s (%s) given up after %s tries", job.id, kind, job.attempts)
                metrics.given_up.labels(kind).inc()
            return
        finally:
            renewing.cancel()
            noting.cancel()
            metrics.run.labels(kind).observe(time.perf_counter() - started)
        if not await self.jobs.finish(job, self.name, done.result, done.review):
            log.warning("job %s (%s) was taken over by another worker; its result here is dropped", job.id,
                        kind)

    async def _note(self, job: Job, noted: list[tuple[int, int]]) -> None:
        """Every `note_every` seconds, note in the job how far it has got (for a review's progress)."""
        shown = None
        while True:
            await asyncio.sleep(self.note_every)
            if noted and noted[-1] != shown:
                shown = noted[-1]
                try:
                    await self.jobs.note(job, self.name, *shown)
                except Exception as error:
                    log.debug("noting the progress of job %s failed: %s", job.id, error)

    async def _renew(self, job: Job, work: asyncio.Task[Any]) -> None:
        """Renew the lease every third of it; if the job is no longer ours, stop its work."""
        while True:
            await asyncio.sleep(self.jobs.lease / 3)
            try:
                ours = await self.jobs.renew(job, self.name)
            except Exception as error:
                log.warning("renewing the lease of job %s failed: %s", job.id, error)
                continue
            if not ours:
                work.cancel()
                return

    async def _stop_running(self) -> None:
        """Stopping: the jobs under way are cancelled and handed back untried."""
        running = list(self._running.items())
        for _, task in running:
            task.cancel()
        for job_id, task in running:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            log.info("job %s handed back", job_id)


async def work(config: Config, *, stop: asyncio.Event | None = None,
               ready: Callable[[QueueWorker], None] | None = None) -> int:
    """Run a worker over the configured database until `stop` is set (without one: until SIGTERM or
    SIGINT); `ready` hears of it once it takes jobs. The exit status."""
    from bot.domain.ratings import Glicko2
    from bot.engines.settings import hub_settings
    from bot.storage.postgres import PostgresRepository
    from bot.workers import Workers  # (not bot.app: a worker needs none of the chat's modules)

    url = parse_database(config.database).url
    if url is None:
        print("tammi: the job queue needs a PostgreSQL database (--db postgresql://...); with SQLite "
              "the chat process does all the work itself", file=sys.stderr)
        return 2
    if stop is None:  # the command: SIGTERM and Ctrl-C stop it, handing its jobs back
        stop = asyncio.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    queue = config.queue
    async with contextlib.AsyncExitStack() as stack:
        repository: Repository = await PostgresRepository.open(url, Glicko2())
        stack.push_async_callback(repository.close)
        jobs = await JobStore.open(url, lease=queue.lease.total_seconds(),
                                   retry_after=queue.retry_after.total_seconds())
        stack.push_async_callback(jobs.close)
        workers = Workers(search=config.opponent.workers, reviews=config.review.workers,
                          hub=hub_settings(config.engine), engines=config.engine.processes)
        stack.push_async_callback(workers.close)
        worker = QueueWorker(jobs, JobWork(repository, workers).handlers(), slots=queue.jobs,
                             poll=queue.poll.total_seconds())
        if queue.port is not None:
            server = HealthServer(repository, worker.metrics, lambda: [("queue", worker.taking)],
                                  listen=queue.listen, port=queue.port)
            await server.start()
            stack.push_async_callback(server.close)
        log.info("worker %s takes %s jobs", worker.name, ", ".join(worker.handlers))
        if ready is not None:
            ready(worker)
        await worker.serve(stop)
    return 0


def add_parser(commands: Any) -> None:
    worker = commands.add_parser("worker", help="take heavy work (reviews, the bot's moves) from the job "
                                 "queue of a PostgreSQL database")
    worker.add_argument("--config", type=Path, help="config file (TOML)")
    worker.add_argument("--db", help="the PostgreSQL database: postgresql://user@host:port/dbname")


def main(args: argparse.Namespace, config: Config, redact: Callable[[Config], None]) -> int:
    """Run `tammi worker` (`redact` takes the database's credentials out of the log); the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    redact(config)
    return asyncio.run(work(config))

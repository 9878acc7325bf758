"""The job queue's own cost (bot/storage/jobs.py, bot/worker.py): how long a job takes from being put to
its result reaching the side that waits (a job that does nothing, so only the queue is measured: the
INSERT, the NOTIFY that wakes a worker, the take with FOR UPDATE SKIP LOCKED, the finish and the NOTIFY
back), one job at a time; then how many such jobs one or more workers get through, all put at once.

Each worker is a task of this process with its own connections, as `tammi worker` processes have. The
script creates a database of its own on the server and drops it at the end.

    .venv/bin/python benchmarks/bench_queue.py --jobs 200 --workers 1,2,4
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from typing import Any

import asyncpg

from bot.app import open_repository
from bot.flows.job_work import Done
from bot.storage.jobs import JobStore
from bot.worker import QueueWorker


async def nothing(payload: dict[str, Any], progress: Any) -> Done:
    return Done(json.dumps(payload["n"]))


async def serving(url: str, count: int, poll: float) -> tuple[list[QueueWorker], asyncio.Event,
                                                             list[asyncio.Task[None]], list[JobStore]]:
    stores = [await JobStore.open(url, lease=30) for _ in range(count)]
    workers = [QueueWorker(store, {"bench": nothing}, poll=poll, name=f"w{n}")
               for n, store in enumerate(stores)]
    stop = asyncio.Event()
    return workers, stop, [asyncio.create_task(worker.serve(stop)) for worker in workers], stores


async def stopped(stop: asyncio.Event, tasks: list[asyncio.Task[None]], stores: list[JobStore]) -> None:
    stop.set()
    await asyncio.gather(*tasks)
    for store in stores:
        await store.close()


async def round_trips(url: str, jobs: int, poll: float) -> list[float]:
    """Milliseconds from put to result, one job at a time, one worker waiting."""
    _, stop, tasks, stores = await serving(url, 1, poll)
    asker = await JobStore.open(url)
    try:
        await asyncio.sleep(0.2)  # the worker is listening
        trips = []
        for n in range(jobs):
            started = time.perf_counter()
            job_id = await asker.put("bench", f"trip:{n}", {"n": n})
            outcome = await asker.wait(job_id, poll=poll)
            trips.append((time.perf_counter() - started) * 1000)
            assert outcome.done and outcome.result == str(n)
        return trips
    finally:
        await asker.close()
        await stopped(stop, tasks, stores)


async def throughput(url: str, jobs: int, workers: int, run: int, poll: float) -> float:
    """Seconds for `workers` workers to finish `jobs` jobs put at once."""
    asker = await JobStore.open(url)
    for n in range(jobs):
        await asker.put("bench", f"run{run}:{n}", {"n": n})
    started = time.perf_counter()
    _, stop, tasks, stores = await serving(url, workers, poll)
    try:
        connection = await asyncpg.connect(url)
        try:
            while await connection.fetchval("SELECT count(*) FROM jobs WHERE key LIKE $1"
                                            " AND status <> 'done'", f"run{run}:%"):
                await asyncio.sleep(0.01)
        finally:
            await connection.close()
        return time.perf_counter() - started
    finally:
        await asker.close()
        await stopped(stop, tasks, stores)


async def main_async(admin: str, jobs: int, counts: list[int], poll: float) -> None:
    name = f"tammi_bench_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(admin)
    await connection.execute(f'CREATE DATABASE "{name}"')
    await connection.close()
    url = admin.rsplit("/", 1)[0] + "/" + name
    try:
        await (await open_repository(url)).close()  # the schema
        trips = sorted(await round_trips(url, jobs, poll))
        p95 = trips[min(len(trips) - 1, int(len(trips) * 0.95))]
        print(f"round trip ms, {jobs} jobs one at a time: p50 {statistics.median(trips):.1f}  p95 {p95:.1f}  "
              f"max {trips[-1]:.1f}", flush=True)
        for run, count in enumerate(counts):
            seconds = await throughput(url, jobs, count, run, poll)
            print(f"workers {count}: {jobs} jobs in {seconds:.2f} s, {jobs / seconds:.0f} jobs/s", flush=True)
    finally:
        connection = await asyncpg.connect(admin)
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="a server where a database may be created for the run")
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--workers", default="1,2,4", help="worker counts to measure, comma-separated")
    parser.add_argument("--poll", type=float, default=2.0,
                        help="seconds between looks without a notification")
    args = parser.parse_args()
    asyncio.run(main_async(args.postgres, args.jobs, [int(n) for n in args.workers.split(",")], args.poll))


if __name__ == "__main__":
    main()

-- 10: the queue of heavy work (reviews, the bot's moves; other kinds may follow), used when the database
-- is PostgreSQL and `[queue] use = true`: `tammi worker` processes take jobs with FOR UPDATE SKIP LOCKED
-- and hold them by a lease they renew while they work (see bot/storage/jobs.py). A job's key says what it
-- computes (`review:<game>:<plies>`, `bot-move:<game>:<version>`), so the same work is queued once.
-- Times are the server's clock (seconds since the epoch), so leases do not depend on any machine's clock.
CREATE TABLE IF NOT EXISTS jobs (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT COLLATE "C" NOT NULL,
    key TEXT COLLATE "C" NOT NULL UNIQUE,
    payload TEXT NOT NULL,
    platform TEXT COLLATE "C",
    channel_id TEXT COLLATE "C",
    status TEXT COLLATE "C" NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    leased_until DOUBLE PRECISION,
    result TEXT,
    error TEXT,
    created_at DOUBLE PRECISION NOT NULL,
    available_at DOUBLE PRECISION NOT NULL,
    started_at DOUBLE PRECISION,
    finished_at DOUBLE PRECISION
);

CREATE INDEX IF NOT EXISTS jobs_waiting ON jobs (available_at, id) WHERE status IN ('queued', 'running');

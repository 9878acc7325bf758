-- 10: the job queue's table, as in PostgreSQL's 0010 (which the queue uses). With SQLite the queue is
-- not used (everything runs in the one process), but the table is here so that both backends have the
-- same tables and `tammi db copy` works in both directions.
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    payload TEXT NOT NULL,
    platform TEXT,
    channel_id TEXT,
    status TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    leased_until REAL,
    result TEXT,
    error TEXT,
    created_at REAL NOT NULL,
    available_at REAL NOT NULL,
    started_at REAL,
    finished_at REAL
);

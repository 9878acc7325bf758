-- 9: puzzles solved in the chat. Each puzzle shown in a channel (the puzzle itself as JSON, so a puzzle
-- from any source can be shown again), open while ended_at is NULL (one open per channel); each solver's
-- way through it; a person's progress per channel and variant (solved, failed, streak, a Glicko-2
-- rating); and each puzzle's own rating, by its position key.
CREATE TABLE puzzles_shown (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    puzzle_key TEXT NOT NULL,
    variant TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    opened_by TEXT NOT NULL,
    opened_at REAL NOT NULL,
    outcome TEXT,
    solver_id TEXT,
    solver_name TEXT,
    ended_at REAL
);
CREATE UNIQUE INDEX puzzles_shown_open ON puzzles_shown (platform, channel_id) WHERE ended_at IS NULL;
CREATE INDEX puzzles_shown_channel ON puzzles_shown (platform, channel_id, variant);

CREATE TABLE puzzle_attempts (
    shown_id INTEGER NOT NULL REFERENCES puzzles_shown(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    step INTEGER NOT NULL,
    status TEXT NOT NULL,
    changed_at REAL NOT NULL,
    PRIMARY KEY (shown_id, user_id)
);

CREATE TABLE puzzle_progress (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    name TEXT NOT NULL,
    solved INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    rated_at REAL,
    PRIMARY KEY (platform, channel_id, user_id, variant)
);

CREATE TABLE puzzle_ratings (
    puzzle_key TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    rated_at REAL,
    solved INTEGER NOT NULL,
    failed INTEGER NOT NULL
);

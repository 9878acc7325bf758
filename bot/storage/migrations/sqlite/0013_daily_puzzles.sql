-- 13: the puzzle of the day (`settings puzzle daily [HH:MM]`): per channel, whether it is on, the minute
-- of the UTC day it is posted at, and the last day posted (days since the epoch). A post first marks
-- its day with a conditional update (`last_day < today`), so of two processes, or a process before and
-- after a restart, only one posts a channel's puzzle of a day. Turned off, the row stays (and its day).
CREATE TABLE daily_puzzles (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    minute INTEGER NOT NULL,
    last_day INTEGER,
    changed_by TEXT NOT NULL,
    changed_at REAL NOT NULL,
    PRIMARY KEY (platform, channel_id)
);

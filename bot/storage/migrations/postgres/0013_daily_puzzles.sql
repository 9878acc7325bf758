-- 13: the puzzle of the day (the SQLite 0013 in PostgreSQL's types): per channel, on or off, the minute
-- of the UTC day it is posted at and the last day posted; a post marks its day with a conditional
-- update first, so only one process posts a channel's puzzle of a day.
CREATE TABLE daily_puzzles (
    platform TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    enabled INTEGER NOT NULL,
    minute INTEGER NOT NULL,
    last_day INTEGER,
    changed_by TEXT COLLATE "C" NOT NULL,
    changed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (platform, channel_id)
);

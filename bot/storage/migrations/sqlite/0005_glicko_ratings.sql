-- 5: ratings are Glicko-2 (bot.domain.ratings), one per person, channel and variant, in place of one Elo
-- number per person and channel. SQL cannot compute Glicko-2, so the new table starts empty and the row
-- in pending_rebuilds asks for it to be filled: the repository, when it opens, replays the finished rated
-- games in order into it in one write transaction and deletes the row (bot.storage.rebuild).
DROP TABLE ratings;
CREATE TABLE ratings (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    rated_at REAL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel_id, variant, user_id)
);
CREATE INDEX ratings_user ON ratings(platform, channel_id, user_id);

CREATE TABLE pending_rebuilds (
    name TEXT PRIMARY KEY
);
INSERT INTO pending_rebuilds (name) VALUES ('ratings');

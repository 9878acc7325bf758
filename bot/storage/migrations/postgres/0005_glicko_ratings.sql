-- 5: ratings are Glicko-2 (bot.domain.ratings), one per person, channel and variant, in place of one Elo
-- number per person and channel. SQL cannot compute Glicko-2, so the new table starts empty and the row
-- in pending_rebuilds asks for it to be filled: the repository, when it opens, replays the finished rated
-- games in order into it in one transaction under the migration lock and deletes the row
-- (bot.storage.rebuild).
DROP TABLE ratings;
CREATE TABLE ratings (
    platform TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    variant TEXT COLLATE "C" NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    rated_at DOUBLE PRECISION,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel_id, variant, user_id)
);
CREATE INDEX ratings_user ON ratings(platform, channel_id, user_id);

CREATE TABLE pending_rebuilds (
    name TEXT COLLATE "C" PRIMARY KEY
);
INSERT INTO pending_rebuilds (name) VALUES ('ratings');

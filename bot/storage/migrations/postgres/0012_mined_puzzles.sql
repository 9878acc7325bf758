-- 12: puzzles mined in the background (the SQLite 0012 in PostgreSQL's types). A game is mined once:
-- its row in mined_games is written in the same transaction as its puzzles. The foreign keys are
-- deferrable so that `tammi db copy` can insert the tables in any order.
CREATE TABLE mined_games (
    game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    found INTEGER NOT NULL,
    mined_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE mined_puzzles (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    puzzle_key TEXT COLLATE "C" NOT NULL,
    platform TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    variant TEXT COLLATE "C" NOT NULL,
    ply INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    found_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, puzzle_key)
);
CREATE INDEX mined_puzzles_channel ON mined_puzzles (platform, channel_id, variant);

-- 12: puzzles mined in the background from the finished games of the channels the operator allows
-- (`[puzzles] mine`). A game is mined once: its row in mined_games is written in the same transaction as
-- the puzzles found in it (none, for most games), so of two processes that mined it only one stores.
CREATE TABLE mined_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    found INTEGER NOT NULL,
    mined_at REAL NOT NULL
);

CREATE TABLE mined_puzzles (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    puzzle_key TEXT NOT NULL,
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    ply INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    found_at REAL NOT NULL,
    PRIMARY KEY (game_id, puzzle_key)
);
CREATE INDEX mined_puzzles_channel ON mined_puzzles (platform, channel_id, variant);

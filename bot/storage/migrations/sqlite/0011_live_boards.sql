-- 11: tidy channels. A channel's choices `settings live on|off` (one live board per game, edited in
-- place after each move) and `settings threads on|off` (on Discord, each game in a thread of its own);
-- NULL is not chosen, which is off, for every channel, used before or new. live_boards: the message that
-- is a game's live board in a channel (a thread's id where the game has one); game_threads: the thread a
-- game was given, which its replies and notices go to.
ALTER TABLE channel_settings ADD COLUMN live INTEGER;
ALTER TABLE channel_settings ADD COLUMN threads INTEGER;

CREATE TABLE live_boards (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    posted_at REAL NOT NULL,
    PRIMARY KEY (platform, channel_id, game_id)
);

CREATE TABLE game_threads (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    platform TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    made_at REAL NOT NULL
);
CREATE INDEX game_threads_by_thread ON game_threads (platform, thread_id);

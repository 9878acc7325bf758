-- 11: tidy channels (the SQLite 0011 in PostgreSQL's types). A channel's choices `settings live on|off`
-- (one live board per game, edited in place after each move) and `settings threads on|off` (on Discord,
-- each game in a thread of its own); NULL is not chosen, which is off, for every channel, used before or
-- new. live_boards: the message that is a game's live board in a channel (a thread's id where the game
-- has one); game_threads: the thread a game was given, which its replies and notices go to. The foreign
-- keys are deferrable so that `tammi db copy` can insert the tables in any order.
ALTER TABLE channel_settings ADD COLUMN live INTEGER;
ALTER TABLE channel_settings ADD COLUMN threads INTEGER;

CREATE TABLE live_boards (
    platform TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    message_id TEXT COLLATE "C" NOT NULL,
    posted_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (platform, channel_id, game_id)
);

CREATE TABLE game_threads (
    game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    platform TEXT COLLATE "C" NOT NULL,
    thread_id TEXT COLLATE "C" NOT NULL,
    made_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX game_threads_by_thread ON game_threads (platform, thread_id);

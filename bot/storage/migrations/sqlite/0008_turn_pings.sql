-- 8: turn pings (`notify on`): who asked for a private message when it is their turn (per platform
-- user: the language they asked in, and when they were told that such messages do not reach them), and
-- the pings sent, one per game and position, so that no restart or second process sends one twice.
CREATE TABLE notify_settings (
    platform TEXT NOT NULL,
    user_id TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    language TEXT,
    told_at REAL,
    changed_at REAL NOT NULL,
    PRIMARY KEY (platform, user_id)
);

CREATE TABLE turn_pings (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    link TEXT,
    chat TEXT,
    sent_at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- 8: turn pings (the SQLite 0008 in PostgreSQL's types): who asked for a private message when it is their
-- turn, and the pings sent, one per game and position, so that no restart or second process sends one
-- twice. The foreign key is deferrable so that `tammi db copy` can insert the tables in any order.
CREATE TABLE notify_settings (
    platform TEXT COLLATE "C" NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    enabled INTEGER NOT NULL,
    language TEXT,
    told_at DOUBLE PRECISION,
    changed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (platform, user_id)
);

CREATE TABLE turn_pings (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    ply INTEGER NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    link TEXT,
    chat TEXT,
    sent_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, ply)
);

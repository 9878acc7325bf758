-- 1: the first schema.
CREATE TABLE challenges (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    challenger_id TEXT NOT NULL,
    challenger_name TEXT NOT NULL,
    target_id TEXT,
    target_name TEXT,
    variant TEXT NOT NULL,
    colour TEXT NOT NULL CHECK (colour IN ('random', 'white', 'black')),
    tournament INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    game_id INTEGER REFERENCES games(id),
    rematch_of INTEGER REFERENCES games(id)
);
CREATE INDEX challenges_open ON challenges(platform, channel_id, status);
CREATE INDEX challenges_expiry ON challenges(status, expires_at);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    white_id TEXT NOT NULL,
    white_name TEXT NOT NULL,
    black_id TEXT NOT NULL,
    black_name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result TEXT NOT NULL DEFAULT '*' CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')),
    reason TEXT,
    start_fen TEXT NOT NULL,
    fen TEXT NOT NULL,
    moves TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    finished_at REAL,
    rated INTEGER NOT NULL DEFAULT 1,
    tournament INTEGER NOT NULL DEFAULT 0,
    strikes_white INTEGER NOT NULL DEFAULT 0,
    strikes_black INTEGER NOT NULL DEFAULT 0,
    offer TEXT CHECK (offer IN ('draw', 'undo')),
    offer_by TEXT CHECK (offer_by IN ('white', 'black')),
    reminded INTEGER NOT NULL DEFAULT 0,
    claim_noted TEXT,
    bot_level INTEGER,
    challenge_id INTEGER REFERENCES challenges(id)
);
CREATE INDEX games_channel ON games(platform, channel_id, status);
CREATE INDEX games_white ON games(platform, white_id);
CREATE INDEX games_black ON games(platform, black_id);
CREATE INDEX games_active ON games(status, updated_at);

-- One row per human player in an active game: at most one active game per player and channel.
CREATE TABLE seats (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    PRIMARY KEY (platform, channel_id, user_id)
);

CREATE TABLE ratings (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel_id, user_id)
);

CREATE TABLE channel_settings (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    language TEXT,
    variant TEXT,
    PRIMARY KEY (platform, channel_id)
);

CREATE TABLE people (
    platform TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    seen_at REAL NOT NULL,
    PRIMARY KEY (platform, user_id)
);
CREATE INDEX people_name ON people(platform, name_key);

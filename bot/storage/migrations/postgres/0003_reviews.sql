-- 3: game reviews (stored so asking again is instant) and the hints players asked for.
CREATE TABLE reviews (
    game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    plies INTEGER NOT NULL,
    data TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE hints (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
    ply INTEGER NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    move TEXT COLLATE "C" NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, ply)
);

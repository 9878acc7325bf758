-- 3: game reviews (stored so asking again is instant) and the hints players asked for.
CREATE TABLE reviews (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    plies INTEGER NOT NULL,
    data TEXT NOT NULL,
    created_at REAL NOT NULL
);

CREATE TABLE hints (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    move TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);

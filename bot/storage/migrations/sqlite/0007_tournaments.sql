-- 7: tournaments in a channel (bot.domain.tournaments): at most one open or running per channel; its
-- players (seed: the join order, then at the start the seeding), its rounds (each with its ballot in
-- English) and their boards (a board's game, or the result of a forfeit; a bye has neither). A round is
-- stored whole in one transaction, claimed by moving `round` from the one before.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    organiser_id TEXT NOT NULL,
    organiser_name TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    variant TEXT NOT NULL,
    rounds INTEGER,
    double_round INTEGER NOT NULL DEFAULT 0,
    days INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    started_at REAL,
    finished_at REAL
);
CREATE UNIQUE INDEX tournaments_current ON tournaments(platform, channel_id)
    WHERE status IN ('open', 'running');
CREATE INDEX tournaments_channel ON tournaments(platform, channel_id, id);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    joined_at REAL NOT NULL,
    withdrawn_at REAL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    ballot INTEGER,
    paired_at REAL NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white_id TEXT NOT NULL,
    black_id TEXT,
    game_id INTEGER UNIQUE REFERENCES games(id),
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, number) ON DELETE CASCADE
);

ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
CREATE INDEX games_tournament ON games(tournament_id);

-- A seat per person and channel for the free game (slot 0), and one per tournament (slot: its id).
CREATE TABLE seats_slotted (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    slot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel_id, user_id, slot)
);
INSERT INTO seats_slotted (platform, channel_id, user_id, game_id, slot)
    SELECT platform, channel_id, user_id, game_id, 0 FROM seats;
DROP TABLE seats;
ALTER TABLE seats_slotted RENAME TO seats;

-- Who may open a tournament in the channel (`settings tournaments managers|anyone`): NULL is anyone.
ALTER TABLE channel_settings ADD COLUMN tournaments TEXT;

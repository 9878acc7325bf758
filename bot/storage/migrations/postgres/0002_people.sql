-- 2: people are found by platform ids. A name is known per channel (display names differ between
-- servers, and a name only means someone among the people of that channel); a platform username
-- (Telegram @username, Discord user name) belongs to one user at a time and is kept across restarts.
DROP INDEX people_name;
DROP TABLE people;

CREATE TABLE names (
    platform TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    -- the name exactly as the platform gave it, casefolded; and as it looks once cleaned
    exact_key TEXT COLLATE "C" NOT NULL,
    look_key TEXT COLLATE "C" NOT NULL,
    seen_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (platform, channel_id, user_id)
);
CREATE INDEX names_look ON names(platform, channel_id, look_key);

CREATE TABLE handles (
    platform TEXT COLLATE "C" NOT NULL,
    handle TEXT COLLATE "C" NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    name TEXT COLLATE "C" NOT NULL,
    seen_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (platform, handle)
);
CREATE INDEX handles_user ON handles(platform, user_id);

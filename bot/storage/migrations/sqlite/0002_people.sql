-- 2: people are found by platform ids. A name is known per channel (display names differ between
-- servers, and a name only means someone among the people of that channel); a platform username
-- (Telegram @username, Discord user name) belongs to one user at a time and is kept across restarts.
DROP INDEX people_name;
DROP TABLE people;

CREATE TABLE names (
    platform TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    -- the name exactly as the platform gave it, casefolded; and as it looks once cleaned
    exact_key TEXT NOT NULL,
    look_key TEXT NOT NULL,
    seen_at REAL NOT NULL,
    PRIMARY KEY (platform, channel_id, user_id)
);
CREATE INDEX names_look ON names(platform, channel_id, look_key);

CREATE TABLE handles (
    platform TEXT NOT NULL,
    handle TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    seen_at REAL NOT NULL,
    PRIMARY KEY (platform, handle)
);
CREATE INDEX handles_user ON handles(platform, user_id);

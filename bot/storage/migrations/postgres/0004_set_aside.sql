-- 4: a game whose stored row cannot be read back is set aside: out of play for good, its players freed.
-- The column says what could not be read ("<part>: <error>"); NULL for every other game.
ALTER TABLE games ADD COLUMN set_aside TEXT;

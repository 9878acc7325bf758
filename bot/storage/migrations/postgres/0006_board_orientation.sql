-- 6: how the boards of a shared channel face (`settings board turn|fixed`): 'turn', from the side to
-- move; 'fixed', each game's first player at the bottom; NULL, not chosen, which is 'fixed' (the default
-- for new channels). Every channel used before (a game, a challenge or a settings row) keeps the boards
-- it had, which turned with the side to move.
ALTER TABLE channel_settings ADD COLUMN board TEXT;
UPDATE channel_settings SET board = 'turn';
INSERT INTO channel_settings (platform, channel_id, board)
SELECT DISTINCT used.platform, used.channel_id, 'turn'
FROM (SELECT platform, channel_id FROM games UNION SELECT platform, channel_id FROM challenges) AS used
WHERE NOT EXISTS (SELECT 1 FROM channel_settings AS known
                  WHERE known.platform = used.platform AND known.channel_id = used.channel_id);

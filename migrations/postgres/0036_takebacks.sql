-- Takebacks in casual games (src/api/games/takeback.rs). A game holds at most one pending
-- request: the seat that asked and the ply the game was at when it asked (the asker's move
-- is the last entry, ply - 1). Both are cleared by every change that adds an entry or ends
-- the game (storage/games/update.rs). `in_tournament` says the game is a tournament game,
-- where takebacks are never allowed (set when a round's games are created).
ALTER TABLE games ADD COLUMN takeback_seat BIGINT;
ALTER TABLE games ADD COLUMN takeback_ply BIGINT;
ALTER TABLE games ADD COLUMN in_tournament BIGINT NOT NULL DEFAULT 0;
UPDATE games SET in_tournament = 1 WHERE id IN (SELECT game_id FROM tournament_games);

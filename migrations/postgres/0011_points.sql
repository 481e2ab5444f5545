-- What a finished game was worth to each team, in half points, by the game's own scoring
-- (the rules crate's registry: Nowan 2 / 1 for a stalemate / 0, chess-like games 1 / 1/2 /
-- 0); NULL until the game finishes, and for aborted games. Written with the end of the game;
-- games finished before this migration are scored at start-up from the same registry
-- (`Db::score_unscored_games`), found through the partial index below, which is empty once
-- that is done. Same as migrations/sqlite/0011_points.sql.
ALTER TABLE games ADD COLUMN points_team0 BIGINT;
ALTER TABLE games ADD COLUMN points_team1 BIGINT;
CREATE INDEX games_unscored ON games (id) WHERE status = 'finished' AND points_team0 IS NULL;

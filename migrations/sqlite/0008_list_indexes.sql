-- Lists at scale (SQLite flavour; the same indexes as migrations/postgres/0008_list_indexes.sql).
-- Every list page reads a bounded number of index entries however many games are stored
-- (benchmark: crates/herald-server/examples/volume.rs, figures in the crate's README).

-- A seat carries its game's finished_at, kept by a trigger, so a player's current games
-- (finished_at IS NULL) and their finished games newest first are ranges of one index on
-- game_seats, instead of a join over every game the player ever sat in followed by a sort.
ALTER TABLE game_seats ADD COLUMN finished_at BIGINT;
UPDATE game_seats SET finished_at = (SELECT g.finished_at FROM games g WHERE g.id = game_seats.game_id);

CREATE TRIGGER games_finished_at_to_seats AFTER UPDATE OF finished_at ON games
WHEN NEW.finished_at IS NOT OLD.finished_at
BEGIN
    UPDATE game_seats SET finished_at = NEW.finished_at WHERE game_id = NEW.id;
END;

-- Same leading column as the indexes they replace, so lookups by player or invitee still use them.
DROP INDEX game_seats_user;
CREATE INDEX game_seats_user ON game_seats (user_id, finished_at DESC, game_id);
DROP INDEX game_seats_invited;
CREATE INDEX game_seats_invited ON game_seats (invited_user_id, finished_at DESC, game_id);

-- The archive: finished games newest first, in all, per game and per result.
CREATE INDEX games_finished ON games (finished_at DESC, id) WHERE status = 'finished';
CREATE INDEX games_finished_variant ON games (variant, finished_at DESC, id) WHERE status = 'finished';
CREATE INDEX games_finished_result ON games (result, finished_at DESC, id) WHERE status = 'finished';

-- Open challenges newest first, ties by id as the lobby orders them.
DROP INDEX games_challenges;
CREATE INDEX games_challenges ON games (created_at DESC, id) WHERE status = 'waiting' AND open_seats > 0;

-- A seat also carries how its game ended (status, game, result, winning team), set by the
-- trigger that copies finished_at, so a player's results and their archive (count and
-- page, by game and by result) are one range of the covering index game_seats_user, not a
-- lookup of every game they played (5,000 random game lookups took 0.1-0.5 s at a million
-- games on a loaded machine). Same as migrations/postgres/0009_seat_results.sql.
ALTER TABLE game_seats ADD COLUMN game_status TEXT;
ALTER TABLE game_seats ADD COLUMN game_variant TEXT;
ALTER TABLE game_seats ADD COLUMN game_result TEXT;
ALTER TABLE game_seats ADD COLUMN game_winner_team BIGINT;
UPDATE game_seats SET (game_status, game_variant, game_result, game_winner_team) =
    (SELECT g.status, g.variant, g.result, g.winner_team FROM games g WHERE g.id = game_seats.game_id)
WHERE finished_at IS NOT NULL;

DROP TRIGGER games_finished_at_to_seats;
CREATE TRIGGER games_finished_at_to_seats AFTER UPDATE OF finished_at ON games
WHEN NEW.finished_at IS NOT OLD.finished_at
BEGIN
    UPDATE game_seats SET finished_at = NEW.finished_at, game_status = NEW.status, game_variant = NEW.variant,
        game_result = NEW.result, game_winner_team = NEW.winner_team
    WHERE game_id = NEW.id;
END;

DROP INDEX game_seats_user;
CREATE INDEX game_seats_user ON game_seats
    (user_id, finished_at DESC, game_id, game_status, game_variant, game_result, game_winner_team, seat);

-- The archive filtered by game and result at once: one range, not the result's range
-- filtered by game (10,000 matches read 40,000 games).
CREATE INDEX games_finished_variant_result ON games (variant, result, finished_at DESC, id) WHERE status = 'finished';

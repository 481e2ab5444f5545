-- Each player's results, counted as games finish, so a profile's results table is a handful
-- of rows however many games the player has finished (aggregating the seats of a player with
-- 5,000 finished games took 18 ms on PostgreSQL). The trigger that marks a game's seats
-- finished counts the game, in the transaction that finishes it: once per game, whichever
-- path ends it. Same as migrations/postgres/0014_tallies_and_seat_games.sql.
CREATE TABLE player_results (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    seat INTEGER NOT NULL,
    -- The team that won, -1 for a game nobody won.
    winner_team INTEGER NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (user_id, variant, seat, winner_team)
) WITHOUT ROWID;

INSERT INTO player_results (user_id, variant, seat, winner_team, games)
SELECT user_id, game_variant, seat, COALESCE(game_winner_team, -1), COUNT(*) FROM game_seats
WHERE user_id IS NOT NULL AND finished_at IS NOT NULL AND game_status = 'finished'
GROUP BY user_id, game_variant, seat, COALESCE(game_winner_team, -1);

DROP TRIGGER games_finished_at_to_seats;
CREATE TRIGGER games_finished_at_to_seats AFTER UPDATE OF finished_at ON games
WHEN NEW.finished_at IS NOT OLD.finished_at
BEGIN
    UPDATE game_seats SET finished_at = NEW.finished_at, game_status = NEW.status, game_variant = NEW.variant,
        game_result = NEW.result, game_winner_team = NEW.winner_team
    WHERE game_id = NEW.id;
    INSERT INTO player_results (user_id, variant, seat, winner_team, games)
    SELECT user_id, NEW.variant, seat, COALESCE(NEW.winner_team, -1), 1 FROM game_seats
    WHERE game_id = NEW.id AND user_id IS NOT NULL AND NEW.status = 'finished' AND OLD.finished_at IS NULL
    ON CONFLICT (user_id, variant, seat, winner_team) DO UPDATE SET games = games + 1;
END;

-- A seat names its game's kind from the start (0009 set it when the game ended), so the
-- seats of a list of games join their players' ratings in that kind without looking up
-- each game (a player with 174 current games looked up 174 games twice).
UPDATE game_seats SET game_variant = (SELECT g.variant FROM games g WHERE g.id = game_seats.game_id)
WHERE game_variant IS NULL;

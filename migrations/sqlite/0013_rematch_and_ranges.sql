-- Rematches, rating ranges of open challenges and when players were last seen
-- (src/games/rematch.rs, src/games/create.rs, src/storage/presence.rs).
-- Same as migrations/postgres/0013_rematch_and_ranges.sql.

-- The finished game this one is a rematch of. A game has at most one rematch: the unique
-- index refuses a second offer, also when two players click at once.
ALTER TABLE games ADD COLUMN rematch_of TEXT REFERENCES games (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;

-- An open challenge's rating range (inclusive; NULL: no bound): players whose rating in this
-- game is outside it neither see the challenge nor can take its open seats.
ALTER TABLE games ADD COLUMN rating_min BIGINT;
ALTER TABLE games ADD COLUMN rating_max BIGINT;

-- When the player last used Herald (a page, an API call or a move), to the hour: written at
-- most once an hour per player and instance (storage/presence.rs).
ALTER TABLE users ADD COLUMN last_seen_at BIGINT;

-- A player's rating history read from the index alone, newest or oldest first, ties broken by
-- game (the profile's chart reads the last 100 points of a player with thousands): replaces
-- the index of 0012, which lacked the tie-breaker and the values.
DROP INDEX rating_changes_history;
CREATE INDEX rating_changes_history_covering
    ON rating_changes (user_id, variant, created_at, game_id, rating_after, deviation_after);

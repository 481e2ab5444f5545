-- Rated games and Glicko-2 ratings (src/ratings.rs). Same as migrations/postgres/0012_ratings.sql.

-- Whether the game counts for ratings (chosen at creation; INTEGER 0/1 like the other flags).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

-- One rating per player and game kind (Ancient chess's options share Ancient's rating).
CREATE TABLE ratings (
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    variant     TEXT   NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, variant)
);
-- Leaderboards: a game kind's ratings, best first.
CREATE INDEX ratings_board ON ratings (variant, rating DESC, user_id);

-- What each rated game did to each seat's rating: written once, in the transaction that ends
-- the game (the primary key refuses a second time), read for the game page and the
-- player's history.
CREATE TABLE rating_changes (
    game_id          TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             BIGINT NOT NULL,
    user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    variant          TEXT   NOT NULL,
    rating_before    REAL NOT NULL,
    rating_after     REAL NOT NULL,
    deviation_after  REAL NOT NULL,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_history ON rating_changes (user_id, variant, created_at);

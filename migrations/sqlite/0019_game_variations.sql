-- Saved analysis variations on games (src/games/variations.rs, src/storage/variations.rs).
-- Same as migrations/postgres/0019_game_variations.sql.

-- A user's variation tree on a game, as the JSON text the service validated (every move
-- legal from the game's position at its branch point; at most 32 KB), visible only to its
-- author; published with the author's notes once the game is over (`published_at`), and
-- the game's PGN then carries it as variations.
CREATE TABLE game_variations (
    game_id      TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tree         TEXT   NOT NULL,
    updated_at   BIGINT NOT NULL,
    published_at BIGINT,
    PRIMARY KEY (game_id, user_id)
);
-- A user's variations across games (account deletion, exports).
CREATE INDEX game_variations_user ON game_variations (user_id, game_id);

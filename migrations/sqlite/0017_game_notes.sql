-- Private notes on games (src/games/notes.rs, src/storage/notes.rs). Same as
-- migrations/postgres/0017_game_notes.sql.

-- A user's note on a game as a whole (`ply` 0) or on the position after its move `ply`,
-- visible only to its author; a player may publish theirs once the game is over
-- (`published_at`), and the game's PGN then carries them as comments.
CREATE TABLE game_notes (
    game_id      TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ply          BIGINT NOT NULL,
    text         TEXT   NOT NULL,
    updated_at   BIGINT NOT NULL,
    published_at BIGINT,
    PRIMARY KEY (game_id, user_id, ply)
);
-- A user's notes across games (account deletion, exports).
CREATE INDEX game_notes_user ON game_notes (user_id, game_id);

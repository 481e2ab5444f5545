-- Conditional moves (src/games/conditionals.rs, src/storage/conditionals.rs). Same as
-- migrations/postgres/0018_conditional_moves.sql but for the column types.

-- The seats (bit n: seat n) holding conditional lines in this game: a move reads the
-- lines only when some are held, and its guarded update checks this mask did not change
-- since the game was read, so a move never misses lines saved meanwhile.
ALTER TABLE games ADD COLUMN conditional_seats INTEGER NOT NULL DEFAULT 0;

-- A player's conditional lines in a game: a tree of moves (JSON) from the position at
-- `ply`; the player's own moves in it are the replies played for them. `version` guards
-- every rewrite (an edit racing a triggering move makes one of them retry). `notice`
-- says why lines were last dropped unplayed; `reveal`: shown with the record after the
-- game, as last saved (`saved_ply`, `saved_tree`: the lines as the player entered them,
-- not what is left of them). A tree rooted at a ply the game has left is stale and never
-- played.
CREATE TABLE conditional_lines (
    game_id    TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    tree       TEXT   NOT NULL,
    version    INTEGER NOT NULL,
    reveal     INTEGER NOT NULL DEFAULT 0,
    notice     TEXT,
    saved_ply  INTEGER NOT NULL,
    saved_tree TEXT   NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

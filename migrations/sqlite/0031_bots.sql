-- Bot accounts (src/storage/bots.rs): a user with a row here is a bot, played by the
-- server's engine at `level` (1-8). Its password hash is unusable, so it never logs in.
-- Same as the other dialect's 0028_bots.sql.
CREATE TABLE bots (
    user_id     BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    level       BIGINT NOT NULL,
    description TEXT   NOT NULL,
    -- Comma-separated variant ids the bot accepts; empty accepts every game.
    variants    TEXT   NOT NULL DEFAULT '',
    min_days    BIGINT NOT NULL DEFAULT 1,
    max_days    BIGINT NOT NULL DEFAULT 30,
    -- 0 casual only, 1 rated only, 2 both.
    rated       BIGINT NOT NULL DEFAULT 2,
    paused      BIGINT NOT NULL DEFAULT 0,
    max_games   BIGINT NOT NULL DEFAULT 20
);

-- Who is thinking about a bot's turn: one row per game, the ply it was taken at and when
-- the lease ends. An instance that crashes while thinking loses nothing: the lease
-- expires and another instance takes the turn again.
CREATE TABLE bot_turns (
    game_id    TEXT   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply        BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Bot accounts (src/storage/bots.rs): a user with a row here is a bot, played by the
-- server's engine at `level` (1-8, the engine's level table). Its password hash is
-- unusable, so it never logs in. Same as the sqlite dialect's 0031_bots.sql.
CREATE TABLE bots (
    user_id            BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    level              BIGINT NOT NULL,
    description        TEXT   NOT NULL,
    -- Comma-separated variant ids the bot takes; empty takes every game.
    variants           TEXT   NOT NULL DEFAULT '',
    min_days           BIGINT NOT NULL DEFAULT 1,
    max_days           BIGINT NOT NULL DEFAULT 14,
    -- casual | rated | both (domain::bots::BotRated).
    rated              TEXT   NOT NULL DEFAULT 'both',
    -- A paused bot takes no new games (it still finishes the ones it plays).
    paused             BIGINT NOT NULL DEFAULT 0,
    -- Games waiting or in progress at once.
    max_games          BIGINT NOT NULL DEFAULT 20,
    -- Takes an open challenge nobody took after this many minutes; NULL: never.
    open_after_minutes BIGINT,
    created_at         BIGINT NOT NULL
);

-- Who is thinking about a bot's turn: one row per game, the ply it was taken at and when
-- the lease ends. An instance that stops while thinking loses nothing: the lease expires
-- and another instance takes the turn again.
CREATE TABLE bot_turns (
    game_id    TEXT   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply        BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- A waiting game's creator may have its empty seats filled with bots after a time: at
-- `fill_at`, bots nearest `level` take them (src/workers/bots.rs).
CREATE TABLE bot_fills (
    game_id TEXT   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    fill_at BIGINT NOT NULL,
    level   BIGINT NOT NULL
);
CREATE INDEX bot_fills_due ON bot_fills (fill_at);

-- Whether games between bots and people may be rated (all people must also have asked for
-- a rated game). Off by default.
ALTER TABLE site_settings ADD COLUMN rated_bot_games BIGINT NOT NULL DEFAULT 0;

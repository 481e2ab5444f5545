-- Herald schema, SQLite flavour. Times are UTC epoch milliseconds (BIGINT);
-- flags are INTEGER 0/1 (sqlx Any cannot decode bool on SQLite).

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT    NOT NULL,
    username_key  TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL
);

CREATE TABLE api_tokens (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    token_hash TEXT    NOT NULL UNIQUE,
    created_at BIGINT  NOT NULL
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

CREATE TABLE sessions (
    id_hash    TEXT   PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE games (
    id            TEXT    PRIMARY KEY,
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    created_by    BIGINT  NOT NULL REFERENCES users (id),
    created_at    BIGINT  NOT NULL,
    started_at    BIGINT,
    finished_at   BIGINT,
    updated_at    BIGINT  NOT NULL,
    days_per_move BIGINT  NOT NULL,
    ply           BIGINT  NOT NULL DEFAULT 0,
    version       BIGINT  NOT NULL DEFAULT 0,
    turn          BIGINT  NOT NULL DEFAULT 0,
    fen           TEXT    NOT NULL,
    move_by       BIGINT,
    winner_team   BIGINT,
    result        TEXT,
    reason        TEXT,
    draw_offers   BIGINT  NOT NULL DEFAULT 0,
    open_seats    BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX games_challenges ON games (created_at) WHERE status = 'waiting' AND open_seats > 0;
CREATE INDEX games_move_by ON games (move_by) WHERE status = 'active';

CREATE TABLE game_seats (
    game_id         TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            BIGINT NOT NULL,
    user_id         BIGINT REFERENCES users (id),
    invited_user_id BIGINT REFERENCES users (id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_user ON game_seats (user_id);
CREATE INDEX game_seats_invited ON game_seats (invited_user_id);

-- One row per ply: the primary key makes a second move for the same ply impossible.
CREATE TABLE moves (
    game_id   TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       BIGINT NOT NULL,
    seat      BIGINT NOT NULL,
    text      TEXT   NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

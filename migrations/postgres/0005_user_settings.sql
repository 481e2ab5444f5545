-- Per-user preferences for the web pages: the time zone deadlines are shown in, and
-- whether a move needs a second click to confirm. A user without a row has the defaults.
CREATE TABLE user_settings (
    user_id      BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    time_zone    TEXT   NOT NULL DEFAULT 'UTC',
    confirm_move BIGINT NOT NULL DEFAULT 0,
    updated_at   BIGINT NOT NULL
);

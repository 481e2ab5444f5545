-- Live streams and notifications (SQLite flavour): an outbox of events still to fan out to webhooks and email, per-user
-- notification settings, webhooks with their delivery log, and the email log that keeps
-- "your move" to one message per game and turn.

CREATE TABLE event_outbox (
    event_id BIGINT PRIMARY KEY
);

-- SQLite serves one instance: the committing instance wakes its own streams, so only the
-- outbox is filled here.
CREATE TRIGGER game_events_inserted AFTER INSERT ON game_events
BEGIN
    INSERT INTO event_outbox (event_id) VALUES (NEW.id);
END;

CREATE TABLE notification_settings (
    user_id             BIGINT  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email               TEXT,
    email_your_move     BIGINT  NOT NULL DEFAULT 1,
    email_time_warning  BIGINT  NOT NULL DEFAULT 1,
    email_claimable     BIGINT  NOT NULL DEFAULT 1,
    email_game_over     BIGINT  NOT NULL DEFAULT 1,
    feed_secret_hash    TEXT    UNIQUE,
    updated_at          BIGINT  NOT NULL
);

CREATE TABLE webhooks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url         TEXT   NOT NULL,
    secret      TEXT   NOT NULL,
    enabled     BIGINT NOT NULL DEFAULT 1,
    failures    BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    disabled_at BIGINT
);
CREATE INDEX webhooks_user ON webhooks (user_id);

CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id      BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        BIGINT NOT NULL,
    game_id         TEXT   NOT NULL,
    seq             BIGINT NOT NULL,
    kind            TEXT   NOT NULL,
    payload         TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_status     BIGINT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE email_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id         TEXT   NOT NULL,
    kind            TEXT   NOT NULL,
    turn_key        TEXT   NOT NULL,
    recipient       TEXT   NOT NULL,
    subject         TEXT   NOT NULL,
    body            TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    UNIQUE (user_id, game_id, kind, turn_key)
);
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE status = 'pending';

-- Keys the server signs links with (e.g. one-click unsubscribe), created on first use.
CREATE TABLE server_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

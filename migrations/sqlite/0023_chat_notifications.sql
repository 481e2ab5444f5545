-- Chat through the notification channels (src/notify/chat.rs, src/storage/chat_notices.rs)
-- and what an account's deletion does to its messages. Same as
-- migrations/postgres/0023_chat_notifications.sql.

-- Each channel's chat switch, on unless switched off: an e-mail digest, webhook
-- deliveries, entries in the Atom feed.
ALTER TABLE notification_settings ADD COLUMN email_chat BIGINT NOT NULL DEFAULT 1;
ALTER TABLE notification_settings ADD COLUMN webhook_chat BIGINT NOT NULL DEFAULT 1;
ALTER TABLE notification_settings ADD COLUMN feed_chat BIGINT NOT NULL DEFAULT 1;

-- What a deleted account's chat messages become: `anonymise` (they stay, under the stable
-- "deleted user N") or `remove` (their text is erased and they are shown to nobody).
ALTER TABLE site_settings ADD COLUMN deleted_chat TEXT NOT NULL DEFAULT 'anonymise';

-- One row per message and reader told of it (the players who read its channel, not its
-- author; never spectators), written in the message's transaction. The outbox worker
-- queues its webhook deliveries and sets `pushed_at`; the digest worker puts it in one
-- e-mail and sets `mailed_at` (set at once for a reader watching the game live, who saw
-- it); the feed reads the latest.
CREATE TABLE chat_notices (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id    TEXT   NOT NULL,
    seq        BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    pushed_at  BIGINT,
    mailed_at  BIGINT,
    FOREIGN KEY (game_id, seq) REFERENCES chat_messages (game_id, seq) ON DELETE CASCADE,
    UNIQUE (user_id, game_id, seq)
);
-- The webhook worker's queue.
CREATE INDEX chat_notices_unpushed ON chat_notices (id) WHERE pushed_at IS NULL;
-- The digest worker's queue: the oldest first, and one reader's.
CREATE INDEX chat_notices_due ON chat_notices (created_at) WHERE mailed_at IS NULL;
CREATE INDEX chat_notices_unmailed ON chat_notices (user_id) WHERE mailed_at IS NULL;
-- A reader's feed, newest first.
CREATE INDEX chat_notices_reader ON chat_notices (user_id, id);

-- A webhook delivery is of a game event, a tournament notice or a chat message. SQLite
-- cannot change a CHECK in place: the table is rebuilt with its rows and index.
CREATE TABLE webhook_deliveries_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id      BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        BIGINT,
    game_id         TEXT,
    seq             BIGINT,
    kind            TEXT   NOT NULL,
    payload         TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_status     BIGINT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    notice_id       BIGINT,
    tournament_id   TEXT,
    chat_notice_id  BIGINT,
    UNIQUE (webhook_id, event_id),
    UNIQUE (webhook_id, notice_id),
    UNIQUE (webhook_id, chat_notice_id),
    CHECK ((event_id IS NOT NULL) + (notice_id IS NOT NULL) + (chat_notice_id IS NOT NULL) = 1)
);
INSERT INTO webhook_deliveries_new (id, webhook_id, event_id, game_id, seq, kind, payload, status, attempts,
    next_attempt_at, last_status, last_error, created_at, updated_at, notice_id, tournament_id)
SELECT id, webhook_id, event_id, game_id, seq, kind, payload, status, attempts, next_attempt_at, last_status,
    last_error, created_at, updated_at, notice_id, tournament_id FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_new RENAME TO webhook_deliveries;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

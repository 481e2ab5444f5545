-- Web Push (src/api/notify/push.rs). A subscription is one browser on one device: the push
-- service's endpoint (unique: a device signed in as someone else moves to them) and the
-- keys its payloads are encrypted to (RFC 8291). Deliveries are queued by the fan-out in
-- the transaction that takes the event off its queue, one per subscription and event
-- (`dedupe`), and claimed by leases like webhook deliveries. A newer delivery with the
-- same `topic` (one game) replaces a pending one: several moves make one notification.
-- Same as migrations/postgres/0037_web_push.sql.
CREATE TABLE push_subscriptions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint     TEXT   NOT NULL UNIQUE,
    p256dh       TEXT   NOT NULL,
    auth         TEXT   NOT NULL,
    device       TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    last_sent_at BIGINT,
    last_error   TEXT
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, id);

CREATE TABLE push_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id BIGINT NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    user_id         BIGINT NOT NULL,
    dedupe          TEXT   NOT NULL,
    topic           TEXT   NOT NULL,
    kind            TEXT   NOT NULL,
    payload         TEXT   NOT NULL,
    urgency         TEXT   NOT NULL,
    ttl_secs        BIGINT NOT NULL,
    status          TEXT   NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_status     BIGINT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    UNIQUE (subscription_id, dedupe)
);
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_deliveries_topic ON push_deliveries (user_id, topic) WHERE status = 'pending';

-- A game's events reach the outbox when someone in it has a device to notify too.
DROP TRIGGER game_events_inserted;

CREATE TRIGGER game_events_inserted AFTER INSERT ON game_events
WHEN EXISTS (
    SELECT 1 FROM game_seats s JOIN webhooks w ON w.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND w.enabled = 1
) OR EXISTS (
    SELECT 1 FROM game_seats s JOIN notification_settings n ON n.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND n.email IS NOT NULL AND n.email <> ''
) OR EXISTS (
    SELECT 1 FROM game_seats s JOIN push_subscriptions p ON p.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id
) OR EXISTS (SELECT 1 FROM tournament_games t WHERE t.game_id = NEW.game_id)
BEGIN
    INSERT INTO event_outbox (event_id) VALUES (NEW.id);
END;

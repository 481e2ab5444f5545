-- Tournament notices (src/tournaments/notices.rs, src/storage/tournament_notices.rs): what
-- an event's players hear about it. Same as migrations/postgres/0016_tournament_notices.sql.

-- One thing that happened to an event: it started, a round started, it finished or was
-- cancelled (`kind`, a typed state). Written in the transaction that made it happen, and
-- unique per event, kind and round, so it exists once however many instances advance the
-- event. The outbox worker turns it into e-mails and webhook deliveries and marks it
-- `sent_at` in one transaction; the Atom feed reads it.
CREATE TABLE tournament_notices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id TEXT   NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind          TEXT   NOT NULL,
    round         BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    sent_at       BIGINT,
    UNIQUE (tournament_id, kind, round)
);
-- The worker's queue.
CREATE INDEX tournament_notices_unsent ON tournament_notices (id) WHERE sent_at IS NULL;

-- E-mail about events one plays in (round started, event over), on unless switched off.
ALTER TABLE notification_settings ADD COLUMN email_tournament BIGINT NOT NULL DEFAULT 1;

-- A webhook delivery is of a game event or of a tournament notice (each to the webhooks of
-- those it concerns, once per webhook). SQLite cannot relax NOT NULL in place: the table is
-- rebuilt with its rows and index.
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
    UNIQUE (webhook_id, event_id),
    UNIQUE (webhook_id, notice_id),
    CHECK ((event_id IS NULL) <> (notice_id IS NULL))
);
INSERT INTO webhook_deliveries_new (id, webhook_id, event_id, game_id, seq, kind, payload, status, attempts,
    next_attempt_at, last_status, last_error, created_at, updated_at)
SELECT id, webhook_id, event_id, game_id, seq, kind, payload, status, attempts, next_attempt_at, last_status,
    last_error, created_at, updated_at FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_new RENAME TO webhook_deliveries;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

-- Tournament notices (src/tournaments/notices.rs, src/storage/tournament_notices.rs): what
-- an event's players hear about it. Same as migrations/sqlite/0016_tournament_notices.sql.

-- One thing that happened to an event: it started, a round started, it finished or was
-- cancelled (`kind`, a typed state). Written in the transaction that made it happen, and
-- unique per event, kind and round, so it exists once however many instances advance the
-- event. The outbox worker turns it into e-mails and webhook deliveries and marks it
-- `sent_at` in one transaction; the Atom feed reads it.
CREATE TABLE tournament_notices (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
-- those it concerns, once per webhook).
ALTER TABLE webhook_deliveries ALTER COLUMN event_id DROP NOT NULL;
ALTER TABLE webhook_deliveries ALTER COLUMN game_id DROP NOT NULL;
ALTER TABLE webhook_deliveries ALTER COLUMN seq DROP NOT NULL;
ALTER TABLE webhook_deliveries ADD COLUMN notice_id BIGINT;
ALTER TABLE webhook_deliveries ADD COLUMN tournament_id TEXT;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_notice UNIQUE (webhook_id, notice_id);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_one_subject
    CHECK ((event_id IS NULL) <> (notice_id IS NULL));

-- Warnings administrators gave by resolving a report with "warn" (src/storage/warnings.rs):
-- the warned user sees each on their pages and in the API until they dismiss it.
-- Numbered 0027 because main already has a 0026. Same as migrations/postgres/0027_warnings.sql.
CREATE TABLE warnings (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    report_id    BIGINT REFERENCES reports (id) ON DELETE SET NULL,
    -- The administrator's note, possibly empty.
    note         TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    dismissed_at BIGINT
);
-- A user's warnings not yet dismissed (read with every page of theirs).
CREATE INDEX warnings_user ON warnings (user_id, dismissed_at, id);

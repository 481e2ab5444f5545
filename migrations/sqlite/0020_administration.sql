-- Running a club (issue 19, administration): account standing, mutes, the audit log, site
-- settings, invitations and reports (src/administration/, src/storage/administration.rs).
-- Same as migrations/postgres/0020_administration.sql but for identity columns.

-- A user's standing. Suspended while suspended_until is in the future (it lapses by itself);
-- banned from banned_at until unbanned; deleted accounts are anonymised tombstones. Each is
-- checked on every request by the credential lookup, so a session or token stops at once.
ALTER TABLE users ADD COLUMN suspended_until BIGINT;
ALTER TABLE users ADD COLUMN banned_at BIGINT;
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
-- Chat refuses a muted user's posts until then (Db::muted_until).
ALTER TABLE users ADD COLUMN muted_until BIGINT;
-- 1 while the running vacation is an adjournment by the club (a suspension or ban under
-- the rule suspended_games = adjourned): its time is not charged to the yearly allowance.
ALTER TABLE users ADD COLUMN vacation_adjourned BIGINT NOT NULL DEFAULT 0;

-- Why an administrator ended a game (reason 'admin'), shown on its page.
ALTER TABLE games ADD COLUMN end_note TEXT;

-- Every administrative action, from the web, the API or `herald admin` (actor_id NULL).
-- before_json / after_json: the target's relevant fields before and after, as JSON text.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          BIGINT NOT NULL,
    actor_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    actor_name  TEXT   NOT NULL,
    action      TEXT   NOT NULL,
    target_kind TEXT   NOT NULL,
    target_id   TEXT,
    target_name TEXT,
    before_json TEXT,
    after_json  TEXT,
    note        TEXT
);
-- The log of one target (a user's history on the admin page); the page itself is newest
-- first by id (the primary key).
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);

-- One row (id = 1): the club's settings, cached by each instance (src/administration/site.rs).
CREATE TABLE site_settings (
    id              BIGINT NOT NULL PRIMARY KEY CHECK (id = 1),
    signup          TEXT   NOT NULL DEFAULT 'open',
    site_name       TEXT   NOT NULL DEFAULT 'Herald',
    notice          TEXT   NOT NULL DEFAULT '',
    suspended_games TEXT   NOT NULL DEFAULT 'clock_runs',
    member_invites  BIGINT NOT NULL DEFAULT 0,
    version         BIGINT NOT NULL DEFAULT 0,
    updated_at      BIGINT NOT NULL DEFAULT 0
);
INSERT INTO site_settings (id) VALUES (1);

-- Invitation links: only the SHA-256 of the code is kept. A sign-up takes a use with one
-- conditional UPDATE (uses < max_uses), so racing sign-ups cannot exceed max_uses.
CREATE TABLE invitations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    code_hash   TEXT   NOT NULL UNIQUE,
    created_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    max_uses    BIGINT NOT NULL,
    uses        BIGINT NOT NULL DEFAULT 0,
    revoked_at  BIGINT,
    note        TEXT   NOT NULL DEFAULT ''
);
-- A member's own invitations, newest first (the admin list reads the primary key).
CREATE INDEX invitations_creator ON invitations (created_by, id);

-- Reports by users about a user, a game or (wired by chat) a message.
CREATE TABLE reports (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_kind    TEXT   NOT NULL,
    target_user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    target_game_id TEXT   REFERENCES games (id) ON DELETE CASCADE,
    target_message_id BIGINT,
    reason         TEXT   NOT NULL,
    created_at     BIGINT NOT NULL,
    state          TEXT   NOT NULL DEFAULT 'open',
    resolved_by    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    resolved_at    BIGINT,
    action         TEXT,
    resolution_note TEXT
);
-- The queue: one state's reports, newest first.
CREATE INDEX reports_state ON reports (state, id);
-- A reporter's recent reports (the per-user limit).
CREATE INDEX reports_reporter ON reports (reporter_id, created_at);

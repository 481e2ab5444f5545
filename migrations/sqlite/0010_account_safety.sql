-- Account safety: who refuses invitations from whom, and which e-mail address was confirmed.

-- `user_id` accepts no invitations (challenges addressed to them) from `blocked_id`.
CREATE TABLE user_blocks (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
);

-- The address its owner proved to read by following the mailed confirmation link.
-- Notification e-mail goes to `email` only while it equals this.
ALTER TABLE notification_settings ADD COLUMN email_confirmed TEXT;

-- Counting a user's pending invitations (the per-user cap) reads only their waiting games.
CREATE INDEX games_waiting_by_creator ON games (created_by) WHERE status = 'waiting';

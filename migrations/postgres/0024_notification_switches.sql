-- Notification switches per (user, channel, kind) in one table (src/notify/channel.rs,
-- src/storage/notification_settings.rs), instead of a column per channel and kind, so a
-- new channel adds rows, not columns. Same as migrations/sqlite/0024_notification_switches.sql.
--
-- A switch without a row is on: only what a user saved is stored. The values saved so far
-- move over from the columns, which are then dropped; `notification_settings` keeps what
-- belongs to a user's channels rather than to a kind (the address, its confirmation, the
-- feed's secret).
CREATE TABLE notification_switches (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel TEXT   NOT NULL,
    kind    TEXT   NOT NULL,
    enabled BIGINT NOT NULL,
    PRIMARY KEY (user_id, channel, kind)
);

INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'your_move', email_your_move FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'time_warning', email_time_warning FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'claimable', email_claimable FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'game_over', email_game_over FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'tournament', email_tournament FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'email', 'chat', email_chat FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'webhook', 'chat', webhook_chat FROM notification_settings;
INSERT INTO notification_switches (user_id, channel, kind, enabled)
SELECT user_id, 'feed', 'chat', feed_chat FROM notification_settings;

ALTER TABLE notification_settings DROP COLUMN email_your_move;
ALTER TABLE notification_settings DROP COLUMN email_time_warning;
ALTER TABLE notification_settings DROP COLUMN email_claimable;
ALTER TABLE notification_settings DROP COLUMN email_game_over;
ALTER TABLE notification_settings DROP COLUMN email_tournament;
ALTER TABLE notification_settings DROP COLUMN email_chat;
ALTER TABLE notification_settings DROP COLUMN webhook_chat;
ALTER TABLE notification_settings DROP COLUMN feed_chat;

-- The maintenance prune (src/storage/maintenance.rs) deletes, past the retention setting,
-- what is done with: each query finds its oldest rows on one of these.
CREATE INDEX chat_notices_age ON chat_notices (created_at) WHERE pushed_at IS NOT NULL AND mailed_at IS NOT NULL;
CREATE INDEX tournament_notices_age ON tournament_notices (created_at) WHERE sent_at IS NOT NULL;
CREATE INDEX webhook_deliveries_age ON webhook_deliveries (updated_at) WHERE status = 'delivered';
CREATE INDEX email_outbox_age ON email_outbox (created_at) WHERE status = 'sent';

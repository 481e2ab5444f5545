-- The outbox holds only events someone will be notified of: an event of a game none of
-- whose players (or invitees) has an enabled webhook or an e-mail address has nothing to
-- fan out, and skipping it saves an insert, a read and a delete per event. Live streams
-- are unaffected: they read `game_events` themselves.

DROP TRIGGER game_events_inserted;

CREATE TRIGGER game_events_inserted AFTER INSERT ON game_events
WHEN EXISTS (
    SELECT 1 FROM game_seats s JOIN webhooks w ON w.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND w.enabled = 1
) OR EXISTS (
    SELECT 1 FROM game_seats s JOIN notification_settings n ON n.user_id IN (s.user_id, s.invited_user_id)
    WHERE s.game_id = NEW.game_id AND n.email IS NOT NULL AND n.email <> ''
)
BEGIN
    INSERT INTO event_outbox (event_id) VALUES (NEW.id);
END;

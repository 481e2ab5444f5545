-- The outbox holds only events someone will be notified of: an event of a game none of
-- whose players (or invitees) has an enabled webhook or an e-mail address has nothing to
-- fan out, and skipping it saves an insert, a read and a delete per event. The NOTIFY
-- payload says whether the event was queued (`game:seq:q`), so only then is the fan-out
-- worker woken. Live streams are woken by every NOTIFY and read `game_events` themselves.

CREATE OR REPLACE FUNCTION herald_event_inserted() RETURNS trigger AS $$
DECLARE
    queued BOOLEAN;
BEGIN
    queued := EXISTS (
        SELECT 1 FROM game_seats s JOIN webhooks w ON w.user_id IN (s.user_id, s.invited_user_id)
        WHERE s.game_id = NEW.game_id AND w.enabled = 1
    ) OR EXISTS (
        SELECT 1 FROM game_seats s JOIN notification_settings n ON n.user_id IN (s.user_id, s.invited_user_id)
        WHERE s.game_id = NEW.game_id AND n.email IS NOT NULL AND n.email <> ''
    );
    IF queued THEN
        INSERT INTO event_outbox (event_id) VALUES (NEW.id);
    END IF;
    PERFORM pg_notify('herald_events', NEW.game_id || ':' || NEW.seq || CASE WHEN queued THEN ':q' ELSE '' END);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

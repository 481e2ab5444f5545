-- Move confirmation becomes a choice of three (touch screens, always, never), touch screens
-- by default. Those who had switched confirmation on keep it always; everyone else gets the
-- new default. The old on/off column stays unread (no rewrite of the table).
ALTER TABLE user_settings ADD COLUMN move_confirmation TEXT NOT NULL DEFAULT 'touch';
UPDATE user_settings SET move_confirmation = 'always' WHERE confirm_move = 1;

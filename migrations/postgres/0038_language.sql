-- A person's language for pages, e-mails and notifications: a catalogue's tag (`de`, `fa`),
-- or none for the browser's own choice (`Accept-Language`).
ALTER TABLE user_settings ADD COLUMN language TEXT;

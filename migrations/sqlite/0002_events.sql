-- Game events: every change to a game, written in the same transaction as the change.
-- `seq` numbers a game's events 1, 2, 3...; `games.event_seq` holds the last one, so the
-- update that bumps it also serialises concurrent writers of one game.

ALTER TABLE games ADD COLUMN event_seq BIGINT NOT NULL DEFAULT 0;

CREATE TABLE game_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    kind       TEXT   NOT NULL,
    data       TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (game_id, seq)
);

-- Game chat (src/games/chat.rs, src/storage/chat.rs). Same as
-- migrations/postgres/0021_game_chat.sql.

-- Whether spectators read the game's conversation (the creator's choice; they never write).
ALTER TABLE games ADD COLUMN chat_spectators BIGINT NOT NULL DEFAULT 0;

-- One row per game with messages: the last message's seq (the upsert that takes the next
-- one serialises a game's posters, so seqs commit in order and a follower reading
-- "after seq" never skips one), and the seats (bit n: seat n) that published their team
-- channel once the game was over (a team's channel is public when all its seats did).
CREATE TABLE game_chats (
    game_id         TEXT   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    last_seq        BIGINT NOT NULL,
    published_seats BIGINT NOT NULL DEFAULT 0
);

-- A message: `channel` 0 is the game's conversation, 1 + team a team's private channel.
-- `ply`: the move it was sent with (the game's ply after that move), if any. `user_id`
-- is cleared when the author's account is deleted (the seat stays). Hidden messages
-- (moderation) are kept for the audit trail but never shown.
CREATE TABLE chat_messages (
    game_id    TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    channel    BIGINT NOT NULL,
    seat       BIGINT NOT NULL,
    user_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    ply        BIGINT,
    body       TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    hidden_at  BIGINT,
    hidden_by  BIGINT,
    PRIMARY KEY (game_id, seq)
);
-- A user's messages across games (account export and deletion, moderation).
CREATE INDEX chat_messages_user ON chat_messages (user_id, created_at);

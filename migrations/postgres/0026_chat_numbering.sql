-- Message numbers that say nothing about channels a reader cannot see
-- (src/storage/chat.rs, `next_seq`): a message of the game's conversation takes the next
-- multiple of 2^20, a team message the next number of its own team's stride above
-- `chat_base`, the conversation's last message. Messages written before keep their
-- numbers: the base starts above them. Same as migrations/sqlite/0026_chat_numbering.sql.
ALTER TABLE game_chats ADD COLUMN chat_base BIGINT NOT NULL DEFAULT 0;
UPDATE game_chats SET chat_base = last_seq;

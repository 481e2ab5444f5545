-- A user's data across games, for the account export and deletion (src/account_data.rs,
-- src/storage/account_data.rs). Same as migrations/postgres/0022_account_data.sql.

-- A user's conditional lines across games.
CREATE INDEX conditional_lines_user ON conditional_lines (user_id, game_id);

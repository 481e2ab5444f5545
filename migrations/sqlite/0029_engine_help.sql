-- Whether the players of a running game may ask the analysis board's engine about its
-- positions (src/api/engine_eval.rs). Off by default, as lichess; ICCF allows engines.
-- Same in both dialects.
ALTER TABLE site_settings ADD COLUMN engine_in_running_games BIGINT NOT NULL DEFAULT 0;

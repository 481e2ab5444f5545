-- Computer analysis of finished games (src/storage/analyses.rs): one row per analysed game,
-- a queue while state is 'queued' or 'running'. A worker claims a row by setting state
-- 'running' and a lease; a crash leaves the lease to expire and another claim retakes it.
-- Numbered 0030 (0029 is engine_help; the bots follow in 0031).
CREATE TABLE game_analyses (
    game_id      TEXT   PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    requested_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    requested_at BIGINT NOT NULL,
    -- queued | running | done | failed (domain::analysis_marks::AnalysisState)
    state        TEXT   NOT NULL,
    lease_until  BIGINT,
    attempts     BIGINT NOT NULL DEFAULT 0,
    -- The per-ply result as JSON, once done.
    result       TEXT,
    finished_at  BIGINT
);
-- The queue: due rows oldest first (queued, or running with an expired lease).
CREATE INDEX game_analyses_due ON game_analyses (state, lease_until, requested_at);
-- A user's requests today, for the daily cap.
CREATE INDEX game_analyses_requester ON game_analyses (requested_by, requested_at);
-- The site's settings for analysis: requests per user per day.
ALTER TABLE site_settings ADD COLUMN analysis_daily_cap BIGINT NOT NULL DEFAULT 10;

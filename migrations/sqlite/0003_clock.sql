-- Correspondence time control (SQLite flavour; identical to migrations/postgres/0003_clock.sql).
--
-- games.sweep_at is when the sweeper must next look at an active game: the 80 % warning of
-- the current turn, then its deadline, then (claim policy) the claimable cap. The sweeper
-- reads it through a partial index, so a sweep costs in proportion to the games due, not to
-- all games. NULL: nothing pending (e.g. a turn paused by the mover's vacation).

ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'claim';
ALTER TABLE games ADD COLUMN sweep_at BIGINT;
-- The deadline that passed, once the sweeper has marked the game claimable; NULL otherwise.
ALTER TABLE games ADD COLUMN claimable_since BIGINT;
-- The ply whose turn already got its 80 % warning (a turn is named by the ply it starts at).
ALTER TABLE games ADD COLUMN warned_ply BIGINT;
-- Time left in a turn paused because its player is on vacation; move_by is NULL meanwhile.
ALTER TABLE games ADD COLUMN paused_ms BIGINT;
CREATE INDEX games_sweep_at ON games (sweep_at) WHERE status = 'active';

-- Vacation: on since vacation_since, ends by itself at vacation_until (allowance left);
-- vacation_used_ms is what was used in vacation_year (UTC calendar year).
ALTER TABLE users ADD COLUMN vacation_since BIGINT;
ALTER TABLE users ADD COLUMN vacation_until BIGINT;
ALTER TABLE users ADD COLUMN vacation_used_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN vacation_year BIGINT NOT NULL DEFAULT 0;
CREATE INDEX users_vacation_until ON users (vacation_until) WHERE vacation_until IS NOT NULL;

-- The sweeper deletes expired sessions in bounded batches.
CREATE INDEX sessions_expires ON sessions (expires_at);

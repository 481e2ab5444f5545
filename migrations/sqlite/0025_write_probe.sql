-- The row `/readyz` writes and commits (src/storage/health.rs): a database that cannot
-- commit a write (a full disk, a full journal, a read-only file or standby) is not ready,
-- whatever its reads answer. Same as migrations/postgres/0025_write_probe.sql.
CREATE TABLE write_probe (
    id BIGINT PRIMARY KEY,
    -- How many probes it has taken: each one changes the row, so each one is a real write.
    probes BIGINT NOT NULL
);

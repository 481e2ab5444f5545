-- The row `/readyz` writes to know that the database takes writes (src/storage/health.rs):
-- a probe that only reads, or writes nothing that reaches the disk, says "ready" on a full
-- disk while every move fails. Same as migrations/sqlite/0024_health.sql.
CREATE TABLE herald_health (
    id         BIGINT PRIMARY KEY,
    -- How many probes passed (a write that changes the row each time).
    probes     BIGINT NOT NULL
);
INSERT INTO herald_health (id, probes) VALUES (1, 0);

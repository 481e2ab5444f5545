-- Administrators (`herald admin make-admin`). A flag is BIGINT 0/1: sqlx Any cannot decode
-- bool on SQLite.
ALTER TABLE users ADD COLUMN is_admin BIGINT NOT NULL DEFAULT 0;

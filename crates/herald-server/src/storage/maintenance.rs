//! The database as a whole: which migrations ran, and SQLite backups.

use sqlx::Row;

use super::{Backend, Db};

impl Db {
    /// Versions of the migrations already applied (empty on a new database).
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, sqlx::Error> {
        let rows = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success = TRUE ORDER BY version")
            .fetch_all(&self.pool)
            .await;
        match rows {
            Ok(rows) => rows.iter().map(|r| r.try_get::<i64, _>(0)).collect(),
            // No bookkeeping table yet: nothing applied.
            Err(sqlx::Error::Database(_)) => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    /// Writes a consistent copy of a SQLite database to `path` while it is in use
    /// (`VACUUM INTO` reads one snapshot). The file must not exist yet.
    ///
    /// Returns `Ok(false)` on PostgreSQL, which is backed up with `pg_dump`.
    pub async fn backup_sqlite(&self, path: &str) -> Result<bool, sqlx::Error> {
        if self.backend != Backend::Sqlite {
            return Ok(false);
        }
        sqlx::query("VACUUM INTO $1").bind(path).execute(&self.pool).await?;
        Ok(true)
    }
}

//! The database as a whole: which migrations ran, SQLite backups, and pruning what is
//! kept only for a while (notices told, deliveries made, e-mails sent).

use sqlx::Row;

use super::{Backend, Db};

/// What one prune removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    pub chat_notices: u64,
    pub tournament_notices: u64,
    pub webhook_deliveries: u64,
    pub emails: u64,
}

impl Pruned {
    /// Rows removed in all.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.chat_notices + self.tournament_notices + self.webhook_deliveries + self.emails
    }
}

/// Each prune: the table's old rows that are done with (never one still queued for a
/// channel), at most `$2` of them, older than `$1`. Each has an index on its age
/// (migration 0024).
const PRUNES: [&str; 4] = [
    "DELETE FROM chat_notices WHERE id IN (SELECT id FROM chat_notices WHERE created_at < $1 \
     AND pushed_at IS NOT NULL AND mailed_at IS NOT NULL ORDER BY created_at LIMIT $2)",
    "DELETE FROM tournament_notices WHERE id IN (SELECT id FROM tournament_notices WHERE created_at < $1 \
     AND sent_at IS NOT NULL ORDER BY created_at LIMIT $2)",
    "DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'delivered' \
     AND updated_at < $1 ORDER BY updated_at LIMIT $2)",
    "DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox WHERE status = 'sent' \
     AND created_at < $1 ORDER BY created_at LIMIT $2)",
];

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

    /// Deletes up to `batch` rows of each kind kept only for a while that are older than
    /// `cutoff` (ms): chat and tournament notices already told through every channel,
    /// delivered webhook deliveries and sent e-mails. Several instances may prune at once:
    /// a row is deleted once, the others find it gone.
    pub async fn prune_old(&self, cutoff: i64, batch: i64) -> Result<Pruned, sqlx::Error> {
        let mut done = [0_u64; 4];
        for (sql, count) in PRUNES.iter().zip(done.iter_mut()) {
            let _turn = self.write_turn().await;
            *count = sqlx::query(sql)
                .bind(cutoff)
                .bind(batch)
                .execute(&self.pool)
                .await?
                .rows_affected();
        }
        let [chat_notices, tournament_notices, webhook_deliveries, emails] = done;
        Ok(Pruned {
            chat_notices,
            tournament_notices,
            webhook_deliveries,
            emails,
        })
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

//! The `warnings` table: what an administrator told a user by resolving a report with
//! "warn", shown to that user until they dismiss it.

use sqlx::{Any, FromRow, Transaction};

use super::Db;

/// A warning not yet dismissed.
#[derive(Debug, Clone, FromRow)]
pub struct WarningRow {
    pub id: i64,
    /// The administrator's note; empty when they left none.
    pub note: String,
    pub created_at: i64,
}

impl Db {
    /// Records a warning to `user_id` within the report's resolution.
    pub(super) async fn insert_warning(
        tx: &mut Transaction<'static, Any>,
        user_id: i64,
        report_id: i64,
        note: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO warnings (user_id, report_id, note, created_at) VALUES ($1, $2, $3, $4)")
            .bind(user_id)
            .bind(report_id)
            .bind(note)
            .bind(now)
            .execute(&mut **tx)
            .await
            .map(|_| ())
    }

    /// The user's warnings not yet dismissed, oldest first.
    pub async fn warnings(&self, user_id: i64) -> Result<Vec<WarningRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, note, created_at FROM warnings WHERE user_id = $1 AND dismissed_at IS NULL ORDER BY id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await
    }

    /// Dismisses one of the user's warnings; `false` when they have no such warning not yet
    /// dismissed (another user's is not theirs to dismiss).
    pub async fn dismiss_warning(&self, user_id: i64, id: i64, now: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE warnings SET dismissed_at = $1 WHERE id = $2 AND user_id = $3 AND dismissed_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .bind(user_id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }
}

//! The `email_outbox` table: e-mails queued once per (user, game, kind, turn), claimed by
//! leases and retried.

use sqlx::{Any, FromRow, Transaction};

use super::Db;
use crate::domain::game_states::EmailStatus;

/// An email waiting to be sent.
#[derive(Debug, Clone, FromRow)]
pub struct EmailRow {
    pub id: i64,
    pub user_id: i64,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub attempts: i64,
}

/// An email to queue; `turn_key` makes it unique per (user, game, kind).
#[derive(Debug, Clone)]
pub struct NewEmail {
    pub user_id: i64,
    /// The game it is about; for tournament mail (kind `tournament`), the event.
    pub game_id: String,
    pub kind: &'static str,
    pub turn_key: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

impl Db {
    /// Queues an email unless one with the same (user, game, kind, turn) was queued before.
    pub async fn queue_email(
        tx: &mut Transaction<'static, Any>,
        email: &NewEmail,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO email_outbox (user_id, game_id, kind, turn_key, recipient, subject, body, status, attempts, \
             next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8, $8) \
             ON CONFLICT (user_id, game_id, kind, turn_key) DO NOTHING",
        )
        .bind(email.user_id)
        .bind(&email.game_id)
        .bind(email.kind)
        .bind(&email.turn_key)
        .bind(&email.recipient)
        .bind(&email.subject)
        .bind(&email.body)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Claims due emails for `lease_ms`, like [`Db::claim_deliveries`].
    pub async fn claim_emails(&self, now: i64, lease_ms: i64, limit: i64) -> Result<Vec<EmailRow>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let lock = self.backend().skip_locked();
        sqlx::query_as(&format!(
            "UPDATE email_outbox SET next_attempt_at = $2 WHERE id IN \
             (SELECT id FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= $1 \
             ORDER BY next_attempt_at, id LIMIT $3{lock}) \
             RETURNING id, user_id, recipient, subject, body, attempts"
        ))
        .bind(now)
        .bind(now + lease_ms)
        .bind(limit)
        .fetch_all(self.pool())
        .await
    }

    /// Records an email attempt: sent, retried at `retry_at`, or given up.
    pub async fn email_attempted(
        &self,
        id: i64,
        sent: bool,
        error: Option<&str>,
        retry_at: Option<i64>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let status = if sent {
            EmailStatus::Sent
        } else if retry_at.is_some() {
            EmailStatus::Pending
        } else {
            EmailStatus::Failed
        };
        sqlx::query(
            "UPDATE email_outbox SET status = $2, attempts = attempts + 1, last_error = $3, next_attempt_at = $4 \
             WHERE id = $1",
        )
        .bind(id)
        .bind(status.as_str())
        .bind(error)
        .bind(retry_at.unwrap_or(now))
        .execute(self.pool())
        .await
        .map(|_| ())
    }
}

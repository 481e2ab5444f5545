//! The `webhooks` table: a user's webhook endpoints and their failure counts.

use sqlx::FromRow;

use super::Db;

/// A webhook as stored.
#[derive(Debug, Clone, FromRow)]
pub struct WebhookRow {
    pub id: i64,
    pub user_id: i64,
    pub url: String,
    pub secret: String,
    pub enabled: i64,
    pub failures: i64,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
}

impl Db {
    pub async fn create_webhook(&self, user_id: i64, url: &str, secret: &str, now: i64) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "INSERT INTO webhooks (user_id, url, secret, enabled, failures, created_at) \
             VALUES ($1, $2, $3, 1, 0, $4) RETURNING id",
        )
        .bind(user_id)
        .bind(url)
        .bind(secret)
        .bind(now)
        .fetch_one(self.pool())
        .await
    }

    pub async fn webhooks(&self, user_id: i64) -> Result<Vec<WebhookRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, user_id, url, secret, enabled, failures, created_at, disabled_at FROM webhooks \
             WHERE user_id = $1 ORDER BY id",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await
    }

    pub async fn webhook(&self, user_id: i64, id: i64) -> Result<Option<WebhookRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, user_id, url, secret, enabled, failures, created_at, disabled_at FROM webhooks \
             WHERE user_id = $1 AND id = $2",
        )
        .bind(user_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await
    }

    /// Changes a webhook's URL and/or re-enables it (which resets its failure count).
    pub async fn update_webhook(
        &self,
        user_id: i64,
        id: i64,
        url: Option<&str>,
        enabled: Option<bool>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE webhooks SET url = COALESCE($3, url), \
             enabled = COALESCE($4, enabled), \
             failures = CASE WHEN $4 = 1 THEN 0 ELSE failures END, \
             disabled_at = CASE WHEN $4 = 1 THEN NULL ELSE disabled_at END \
             WHERE user_id = $1 AND id = $2",
        )
        .bind(user_id)
        .bind(id)
        .bind(url)
        .bind(enabled.map(i64::from))
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn delete_webhook(&self, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("DELETE FROM webhooks WHERE user_id = $1 AND id = $2")
            .bind(user_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }
}

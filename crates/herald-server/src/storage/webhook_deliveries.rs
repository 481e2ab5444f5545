//! The `webhook_deliveries` table: one row per game event or tournament notice per webhook,
//! claimed by leases so each is sent by one worker, with its latest attempt.

use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::NoticeRow;
use super::games::typed;
use super::{Backend, Db};
use crate::domain::events::GameEvent;
use crate::domain::game_states::DeliveryStatus;

/// One delivery of one event to one webhook, with its latest attempt.
#[derive(Debug, Clone)]
pub struct DeliveryRow {
    pub id: i64,
    pub webhook_id: i64,
    /// A game event's delivery: the event, its game and its number in the game.
    pub event_id: Option<i64>,
    pub game_id: Option<String>,
    pub seq: Option<i64>,
    /// A tournament notice's delivery: the notice and its event.
    pub notice_id: Option<i64>,
    pub tournament_id: Option<String>,
    pub kind: String,
    pub payload: String,
    pub status: DeliveryStatus,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl<'r> FromRow<'r, AnyRow> for DeliveryRow {
    fn from_row(row: &'r AnyRow) -> Result<DeliveryRow, sqlx::Error> {
        let id: i64 = row.try_get("id")?;
        Ok(DeliveryRow {
            status: typed(row, "webhook_deliveries", &id.to_string(), "status")?,
            id,
            webhook_id: row.try_get("webhook_id")?,
            event_id: row.try_get("event_id")?,
            game_id: row.try_get("game_id")?,
            seq: row.try_get("seq")?,
            notice_id: row.try_get("notice_id")?,
            tournament_id: row.try_get("tournament_id")?,
            kind: row.try_get("kind")?,
            payload: row.try_get("payload")?,
            attempts: row.try_get("attempts")?,
            next_attempt_at: row.try_get("next_attempt_at")?,
            last_status: row.try_get("last_status")?,
            last_error: row.try_get("last_error")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// A delivery claimed for sending, with what sending needs.
#[derive(Debug, Clone)]
pub struct ClaimedDelivery {
    pub delivery: DeliveryRow,
    pub url: String,
    pub secret: String,
    /// The webhook's owner, whose share of the worker this delivery counts against.
    pub user_id: i64,
}

const DELIVERY_COLUMNS: &str = "id, webhook_id, event_id, game_id, seq, notice_id, tournament_id, kind, payload, \
     status, attempts, next_attempt_at, last_status, last_error, created_at, updated_at";

impl Db {
    /// A webhook's deliveries, newest first.
    pub async fn deliveries(&self, webhook_id: i64, limit: i64) -> Result<Vec<DeliveryRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2"
        ))
        .bind(webhook_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await
    }

    /// Queues one delivery of `event` per enabled webhook of anyone seated in or invited
    /// to its game.
    pub async fn queue_webhook_deliveries(
        tx: &mut Transaction<'static, Any>,
        event: &GameEvent,
        payload: &str,
        now: i64,
    ) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO webhook_deliveries (webhook_id, event_id, game_id, seq, kind, payload, status, attempts, \
             next_attempt_at, created_at, updated_at) \
             SELECT w.id, $1, $2, $3, $4, $5, 'pending', 0, $6, $6, $6 FROM webhooks w \
             WHERE w.enabled = 1 AND w.user_id IN (SELECT user_id FROM game_seats WHERE game_id = $2 AND user_id IS NOT NULL \
             UNION SELECT invited_user_id FROM game_seats WHERE game_id = $2 AND invited_user_id IS NOT NULL) \
             ON CONFLICT (webhook_id, event_id) DO NOTHING",
        )
        .bind(event.id)
        .bind(&event.game_id)
        .bind(event.seq)
        .bind(event.kind.as_str())
        .bind(payload)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        Ok(done.rows_affected())
    }

    /// Queues one delivery of a tournament notice per enabled webhook of `user_id`, with
    /// `payload` (that player's message).
    pub async fn queue_notice_deliveries(
        tx: &mut Transaction<'static, Any>,
        notice: &NoticeRow,
        user_id: i64,
        payload: &str,
        now: i64,
    ) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO webhook_deliveries (webhook_id, notice_id, tournament_id, kind, payload, status, attempts, \
             next_attempt_at, created_at, updated_at) \
             SELECT w.id, $1, $2, $3, $4, 'pending', 0, $5, $5, $5 FROM webhooks w \
             WHERE w.enabled = 1 AND w.user_id = $6 \
             ON CONFLICT (webhook_id, notice_id) DO NOTHING",
        )
        .bind(notice.id)
        .bind(&notice.tournament_id)
        .bind(format!("tournament_{}", notice.kind))
        .bind(payload)
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
        Ok(done.rows_affected())
    }

    /// Claims up to `limit` due deliveries for `lease_ms` (so no other worker or instance
    /// sends them meanwhile), with their webhook's URL, secret and owner. Fair across users:
    /// each user's due deliveries are ranked oldest first, a user gets at most `per_user`
    /// in flight counting the `busy` ones (user id, deliveries this worker is sending),
    /// and the batch takes every user's first before anyone's second, so one user's slow
    /// receivers cannot fill the worker.
    pub async fn claim_deliveries(
        &self,
        now: i64,
        lease_ms: i64,
        limit: i64,
        per_user: i64,
        busy: &[(i64, i64)],
    ) -> Result<Vec<ClaimedDelivery>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let lock = self.backend().skip_locked();
        // `busy` as a table of (user_id, n), when there is anything in it ($5, $6, …).
        let (with_busy, already) = if busy.is_empty() {
            (String::new(), "0")
        } else {
            let rows: Vec<String> = (0..busy.len())
                .map(|i| format!("(${}, ${})", 5 + 2 * i, 6 + 2 * i))
                .collect();
            (
                format!("WITH busy (user_id, n) AS (VALUES {}) ", rows.join(", ")),
                "COALESCE((SELECT n FROM busy WHERE busy.user_id = ranked.user_id), 0)",
            )
        };
        // The row lock sits a level above the ranking: PostgreSQL locks no rows of a
        // window function's result.
        let sql = format!(
            "{with_busy}UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id IN \
             (SELECT id FROM webhook_deliveries WHERE id IN \
             (SELECT id FROM (SELECT d.id, d.next_attempt_at, w.user_id, \
             ROW_NUMBER() OVER (PARTITION BY w.user_id ORDER BY d.next_attempt_at, d.id) AS pos \
             FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id \
             WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND w.enabled = 1) ranked \
             WHERE pos + {already} <= $4 ORDER BY pos, next_attempt_at, id LIMIT $3){lock}) \
             RETURNING {DELIVERY_COLUMNS}"
        );
        let mut claim = sqlx::query_as::<_, DeliveryRow>(&sql)
            .bind(now)
            .bind(now + lease_ms)
            .bind(limit)
            .bind(per_user);
        for (user, n) in busy {
            claim = claim.bind(user).bind(n);
        }
        let rows = claim.fetch_all(self.pool()).await?;
        // The batch's webhooks in one read (a claimed delivery of a webhook deleted since
        // is dropped: its row goes with the webhook).
        let mut hook_ids: Vec<i64> = rows.iter().map(|r| r.webhook_id).collect();
        hook_ids.sort_unstable();
        hook_ids.dedup();
        if hook_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT id, url, secret, user_id FROM webhooks WHERE id IN ({})",
            super::placeholders(hook_ids.len())
        );
        let mut query = sqlx::query_as::<_, (i64, String, String, i64)>(&sql);
        for id in &hook_ids {
            query = query.bind(id);
        }
        let hooks: std::collections::HashMap<i64, (String, String, i64)> = query
            .fetch_all(self.pool())
            .await?
            .into_iter()
            .map(|(id, url, secret, user_id)| (id, (url, secret, user_id)))
            .collect();
        Ok(rows
            .into_iter()
            .filter_map(|delivery| {
                let (url, secret, user_id) = hooks.get(&delivery.webhook_id)?.clone();
                Some(ClaimedDelivery {
                    delivery,
                    url,
                    secret,
                    user_id,
                })
            })
            .collect())
    }

    /// Records a successful attempt: the delivery is done and the webhook's failure count resets.
    pub async fn delivery_succeeded(&self, id: i64, webhook_id: i64, status: i64, now: i64) -> Result<(), sqlx::Error> {
        const DELIVERED: &str = "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, \
            last_status = $2, last_error = NULL, updated_at = $3 WHERE id = $1";
        // Written only when there is something to reset: concurrent deliveries of one
        // webhook then never queue on its row.
        const RESET: &str = "UPDATE webhooks SET failures = 0 WHERE id = $1 AND failures <> 0";
        if self.backend() == Backend::Postgres {
            // One statement, so one round trip and one transaction.
            const BOTH: &str = "WITH delivered AS (UPDATE webhook_deliveries SET status = 'delivered', \
                attempts = attempts + 1, last_status = $2, last_error = NULL, updated_at = $3 WHERE id = $1) \
                UPDATE webhooks SET failures = 0 WHERE id = $4 AND failures <> 0";
            sqlx::query(BOTH)
                .bind(id)
                .bind(status)
                .bind(now)
                .bind(webhook_id)
                .execute(self.pool())
                .await?;
            return Ok(());
        }
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(DELIVERED)
            .bind(id)
            .bind(status)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(RESET).bind(webhook_id).execute(&mut *tx).await?;
        tx.commit().await
    }

    /// Records a failed attempt. The delivery is retried at `retry_at`, or given up when
    /// `None`; after `max_failures` consecutive failures the webhook is disabled and its
    /// pending deliveries are given up. Returns whether the webhook was disabled now.
    #[allow(clippy::too_many_arguments)]
    pub async fn delivery_failed(
        &self,
        id: i64,
        webhook_id: i64,
        status: Option<i64>,
        error: &str,
        retry_at: Option<i64>,
        max_failures: i64,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        // The webhook row first: concurrent failures of one webhook queue here instead of
        // deadlocking on each other's delivery rows (PostgreSQL).
        // Only an enabled webhook counts failures: attempts still in flight when it was
        // disabled (or paused) do not push the count past the limit.
        let failures: Option<i64> = sqlx::query_scalar(
            "UPDATE webhooks SET failures = failures + 1 WHERE id = $1 AND enabled = 1 RETURNING failures",
        )
        .bind(webhook_id)
        .fetch_optional(&mut *tx)
        .await?;
        sqlx::query(
            // A delivery given up meanwhile (its webhook was disabled) stays given up.
            "UPDATE webhook_deliveries SET status = CASE WHEN status = 'failed' THEN status ELSE $2 END, \
             attempts = attempts + 1, last_status = $3, last_error = $4, \
             next_attempt_at = $5, updated_at = $6 WHERE id = $1",
        )
        .bind(id)
        .bind(if retry_at.is_some() { "pending" } else { "failed" })
        .bind(status)
        .bind(error)
        .bind(retry_at.unwrap_or(now))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let disable = failures.is_some_and(|f| f >= max_failures);
        if disable {
            sqlx::query("UPDATE webhooks SET enabled = 0, disabled_at = $2 WHERE id = $1 AND enabled = 1")
                .bind(webhook_id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE webhook_deliveries SET status = 'failed', last_error = 'webhook disabled after repeated failures', \
                 updated_at = $2 WHERE webhook_id = $1 AND status = 'pending'",
            )
            .bind(webhook_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(disable)
    }
}

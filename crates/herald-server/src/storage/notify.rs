//! Notification settings, webhooks and their delivery log, the event outbox that feeds
//! them, the email outbox, and the server's signing key.

use std::sync::LazyLock;

use sqlx::{Any, FromRow, Row, Transaction};

use super::events::event_from_row;
use super::{Backend, Db};
use crate::events::GameEvent;

/// A user's notification settings as stored.
#[derive(Debug, Clone, Default, FromRow)]
pub struct NotificationSettingsRow {
    pub email: Option<String>,
    pub email_your_move: i64,
    pub email_time_warning: i64,
    pub email_claimable: i64,
    pub email_game_over: i64,
    pub feed_secret_hash: Option<String>,
    /// The address confirmed through the mailed link; mail goes out only while it is `email`.
    pub email_confirmed: Option<String>,
}

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

/// One delivery of one event to one webhook, with its latest attempt.
#[derive(Debug, Clone, FromRow)]
pub struct DeliveryRow {
    pub id: i64,
    pub webhook_id: i64,
    pub event_id: i64,
    pub game_id: String,
    pub seq: i64,
    pub kind: String,
    pub payload: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const DELIVERY_COLUMNS: &str = "id, webhook_id, event_id, game_id, seq, kind, payload, status, attempts, \
     next_attempt_at, last_status, last_error, created_at, updated_at";

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
    pub game_id: String,
    pub kind: &'static str,
    pub turn_key: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

/// A game's state as the notifier needs it: who is to move, who plays.
#[derive(Debug, Clone)]
pub struct GameBrief {
    pub status: String,
    pub turn: i64,
    pub ply: i64,
    /// (seat, user id, username)
    pub players: Vec<(i64, i64, String)>,
}

/// Events taken from the outbox, with the transaction that will delete them.
#[derive(Debug)]
pub struct OutboxBatch<'a> {
    _turn: Option<tokio::sync::MutexGuard<'a, ()>>,
    pub tx: Transaction<'static, Any>,
    pub events: Vec<GameEvent>,
    ids: Vec<i64>,
}

impl OutboxBatch<'_> {
    /// Deletes the batch from the outbox and commits; returns how many events it held.
    ///
    /// # Errors
    /// The database fails (nothing is deleted then).
    pub async fn finish(mut self) -> Result<usize, sqlx::Error> {
        if !self.ids.is_empty() {
            let sql = format!(
                "DELETE FROM event_outbox WHERE event_id IN ({})",
                super::placeholders(self.ids.len())
            );
            let mut delete = sqlx::query(&sql);
            for id in &self.ids {
                delete = delete.bind(id);
            }
            delete.execute(&mut *self.tx).await?;
        }
        self.tx.commit().await?;
        Ok(self.ids.len())
    }
}

impl Db {
    /// A user's settings (defaults when never saved).
    pub async fn notification_settings(&self, user_id: i64) -> Result<NotificationSettingsRow, sqlx::Error> {
        let row = sqlx::query_as::<_, NotificationSettingsRow>(
            "SELECT email, email_your_move, email_time_warning, email_claimable, email_game_over, feed_secret_hash, \
             email_confirmed FROM notification_settings WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.unwrap_or(NotificationSettingsRow {
            email_your_move: 1,
            email_time_warning: 1,
            email_claimable: 1,
            email_game_over: 1,
            ..NotificationSettingsRow::default()
        }))
    }

    /// Saves a user's email settings (the feed secret is kept).
    pub async fn save_notification_settings(
        &self,
        user_id: i64,
        s: &NotificationSettingsRow,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO notification_settings (user_id, email, email_your_move, email_time_warning, email_claimable, \
             email_game_over, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, email_your_move = excluded.email_your_move, \
             email_time_warning = excluded.email_time_warning, email_claimable = excluded.email_claimable, \
             email_game_over = excluded.email_game_over, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(&s.email)
        .bind(s.email_your_move)
        .bind(s.email_time_warning)
        .bind(s.email_claimable)
        .bind(s.email_game_over)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// Sets (or with `None` removes) the hash of a user's feed secret.
    pub async fn set_feed_secret(&self, user_id: i64, hash: Option<&str>, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO notification_settings (user_id, feed_secret_hash, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET feed_secret_hash = excluded.feed_secret_hash, \
             updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(hash)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// The user owning a feed secret hash, with their name.
    pub async fn user_by_feed_secret(&self, hash: &str) -> Result<Option<(i64, String)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT u.id, u.username FROM notification_settings n JOIN users u ON u.id = n.user_id \
             WHERE n.feed_secret_hash = $1",
        )
        .bind(hash)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok((r.try_get("id")?, r.try_get("username")?))).transpose()
    }

    /// Turns every email notification of a user off (one-click unsubscribe).
    pub async fn unsubscribe_email(&self, user_id: i64, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO notification_settings (user_id, email_your_move, email_time_warning, email_claimable, \
             email_game_over, updated_at) VALUES ($1, 0, 0, 0, 0, $2) \
             ON CONFLICT (user_id) DO UPDATE SET email_your_move = 0, email_time_warning = 0, email_claimable = 0, \
             email_game_over = 0, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

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

    /// Events committed and not yet fanned out to webhooks and e-mail.
    pub async fn outbox_backlog(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM event_outbox")
            .fetch_one(self.pool())
            .await
    }

    /// Takes up to `limit` events from the outbox in a transaction: the caller fans them
    /// out on `batch.tx` and calls [`OutboxBatch::finish`], which deletes them and commits.
    /// Each event is fanned out exactly once, by one instance (`FOR UPDATE SKIP LOCKED` on
    /// PostgreSQL, the write queue on SQLite); a failure rolls the batch back for a retry.
    pub async fn take_outbox(&self, limit: i64) -> Result<OutboxBatch<'_>, sqlx::Error> {
        let turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        // One read for the whole batch. An outbox row whose event is gone (its game was
        // deleted) is taken too, so that it is deleted rather than left behind for ever.
        static TAKE: LazyLock<String> = LazyLock::new(|| take_outbox_sql(""));
        static TAKE_LOCKED: LazyLock<String> = LazyLock::new(|| take_outbox_sql(" FOR UPDATE OF o SKIP LOCKED"));
        let sql = match self.backend() {
            Backend::Postgres => TAKE_LOCKED.as_str(),
            Backend::Sqlite => TAKE.as_str(),
        };
        let rows = sqlx::query(sql).bind(limit).fetch_all(&mut *tx).await?;
        let mut ids = Vec::with_capacity(rows.len());
        let mut events = Vec::with_capacity(rows.len());
        for row in &rows {
            ids.push(row.try_get("outbox_id")?);
            if row.try_get::<Option<i64>, _>("id")?.is_some() {
                events.push(event_from_row(row)?);
            }
        }
        Ok(OutboxBatch {
            _turn: turn,
            tx,
            events,
            ids,
        })
    }

    /// Status, turn and players of a game, read inside `tx`.
    pub async fn game_brief(
        tx: &mut Transaction<'static, Any>,
        game_id: &str,
    ) -> Result<Option<GameBrief>, sqlx::Error> {
        let Some(row) = sqlx::query("SELECT status, turn, ply FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&mut **tx)
            .await?
        else {
            return Ok(None);
        };
        let players = sqlx::query(
            "SELECT s.seat, s.user_id, u.username FROM game_seats s JOIN users u ON u.id = s.user_id \
             WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(game_id)
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("seat")?, r.try_get("user_id")?, r.try_get("username")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some(GameBrief {
            status: row.try_get("status")?,
            turn: row.try_get("turn")?,
            ply: row.try_get("ply")?,
            players,
        }))
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

    /// Claims up to `limit` due deliveries for `lease_ms` (so no other worker or instance
    /// sends them meanwhile), with their webhook's URL and secret.
    pub async fn claim_deliveries(
        &self,
        now: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<(DeliveryRow, String, String)>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let lock = match self.backend() {
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        let rows: Vec<DeliveryRow> = sqlx::query_as(&format!(
            "UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id IN \
             (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 \
             AND webhook_id IN (SELECT id FROM webhooks WHERE enabled = 1) \
             ORDER BY next_attempt_at, id LIMIT $3{lock}) RETURNING {DELIVERY_COLUMNS}"
        ))
        .bind(now)
        .bind(now + lease_ms)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        // The batch's webhooks in one read (a claimed delivery of a webhook deleted since
        // is dropped: its row goes with the webhook).
        let mut hook_ids: Vec<i64> = rows.iter().map(|r| r.webhook_id).collect();
        hook_ids.sort_unstable();
        hook_ids.dedup();
        if hook_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT id, url, secret FROM webhooks WHERE id IN ({})",
            super::placeholders(hook_ids.len())
        );
        let mut query = sqlx::query_as::<_, (i64, String, String)>(&sql);
        for id in &hook_ids {
            query = query.bind(id);
        }
        let hooks: std::collections::HashMap<i64, (String, String)> = query
            .fetch_all(self.pool())
            .await?
            .into_iter()
            .map(|(id, url, secret)| (id, (url, secret)))
            .collect();
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                let (url, secret) = hooks.get(&row.webhook_id)?.clone();
                Some((row, url, secret))
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
            static BOTH: LazyLock<String> =
                LazyLock::new(|| format!("WITH delivered AS ({DELIVERED}) {}", RESET.replace("$1", "$4")));
            sqlx::query(BOTH.as_str())
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
        let lock = match self.backend() {
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
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
            "sent"
        } else if retry_at.is_some() {
            "pending"
        } else {
            "failed"
        };
        sqlx::query(
            "UPDATE email_outbox SET status = $2, attempts = attempts + 1, last_error = $3, next_attempt_at = $4 \
             WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(error)
        .bind(retry_at.unwrap_or(now))
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// The server's key for signing links (created on first use).
    pub async fn server_key(&self, name: &str, fresh: &str) -> Result<String, sqlx::Error> {
        sqlx::query("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(fresh)
            .execute(self.pool())
            .await?;
        sqlx::query_scalar("SELECT value FROM server_keys WHERE name = $1")
            .bind(name)
            .fetch_one(self.pool())
            .await
    }
}

fn take_outbox_sql(lock: &str) -> String {
    format!(
        "SELECT o.event_id AS outbox_id, e.id, e.game_id, e.seq, e.kind, e.data, e.created_at \
         FROM event_outbox o LEFT JOIN game_events e ON e.id = o.event_id ORDER BY o.event_id LIMIT $1{lock}"
    )
}

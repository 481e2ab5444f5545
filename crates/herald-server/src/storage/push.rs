//! The `push_subscriptions` and `push_deliveries` tables: the devices a player asked to be
//! notified on, and the Web Push messages queued to them, claimed by leases so each is
//! sent by one worker of one instance.

use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::Db;
use super::decode::typed;
use crate::domain::game_states::PushStatus;

/// One device's subscription (the browser's `PushSubscription`).
#[derive(Debug, Clone, FromRow)]
pub struct PushSubscriptionRow {
    pub id: i64,
    pub user_id: i64,
    pub endpoint: String,
    /// The device's P-256 public key, base64url (65 bytes uncompressed).
    pub p256dh: String,
    /// The device's authentication secret, base64url (16 bytes).
    pub auth: String,
    /// What the player sees in the list ("Chrome on Android").
    pub device: String,
    pub created_at: i64,
    pub last_sent_at: Option<i64>,
    pub last_error: Option<String>,
}

/// A message for every device of one player, to be queued.
#[derive(Debug, Clone)]
pub struct NewPush<'a> {
    pub user_id: i64,
    /// Once per device: the same key queued again is ignored (`event:42`, `chat:ab12:7`).
    pub dedupe: &'a str,
    /// The collapse key (RFC 8030 `Topic`): a pending message of the same topic is replaced.
    pub topic: &'a str,
    /// The kind's stored name (`your_move`…), for the log.
    pub kind: &'a str,
    /// The JSON the service worker shows (encrypted when sent).
    pub payload: &'a str,
    /// RFC 8030 `Urgency`: `very-low`, `low`, `normal` or `high`.
    pub urgency: &'a str,
    /// RFC 8030 `TTL`: how long the push service keeps it for an offline device.
    pub ttl_secs: i64,
}

/// A delivery claimed for sending, with its device.
#[derive(Debug, Clone)]
pub struct ClaimedPush {
    pub id: i64,
    pub user_id: i64,
    pub subscription_id: i64,
    pub topic: String,
    pub payload: String,
    pub urgency: String,
    pub ttl_secs: i64,
    pub attempts: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

impl<'r> FromRow<'r, AnyRow> for ClaimedPush {
    fn from_row(row: &'r AnyRow) -> Result<ClaimedPush, sqlx::Error> {
        Ok(ClaimedPush {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            subscription_id: row.try_get("subscription_id")?,
            topic: row.try_get("topic")?,
            payload: row.try_get("payload")?,
            urgency: row.try_get("urgency")?,
            ttl_secs: row.try_get("ttl_secs")?,
            attempts: row.try_get("attempts")?,
            endpoint: row.try_get("endpoint")?,
            p256dh: row.try_get("p256dh")?,
            auth: row.try_get("auth")?,
        })
    }
}

/// A player to be pushed a message: what the message needs to know of them.
#[derive(Debug, Clone)]
pub struct PushRecipient {
    /// Games waiting for their move (the app badge).
    pub to_move: usize,
    /// The language they chose (none: English, as a device has no request to ask).
    pub language: Option<String>,
}

impl PushRecipient {
    /// The language their notifications are written in.
    #[must_use]
    pub fn lang(&self) -> crate::infra::i18n::Lang {
        crate::infra::i18n::for_reader(self.language.as_deref())
    }
}

/// A delivery as the tests and the log read it.
#[derive(Debug, Clone)]
pub struct PushDeliveryRow {
    pub id: i64,
    pub subscription_id: i64,
    pub kind: String,
    pub topic: String,
    pub status: PushStatus,
    pub attempts: i64,
    pub last_status: Option<i64>,
}

impl<'r> FromRow<'r, AnyRow> for PushDeliveryRow {
    fn from_row(row: &'r AnyRow) -> Result<PushDeliveryRow, sqlx::Error> {
        let id: i64 = row.try_get("id")?;
        Ok(PushDeliveryRow {
            status: typed(row, "push_deliveries", &id.to_string(), "status")?,
            id,
            subscription_id: row.try_get("subscription_id")?,
            kind: row.try_get("kind")?,
            topic: row.try_get("topic")?,
            attempts: row.try_get("attempts")?,
            last_status: row.try_get("last_status")?,
        })
    }
}

const SUBSCRIPTION_COLUMNS: &str = "id, user_id, endpoint, p256dh, auth, device, created_at, last_sent_at, last_error";

impl Db {
    /// A player's devices, oldest first.
    pub async fn push_subscriptions(&self, user_id: i64) -> Result<Vec<PushSubscriptionRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE user_id = $1 ORDER BY id"
        ))
        .bind(user_id)
        .fetch_all(self.pool())
        .await
    }

    /// The subscription of an endpoint, whoever holds it.
    pub async fn push_subscription_at(&self, endpoint: &str) -> Result<Option<PushSubscriptionRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE endpoint = $1"
        ))
        .bind(endpoint)
        .fetch_optional(self.pool())
        .await
    }

    /// Subscribes `endpoint` for `user_id`, or renews it (new keys, and a device signed in
    /// as someone else since is now `user_id`'s: only the browser holding it knows the
    /// endpoint). Returns the subscription's id.
    pub async fn save_push_subscription(
        &self,
        user_id: i64,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        device: &str,
        now: i64,
    ) -> Result<i64, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        // Another owner's pending messages never reach the device's new owner.
        sqlx::query(
            "DELETE FROM push_deliveries WHERE subscription_id IN \
             (SELECT id FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2)",
        )
        .bind(endpoint)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        let id = sqlx::query_scalar(
            "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, \
             auth = excluded.auth, device = excluded.device, last_error = NULL RETURNING id",
        )
        .bind(user_id)
        .bind(endpoint)
        .bind(p256dh)
        .bind(auth)
        .bind(device)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Removes one of `user_id`'s devices (and what is queued to it); false if it is not
    /// theirs.
    pub async fn delete_push_subscription(&self, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2")
            .bind(user_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Removes a subscription the push service says is gone (404 or 410).
    pub async fn drop_push_subscription(&self, id: i64) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        sqlx::query("DELETE FROM push_subscriptions WHERE id = $1")
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Queues `push` to each of its player's devices, on `tx`: once per device and
    /// `dedupe` key, replacing what is still pending of the same topic. Returns how many
    /// messages were queued.
    pub async fn queue_push(
        tx: &mut Transaction<'static, Any>,
        push: &NewPush<'_>,
        now: i64,
    ) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO push_deliveries (subscription_id, user_id, dedupe, topic, kind, payload, urgency, ttl_secs, \
             status, attempts, next_attempt_at, created_at, updated_at) \
             SELECT p.id, $1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8, $8, $8 FROM push_subscriptions p \
             WHERE p.user_id = $1 ON CONFLICT (subscription_id, dedupe) DO NOTHING",
        )
        .bind(push.user_id)
        .bind(push.dedupe)
        .bind(push.topic)
        .bind(push.kind)
        .bind(push.payload)
        .bind(push.urgency)
        .bind(push.ttl_secs)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() > 0 {
            // A pending message of the same topic gives way to the newer one. One a worker is
            // sending meanwhile still goes (its result is recorded over this), and the newer
            // one after it. Nothing gives way to a message already queued before.
            sqlx::query(
                "UPDATE push_deliveries SET status = 'replaced', updated_at = $3 \
                 WHERE user_id = $1 AND topic = $2 AND status = 'pending' AND dedupe <> $4",
            )
            .bind(push.user_id)
            .bind(push.topic)
            .bind(now)
            .bind(push.dedupe)
            .execute(&mut **tx)
            .await?;
        }
        Ok(done.rows_affected())
    }

    /// [`Db::queue_push`] in a transaction of its own (a test notification).
    pub async fn queue_push_alone(&self, push: &NewPush<'_>, now: i64) -> Result<u64, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let queued = Db::queue_push(&mut tx, push, now).await?;
        tx.commit().await?;
        Ok(queued)
    }

    /// Whether `user_id` is to be pushed `kind` (a device, the switch not off) and if so how
    /// many games wait for their move (the badge, at most 100) and their language, in one
    /// read on the fan-out's own connection: the pool is the players' while the fan-out runs.
    pub async fn push_recipient(
        tx: &mut Transaction<'static, Any>,
        user_id: i64,
        kind: &str,
    ) -> Result<Option<PushRecipient>, sqlx::Error> {
        let sql = format!(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = $1) \
             AND NOT EXISTS (SELECT 1 FROM notification_switches WHERE user_id = $1 AND channel = 'push' \
             AND kind = $3 AND enabled = 0) \
             THEN (SELECT COUNT(*) FROM ({}) waiting) ELSE -1 END AS to_move, \
             (SELECT language FROM user_settings WHERE user_id = $1) AS language",
            super::games::MY_MOVE
        );
        let row = sqlx::query(&sql)
            .bind(user_id)
            .bind(100_i64)
            .bind(kind)
            .fetch_one(&mut **tx)
            .await?;
        let count: i64 = row.try_get("to_move")?;
        let language: Option<String> = row.try_get("language")?;
        Ok(usize::try_from(count)
            .ok()
            .map(|to_move| PushRecipient { to_move, language }))
    }

    /// Claims up to `limit` due messages for `lease_ms`, at most `per_user` of one player's
    /// (the oldest first), so that one player's many devices or a slow push service cannot
    /// hold the whole worker.
    pub async fn claim_pushes(
        &self,
        now: i64,
        lease_ms: i64,
        limit: i64,
        per_user: i64,
    ) -> Result<Vec<ClaimedPush>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let lock = self.backend().skip_locked();
        let sql = format!(
            "UPDATE push_deliveries SET next_attempt_at = $2 WHERE id IN \
             (SELECT id FROM push_deliveries WHERE id IN \
             (SELECT id FROM (SELECT d.id, d.next_attempt_at, \
             ROW_NUMBER() OVER (PARTITION BY d.user_id ORDER BY d.next_attempt_at, d.id) AS pos \
             FROM push_deliveries d WHERE d.status = 'pending' AND d.next_attempt_at <= $1) ranked \
             WHERE pos <= $4 ORDER BY pos, next_attempt_at, id LIMIT $3){lock}) \
             RETURNING id"
        );
        let ids: Vec<i64> = sqlx::query_scalar(&sql)
            .bind(now)
            .bind(now + lease_ms)
            .bind(limit)
            .bind(per_user)
            .fetch_all(self.pool())
            .await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT d.id, d.user_id, d.subscription_id, d.topic, d.payload, d.urgency, d.ttl_secs, d.attempts, \
             p.endpoint, p.p256dh, p.auth FROM push_deliveries d JOIN push_subscriptions p ON p.id = d.subscription_id \
             WHERE d.id IN ({}) ORDER BY d.id",
            super::placeholders(ids.len())
        );
        let mut query = sqlx::query_as::<_, ClaimedPush>(&sql);
        for id in &ids {
            query = query.bind(id);
        }
        query.fetch_all(self.pool()).await
    }

    /// Records a message the push service accepted.
    pub async fn push_sent(&self, claimed: &ClaimedPush, status: i64, now: i64) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "UPDATE push_deliveries SET status = 'sent', attempts = attempts + 1, last_status = $2, last_error = NULL, \
             updated_at = $3 WHERE id = $1",
        )
        .bind(claimed.id)
        .bind(status)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE push_subscriptions SET last_sent_at = $2, last_error = NULL WHERE id = $1")
            .bind(claimed.subscription_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// Records a failed attempt: due again at `retry_at`, or given up without one.
    pub async fn push_failed(
        &self,
        claimed: &ClaimedPush,
        status: Option<i64>,
        error: &str,
        retry_at: Option<i64>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let state = if retry_at.is_some() { "pending" } else { "failed" };
        sqlx::query(
            "UPDATE push_deliveries SET status = $2, attempts = attempts + 1, next_attempt_at = $3, last_status = $4, \
             last_error = $5, updated_at = $6 WHERE id = $1",
        )
        .bind(claimed.id)
        .bind(state)
        .bind(retry_at.unwrap_or(now))
        .bind(status)
        .bind(error)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE push_subscriptions SET last_error = $2 WHERE id = $1")
            .bind(claimed.subscription_id)
            .bind(error)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// A player's latest messages, newest first (the tests' and the log's view).
    pub async fn push_deliveries(&self, user_id: i64, limit: i64) -> Result<Vec<PushDeliveryRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, subscription_id, kind, topic, status, attempts, last_status FROM push_deliveries \
             WHERE user_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await
    }
}

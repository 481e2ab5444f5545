//! The `notification_settings` and `notification_switches` tables: a user's e-mail
//! address and the Atom feed's secret, and which kinds of notification they want through
//! which channel (one row per user, channel and kind), with one-click unsubscribing.

use sqlx::{Any, FromRow, Row, Transaction};

use super::Db;

/// What a user set up for their channels, apart from the per-kind switches: the address,
/// its confirmation and the feed's secret.
#[derive(Debug, Clone, Default, FromRow)]
pub struct NotificationSettingsRow {
    pub email: Option<String>,
    pub feed_secret_hash: Option<String>,
    /// The address confirmed through the mailed link; mail goes out only while it is `email`.
    pub email_confirmed: Option<String>,
}

/// One stored switch: whether `user_id` wants `kind` through `channel` (names from
/// `notify::channel`; a switch without a row is on).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SwitchRow {
    pub channel: String,
    pub kind: String,
    pub enabled: i64,
}

impl Db {
    /// A user's settings (empty when never saved).
    pub async fn notification_settings(&self, user_id: i64) -> Result<NotificationSettingsRow, sqlx::Error> {
        let row = sqlx::query_as::<_, NotificationSettingsRow>(
            "SELECT email, feed_secret_hash, email_confirmed FROM notification_settings WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// The switches `user_id` saved (those without a row are on).
    pub async fn notification_switches(&self, user_id: i64) -> Result<Vec<SwitchRow>, sqlx::Error> {
        sqlx::query_as("SELECT channel, kind, enabled FROM notification_switches WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(self.pool())
            .await
    }

    /// Saves a user's address and switches in one transaction (the feed secret is kept).
    pub async fn save_notification_settings(
        &self,
        user_id: i64,
        email: Option<&str>,
        switches: &[(&str, &str, bool)],
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "INSERT INTO notification_settings (user_id, email, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        save_switches(&mut tx, user_id, switches).await?;
        tx.commit().await
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

    /// Turns the given switches of a user off (one-click unsubscribe: all of e-mail's).
    pub async fn switch_off(&self, user_id: i64, channel: &str, kinds: &[&str], now: i64) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let off: Vec<(&str, &str, bool)> = kinds.iter().map(|kind| (channel, *kind, false)).collect();
        save_switches(&mut tx, user_id, &off).await?;
        sqlx::query(
            "INSERT INTO notification_settings (user_id, updated_at) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }
}

async fn save_switches(
    tx: &mut Transaction<'static, Any>,
    user_id: i64,
    switches: &[(&str, &str, bool)],
) -> Result<(), sqlx::Error> {
    for (channel, kind, on) in switches {
        sqlx::query(
            "INSERT INTO notification_switches (user_id, channel, kind, enabled) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, channel, kind) DO UPDATE SET enabled = excluded.enabled",
        )
        .bind(user_id)
        .bind(*channel)
        .bind(*kind)
        .bind(i64::from(*on))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

//! The `notification_settings` table: a user's e-mail address and which e-mails they
//! want, the Atom feed's secret, and one-click unsubscribing.

use sqlx::{FromRow, Row};

use super::Db;

/// A user's notification settings as stored.
#[derive(Debug, Clone, Default, FromRow)]
pub struct NotificationSettingsRow {
    pub email: Option<String>,
    pub email_your_move: i64,
    pub email_time_warning: i64,
    pub email_claimable: i64,
    pub email_game_over: i64,
    /// Events one plays in: a round started, the event is over.
    pub email_tournament: i64,
    /// Chat messages in one's games: an e-mail digest, webhook deliveries, feed entries.
    pub email_chat: i64,
    pub webhook_chat: i64,
    pub feed_chat: i64,
    pub feed_secret_hash: Option<String>,
    /// The address confirmed through the mailed link; mail goes out only while it is `email`.
    pub email_confirmed: Option<String>,
}

impl Db {
    /// A user's settings (defaults when never saved).
    pub async fn notification_settings(&self, user_id: i64) -> Result<NotificationSettingsRow, sqlx::Error> {
        let row = sqlx::query_as::<_, NotificationSettingsRow>(
            "SELECT email, email_your_move, email_time_warning, email_claimable, email_game_over, email_tournament, \
             email_chat, webhook_chat, feed_chat, feed_secret_hash, email_confirmed FROM notification_settings WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.unwrap_or(NotificationSettingsRow {
            email_your_move: 1,
            email_time_warning: 1,
            email_claimable: 1,
            email_game_over: 1,
            email_tournament: 1,
            email_chat: 1,
            webhook_chat: 1,
            feed_chat: 1,
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
             email_game_over, email_tournament, email_chat, webhook_chat, feed_chat, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
             ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, email_your_move = excluded.email_your_move, \
             email_time_warning = excluded.email_time_warning, email_claimable = excluded.email_claimable, \
             email_game_over = excluded.email_game_over, email_tournament = excluded.email_tournament, \
             email_chat = excluded.email_chat, webhook_chat = excluded.webhook_chat, feed_chat = excluded.feed_chat, \
             updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(&s.email)
        .bind(s.email_your_move)
        .bind(s.email_time_warning)
        .bind(s.email_claimable)
        .bind(s.email_game_over)
        .bind(s.email_tournament)
        .bind(s.email_chat)
        .bind(s.webhook_chat)
        .bind(s.feed_chat)
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
             email_game_over, email_tournament, email_chat, updated_at) VALUES ($1, 0, 0, 0, 0, 0, 0, $2) \
             ON CONFLICT (user_id) DO UPDATE SET email_your_move = 0, email_time_warning = 0, email_claimable = 0, \
             email_game_over = 0, email_tournament = 0, email_chat = 0, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }
}

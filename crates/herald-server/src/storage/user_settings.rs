//! The `user_settings` table: a user's page preferences (time zone, move confirmation),
//! read with the session's user in one query on every page view.

use sqlx::{FromRow, Row};

use super::Db;

/// The user of a live session, with their page preferences.
#[derive(Debug, Clone, FromRow)]
pub struct SessionUserRow {
    pub id: i64,
    pub username: String,
    pub time_zone: Option<String>,
    pub confirm_move: Option<i64>,
    pub suspended_until: Option<i64>,
    pub banned_at: Option<i64>,
    pub is_admin: i64,
    /// Their oldest warning not yet dismissed: id and the administrator's note.
    pub warning_id: Option<i64>,
    pub warning_note: Option<String>,
}

/// Page preferences as stored (defaults when the user has no row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsRow {
    pub time_zone: String,
    pub confirm_move: bool,
}

impl Db {
    /// One query for every page view: who the session belongs to and their preferences.
    pub async fn session_user(&self, hash: &str, now: i64) -> Result<Option<SessionUserRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT u.id, u.username, p.time_zone, p.confirm_move, u.suspended_until, u.banned_at, u.is_admin, \
             w.id AS warning_id, w.note AS warning_note \
             FROM sessions s \
             JOIN users u ON u.id = s.user_id LEFT JOIN user_settings p ON p.user_id = u.id \
             LEFT JOIN warnings w ON w.id = (SELECT MIN(id) FROM warnings \
             WHERE user_id = u.id AND dismissed_at IS NULL) \
             WHERE s.id_hash = $1 AND s.expires_at > $2",
        )
        .bind(hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await
    }

    pub async fn settings(&self, user_id: i64) -> Result<SettingsRow, sqlx::Error> {
        let row = sqlx::query("SELECT time_zone, confirm_move FROM user_settings WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => SettingsRow {
                time_zone: row.try_get(0)?,
                confirm_move: row.try_get::<i64, _>(1)? != 0,
            },
            None => SettingsRow {
                time_zone: "UTC".to_owned(),
                confirm_move: false,
            },
        })
    }

    pub async fn save_settings(&self, user_id: i64, settings: &SettingsRow, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO user_settings (user_id, time_zone, confirm_move, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, \
             confirm_move = excluded.confirm_move, updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(&settings.time_zone)
        .bind(i64::from(settings.confirm_move))
        .bind(now)
        .execute(&self.pool)
        .await
        .map(|_| ())
    }
}

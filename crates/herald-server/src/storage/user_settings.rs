//! The `user_settings` table: a user's page preferences (time zone, when moves wait for
//! confirmation, language), read with the session's user in one query on every page view.

use sqlx::{FromRow, Row};

use super::Db;
use super::decode::typed;
use crate::domain::club_states::MoveConfirmation;

/// The user of a live session, with their page preferences.
#[derive(Debug, Clone, FromRow)]
pub struct SessionUserRow {
    pub id: i64,
    pub username: String,
    pub time_zone: Option<String>,
    /// Stored [`MoveConfirmation`] (none without a settings row: the default).
    pub move_confirmation: Option<String>,
    /// The language they chose (a catalogue's tag), none for their browser's.
    pub language: Option<String>,
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
    pub move_confirmation: MoveConfirmation,
    /// A catalogue's tag, or none for the browser's language.
    pub language: Option<String>,
}

impl Default for SettingsRow {
    /// A new account's: UTC, confirmation on touch screens, the browser's language.
    fn default() -> SettingsRow {
        SettingsRow {
            time_zone: "UTC".to_owned(),
            move_confirmation: MoveConfirmation::Touch,
            language: None,
        }
    }
}

impl Db {
    /// One query for every page view: who the session belongs to and their preferences.
    pub async fn session_user(&self, hash: &str, now: i64) -> Result<Option<SessionUserRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT u.id, u.username, p.time_zone, p.move_confirmation, p.language, u.suspended_until, u.banned_at, u.is_admin, \
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
        let row = sqlx::query("SELECT time_zone, move_confirmation, language FROM user_settings WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => SettingsRow {
                time_zone: row.try_get(0)?,
                move_confirmation: typed(&row, "user_settings", &user_id.to_string(), "move_confirmation")?,
                language: row.try_get(2)?,
            },
            None => SettingsRow::default(),
        })
    }

    pub async fn save_settings(&self, user_id: i64, settings: &SettingsRow, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO user_settings (user_id, time_zone, move_confirmation, language, updated_at) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, \
             move_confirmation = excluded.move_confirmation, language = excluded.language, \
             updated_at = excluded.updated_at",
        )
        .bind(user_id)
        .bind(&settings.time_zone)
        .bind(settings.move_confirmation.as_str())
        .bind(settings.language.as_deref())
        .bind(now)
        .execute(&self.pool)
        .await
        .map(|_| ())
    }
}

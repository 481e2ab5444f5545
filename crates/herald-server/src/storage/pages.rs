//! Queries behind the web pages: the session user with their preferences, preferences,
//! password changes, the archive of finished games and a player's results.

use sqlx::{FromRow, Row};

use super::Db;
use super::games::{GAME_COLUMNS, GameRow};

/// The user of a live session, with their page preferences.
#[derive(Debug, Clone, FromRow)]
pub struct SessionUserRow {
    pub id: i64,
    pub username: String,
    pub time_zone: Option<String>,
    pub confirm_move: Option<i64>,
}

/// Page preferences as stored (defaults when the user has no row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsRow {
    pub time_zone: String,
    pub confirm_move: bool,
}

/// Filters of the finished-games archive. Empty fields do not filter.
#[derive(Debug, Clone, Default)]
pub struct ArchiveFilter {
    pub variant: Option<String>,
    /// A player's username key (lower case).
    pub player: Option<String>,
    /// A stored result text: `1-0`, `0-1` or `1/2-1/2`.
    pub result: Option<String>,
}

/// A finished game a user sat in, and their seat.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    pub game: GameRow,
    pub seat: i64,
}

impl Db {
    /// One query for every page view: who the session belongs to and their preferences.
    pub async fn session_user(&self, hash: &str, now: i64) -> Result<Option<SessionUserRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT u.id, u.username, p.time_zone, p.confirm_move FROM sessions s \
             JOIN users u ON u.id = s.user_id LEFT JOIN user_settings p ON p.user_id = u.id \
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

    /// Replaces the password hash, ends every other session of the user and revokes their API
    /// tokens (a changed password must lock out whoever knew the old one, programs included).
    pub async fn set_password(&self, user_id: i64, hash: &str, keep_session: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2")
            .bind(user_id)
            .bind(keep_session)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// A user by id: (id, username, password hash).
    pub async fn user_by_id(&self, user_id: i64) -> Result<Option<super::UserRow>, sqlx::Error> {
        sqlx::query_as("SELECT id, username, password_hash FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Finished games, newest first, `limit` from `offset`, and the number matching.
    pub async fn archive(
        &self,
        filter: &ArchiveFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<GameRow>, i64), sqlx::Error> {
        let mut clauses = vec!["g.status = 'finished'".to_owned()];
        let mut binds: Vec<String> = Vec::new();
        if let Some(variant) = &filter.variant {
            binds.push(variant.clone());
            clauses.push(format!("g.variant = ${}", binds.len()));
        }
        if let Some(result) = &filter.result {
            binds.push(result.clone());
            clauses.push(format!("g.result = ${}", binds.len()));
        }
        if let Some(player) = &filter.player {
            binds.push(player.clone());
            clauses.push(format!(
                "EXISTS (SELECT 1 FROM game_seats s JOIN users u ON u.id = s.user_id \
                 WHERE s.game_id = g.id AND u.username_key = ${})",
                binds.len()
            ));
        }
        let filter_sql = clauses.join(" AND ");
        let count_sql = format!("SELECT COUNT(*) FROM games g WHERE {filter_sql}");
        let mut count = sqlx::query(&count_sql);
        for b in &binds {
            count = count.bind(b);
        }
        let total: i64 = count.fetch_one(&self.pool).await?.try_get(0)?;
        let list_sql = format!(
            "SELECT {GAME_COLUMNS} FROM games g WHERE {filter_sql} \
             ORDER BY g.finished_at DESC, g.id LIMIT ${} OFFSET ${}",
            binds.len() + 1,
            binds.len() + 2
        );
        let mut list = sqlx::query_as::<_, GameRow>(&list_sql);
        for b in &binds {
            list = list.bind(b);
        }
        let rows = list.bind(limit).bind(offset).fetch_all(&self.pool).await?;
        Ok((rows, total))
    }

    /// Every finished game a user played, with their seat, newest first.
    pub async fn finished_games_of(&self, user_id: i64) -> Result<Vec<PlayedGame>, sqlx::Error> {
        let sql = format!(
            "SELECT {GAME_COLUMNS}, s.seat AS my_seat FROM games g JOIN game_seats s ON s.game_id = g.id \
             WHERE s.user_id = $1 AND g.status = 'finished' ORDER BY g.finished_at DESC, g.id"
        );
        let rows = sqlx::query(&sql).bind(user_id).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                Ok(PlayedGame {
                    game: GameRow::from_row(row)?,
                    seat: row.try_get("my_seat")?,
                })
            })
            .collect()
    }
}

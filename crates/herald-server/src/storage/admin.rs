//! Operations: administrators, password resets, games as an operator sees them, ending a
//! game by hand, game counts for metrics, migration bookkeeping, and SQLite backups.

use herald_rules::Variant;
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::games::{typed, typed_opt};
use super::{Appended, Backend, Db};
use crate::events::NewEvent;
use crate::states::{EndReason, GameStatus, parse_variant};

/// A game as `herald admin list-games` shows it.
#[derive(Debug, Clone)]
pub struct AdminGameRow {
    pub id: String,
    pub variant: Variant,
    pub status: GameStatus,
    pub ply: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub move_by: Option<i64>,
    pub reason: Option<EndReason>,
}

impl<'r> FromRow<'r, AnyRow> for AdminGameRow {
    fn from_row(row: &'r AnyRow) -> Result<AdminGameRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        let variant: String = row.try_get("variant")?;
        Ok(AdminGameRow {
            variant: parse_variant(&variant).map_err(|e| sqlx::Error::ColumnDecode {
                index: "variant".to_owned(),
                source: format!("games row {id}: {e}").into(),
            })?,
            status: typed(row, "games", &id, "status")?,
            ply: row.try_get("ply")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            move_by: row.try_get("move_by")?,
            reason: typed_opt(row, "games", &id, "reason")?,
            id,
        })
    }
}

/// What ending a game by hand did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminEnd {
    /// The game was waiting or active and is now aborted.
    Ended,
    NoSuchGame,
    /// The game was already over, with this status.
    AlreadyOver(GameStatus),
}

impl Db {
    /// Sets or clears a user's administrator flag; `false` if there is no such user.
    pub async fn set_admin(&self, key: &str, admin: bool) -> Result<bool, sqlx::Error> {
        let done = sqlx::query("UPDATE users SET is_admin = $1 WHERE username_key = $2")
            .bind(i64::from(admin))
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Whether a user is an administrator.
    pub async fn is_admin(&self, user_id: i64) -> Result<bool, sqlx::Error> {
        let row = sqlx::query("SELECT is_admin FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?.unwrap_or(0) != 0)
    }

    /// Replaces a password hash, ends the user's sessions and revokes their API tokens.
    /// Returns the numbers of sessions ended and tokens revoked, or `None` if there is no
    /// such user.
    pub async fn reset_password(&self, key: &str, password_hash: &str) -> Result<Option<(u64, u64)>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query("UPDATE users SET password_hash = $1 WHERE username_key = $2 RETURNING id")
            .bind(password_hash)
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let id: i64 = row.try_get(0)?;
        let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let revoked = sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(Some((ended, revoked)))
    }

    /// Games, most recently changed first; `status` filters (`waiting`, `active`, …).
    pub async fn admin_games(&self, status: Option<GameStatus>, limit: i64) -> Result<Vec<AdminGameRow>, sqlx::Error> {
        const COLUMNS: &str = "SELECT id, variant, status, ply, created_at, updated_at, move_by, reason FROM games";
        match status {
            Some(status) => {
                sqlx::query_as(&format!(
                    "{COLUMNS} WHERE status = $1 ORDER BY updated_at DESC, id LIMIT $2"
                ))
                .bind(status.as_str())
                .bind(limit)
                .fetch_all(&self.pool)
                .await
            }
            None => {
                sqlx::query_as(&format!("{COLUMNS} ORDER BY updated_at DESC, id LIMIT $1"))
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
            }
        }
    }

    /// Aborts a waiting or active game with reason `admin` (no result: nobody won), with its
    /// `aborted` event.
    pub async fn admin_end_game(&self, id: &str, now: i64) -> Result<AdminEnd, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET status = 'aborted', winner_team = NULL, result = NULL, reason = 'admin', \
             finished_at = $1, updated_at = $1, move_by = NULL, open_seats = 0, draw_offers = 0, \
             version = version + 1 WHERE id = $2 AND status IN ('waiting', 'active')",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            let status = sqlx::query("SELECT status FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(match status {
                Some(row) => AdminEnd::AlreadyOver(typed(&row, "games", id, "status")?),
                None => AdminEnd::NoSuchGame,
            });
        }
        let event = NewEvent::ended(GameStatus::Aborted, None, None, Some(EndReason::Admin));
        appended.insert(&mut tx, id, &event, now).await?;
        self.commit_events(tx, appended).await?;
        Ok(AdminEnd::Ended)
    }

    /// (waiting, active) game counts over the whole database.
    pub async fn open_game_counts(&self) -> Result<(i64, i64), sqlx::Error> {
        let rows =
            sqlx::query("SELECT status, COUNT(*) FROM games WHERE status IN ('waiting', 'active') GROUP BY status")
                .fetch_all(&self.pool)
                .await?;
        let (mut waiting, mut active) = (0, 0);
        for row in rows {
            let status: String = row.try_get(0)?;
            let count: i64 = row.try_get(1)?;
            match status.as_str() {
                "waiting" => waiting = count,
                _ => active = count,
            }
        }
        Ok((waiting, active))
    }

    /// Versions of the migrations already applied (empty on a new database).
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, sqlx::Error> {
        let rows = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success = TRUE ORDER BY version")
            .fetch_all(&self.pool)
            .await;
        match rows {
            Ok(rows) => rows.iter().map(|r| r.try_get::<i64, _>(0)).collect(),
            // No bookkeeping table yet: nothing applied.
            Err(sqlx::Error::Database(_)) => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    /// Writes a consistent copy of a SQLite database to `path` while it is in use
    /// (`VACUUM INTO` reads one snapshot). The file must not exist yet.
    ///
    /// Returns `Ok(false)` on PostgreSQL, which is backed up with `pg_dump`.
    pub async fn backup_sqlite(&self, path: &str) -> Result<bool, sqlx::Error> {
        if self.backend != Backend::Sqlite {
            return Ok(false);
        }
        sqlx::query("VACUUM INTO $1").bind(path).execute(&self.pool).await?;
        Ok(true)
    }
}

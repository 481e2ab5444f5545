//! Accounts, API tokens and sessions.

use sqlx::{FromRow, Row};

use super::{Backend, Db, is_unique_violation};

/// A user as stored.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub suspended_until: Option<i64>,
    pub banned_at: Option<i64>,
}

/// A player in the directory.
#[derive(Debug, Clone, FromRow)]
pub struct PlayerRow {
    pub username: String,
    pub username_key: String,
    pub created_at: i64,
}

/// The directory's page: keys from `$1` up to `$2` (the prefix and the prefix followed by
/// `~`, which sorts after every character a username may hold) after `$3`, `$4` of them.
pub(crate) const PLAYERS_BY_PREFIX: &str = "SELECT username, username_key, created_at FROM users \
     WHERE username_key >= $1 AND username_key < $2 AND username_key > $3 ORDER BY username_key LIMIT $4";

/// Who a token or session names, with what decides whether they may act at all (read on
/// every authenticated request, so a suspension or ban takes effect at once).
#[derive(Debug, Clone, FromRow)]
pub struct CredentialUser {
    pub id: i64,
    pub username: String,
    pub suspended_until: Option<i64>,
    pub banned_at: Option<i64>,
}

/// An API token's metadata (never its secret).
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    pub id: i64,
    pub name: String,
    pub created_at: i64,
}

impl Db {
    /// Creates a user; `Ok(None)` when the name is taken.
    pub async fn create_user(
        &self,
        username: &str,
        key: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<i64>, sqlx::Error> {
        let result = sqlx::query(
            "INSERT INTO users (username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(username)
        .bind(key)
        .bind(password_hash)
        .bind(now)
        .fetch_one(&self.pool)
        .await;
        match result {
            Ok(row) => Ok(Some(row.try_get::<i64, _>(0)?)),
            Err(e) if is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub async fn user_by_key(&self, key: &str) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, username, password_hash, suspended_until, banned_at FROM users WHERE username_key = $1",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await
    }

    /// Players whose username starts with `prefix` (a lower-case username key), in
    /// alphabetical order after the key `after`, `limit` of them: a range of the unique
    /// index on `username_key`.
    pub async fn players_by_prefix(
        &self,
        prefix: &str,
        after: &str,
        limit: i64,
    ) -> Result<Vec<PlayerRow>, sqlx::Error> {
        sqlx::query_as(PLAYERS_BY_PREFIX)
            .bind(prefix)
            .bind(format!("{prefix}~"))
            .bind(after)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    // ---- API tokens and sessions ----

    pub async fn create_token(&self, user_id: i64, name: &str, hash: &str, now: i64) -> Result<i64, sqlx::Error> {
        let row = sqlx::query(
            "INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(user_id)
        .bind(name)
        .bind(hash)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        row.try_get::<i64, _>(0)
    }

    pub async fn list_tokens(&self, user_id: i64) -> Result<Vec<TokenRow>, sqlx::Error> {
        sqlx::query_as("SELECT id, name, created_at FROM api_tokens WHERE user_id = $1 ORDER BY id")
            .bind(user_id)
            .fetch_all(&self.pool)
            .await
    }

    /// Deletes one of the user's tokens and ends the live streams opened with it on every
    /// instance; `false` if there was none with that id.
    pub async fn delete_token(&self, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let hash: Option<String> =
            sqlx::query_scalar("DELETE FROM api_tokens WHERE id = $1 AND user_id = $2 RETURNING token_hash")
                .bind(id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(hash) = hash else {
            return Ok(false);
        };
        announce_ended(&mut tx, self.backend, &hash).await?;
        tx.commit().await?;
        self.hub.credential_ended(&hash);
        Ok(true)
    }

    /// The user a token hash belongs to, with their standing.
    pub async fn user_by_token(&self, hash: &str) -> Result<Option<CredentialUser>, sqlx::Error> {
        sqlx::query_as(
            "SELECT u.id, u.username, u.suspended_until, u.banned_at FROM api_tokens t \
             JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await
    }

    /// Starts a session, and forgets the user's expired ones.
    pub async fn create_session(&self, hash: &str, user_id: i64, now: i64, expires_at: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2")
            .bind(user_id)
            .bind(now)
            .execute(&self.pool)
            .await?;
        sqlx::query("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(hash)
            .bind(user_id)
            .bind(now)
            .bind(expires_at)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The user of a live session, with their standing.
    pub async fn user_by_session(&self, hash: &str, now: i64) -> Result<Option<CredentialUser>, sqlx::Error> {
        sqlx::query_as(
            "SELECT u.id, u.username, u.suspended_until, u.banned_at FROM sessions s \
             JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1 AND s.expires_at > $2",
        )
        .bind(hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await
    }

    /// Ends a session (log-out) and the live streams opened with it on every instance.
    pub async fn delete_session(&self, hash: &str) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        announce_ended(&mut tx, self.backend, hash).await?;
        tx.commit().await?;
        self.hub.credential_ended(hash);
        Ok(())
    }

    /// Replaces the password hash, ends every other session of the user and revokes their API
    /// tokens (a changed password must lock out whoever knew the old one, programs included),
    /// and ends the live streams they hold on every instance (the kept session reopens its
    /// own). `keep_session` `None`: no session is kept.
    pub async fn set_password(&self, user_id: i64, hash: &str, keep_session: Option<&str>) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND ($2 IS NULL OR id_hash <> $2)")
            .bind(user_id)
            .bind(keep_session)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        announce_cut(&mut tx, self.backend, user_id).await?;
        tx.commit().await?;
        self.hub.credentials_cut(user_id);
        Ok(())
    }

    /// A user by id: (id, username, password hash).
    pub async fn user_by_id(&self, user_id: i64) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query_as("SELECT id, username, password_hash, suspended_until, banned_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A user's id by name key.
    pub async fn user_id_by_key(&self, key: &str) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT id FROM users WHERE username_key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<i64, _>(0)).transpose()
    }

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

    /// Deletes up to `limit` sessions expired by `now`; returns how many.
    pub async fn delete_expired_sessions(&self, now: i64, limit: i64) -> Result<u64, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at <= $1 LIMIT $2)",
        )
        .bind(now)
        .bind(limit)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}

/// Tells the other instances, with `tx`'s commit, that `user_id`'s credentials stopped
/// working, so the streams they hold there end too (PostgreSQL; SQLite has one instance).
/// The caller ends this instance's with [`crate::infra::hub::Hub::credentials_cut`] after the
/// commit.
pub(super) async fn announce_cut(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    backend: Backend,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(crate::infra::hub::NOTIFY_CHANNEL)
            .bind(format!("!{user_id}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Tells the other instances, with `tx`'s commit, that the session or token whose hash is
/// `hash` ended, so the streams opened with it there end too (PostgreSQL; SQLite has one
/// instance). The caller ends this instance's with [`crate::infra::hub::Hub::credential_ended`].
async fn announce_ended(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    backend: Backend,
    hash: &str,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(crate::infra::hub::NOTIFY_CHANNEL)
            .bind(format!("^{hash}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

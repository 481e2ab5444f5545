//! Invitation links (only the code's SHA-256 is stored) and the sign-up that spends one use
//! of a link in the same transaction that creates the account.

use sqlx::{FromRow, Row};

use super::administration::{AuditEntry, insert_audit};
use super::{Db, is_unique_violation};

/// An invitation as stored (never its code).
#[derive(Debug, Clone, FromRow)]
pub struct InvitationRow {
    pub id: i64,
    pub created_by: Option<i64>,
    pub creator_name: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub max_uses: i64,
    pub uses: i64,
    pub revoked_at: Option<i64>,
    pub note: String,
}

const INVITATION_COLUMNS: &str = "i.id, i.created_by, u.username AS creator_name, i.created_at, i.expires_at, \
     i.max_uses, i.uses, i.revoked_at, i.note FROM invitations i LEFT JOIN users u ON u.id = i.created_by";

/// Every invitation, newest first, below id `$1`, `$2` of them (the primary key).
pub(crate) const INVITATIONS_PAGE: &str = "SELECT i.id, i.created_by, u.username AS creator_name, i.created_at, \
     i.expires_at, i.max_uses, i.uses, i.revoked_at, i.note FROM invitations i \
     LEFT JOIN users u ON u.id = i.created_by WHERE i.id < $1 ORDER BY i.id DESC LIMIT $2";

/// One member's invitations, newest first (`invitations_creator`).
pub(crate) const INVITATIONS_OF: &str = "SELECT i.id, i.created_by, u.username AS creator_name, i.created_at, \
     i.expires_at, i.max_uses, i.uses, i.revoked_at, i.note FROM invitations i \
     LEFT JOIN users u ON u.id = i.created_by WHERE i.created_by = $1 AND i.id < $2 ORDER BY i.id DESC LIMIT $3";

/// A new invitation.
#[derive(Debug, Clone)]
pub struct NewInvitation<'a> {
    pub code_hash: &'a str,
    pub created_by: Option<i64>,
    pub now: i64,
    pub expires_at: i64,
    pub max_uses: i64,
    pub note: &'a str,
}

/// Why a code did not admit a sign-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteRefused {
    Unknown,
    Expired,
    Exhausted,
    Revoked,
}

/// The outcome of a sign-up with an invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitedSignup {
    /// The account's id.
    Created(i64),
    NameTaken,
    Refused(InviteRefused),
}

impl Db {
    /// Stores an invitation (with `audit`, whose target the caller fills with the new id
    /// through `audit_for`); returns its id.
    pub async fn create_invitation(
        &self,
        new: &NewInvitation<'_>,
        cap: Option<i64>,
        audit_for: impl FnOnce(i64) -> AuditEntry,
    ) -> Result<Option<i64>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        if let (Some(cap), Some(creator)) = (cap, new.created_by) {
            // Counted under a lock on the creator's row, so links created at once cannot
            // all pass the count (`NO KEY`: foreign keys to the user still pass).
            let lock = self.backend.for_no_key_update();
            sqlx::query(&format!("SELECT id FROM users WHERE id = $1{lock}"))
                .bind(creator)
                .fetch_optional(&mut *tx)
                .await?;
            let usable: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM invitations WHERE created_by = $1 AND revoked_at IS NULL \
                 AND expires_at > $2 AND uses < max_uses",
            )
            .bind(creator)
            .bind(new.now)
            .fetch_one(&mut *tx)
            .await?;
            if usable >= cap {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        let row = sqlx::query(
            "INSERT INTO invitations (code_hash, created_by, created_at, expires_at, max_uses, note) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(new.code_hash)
        .bind(new.created_by)
        .bind(new.now)
        .bind(new.expires_at)
        .bind(new.max_uses)
        .bind(new.note)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        insert_audit(&mut tx, &audit_for(id)).await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Invitations, newest first below id `before`: everyone's, or with `creator` one
    /// member's.
    pub async fn invitations(
        &self,
        creator: Option<i64>,
        before: i64,
        limit: i64,
    ) -> Result<Vec<InvitationRow>, sqlx::Error> {
        match creator {
            Some(user) => {
                sqlx::query_as(INVITATIONS_OF)
                    .bind(user)
                    .bind(before)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
            }
            None => {
                sqlx::query_as(INVITATIONS_PAGE)
                    .bind(before)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
            }
        }
    }

    pub async fn invitation(&self, id: i64) -> Result<Option<InvitationRow>, sqlx::Error> {
        sqlx::query_as(&format!("SELECT {INVITATION_COLUMNS} WHERE i.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Revokes an invitation (once) with `audit`; `false` if it was already revoked or does
    /// not exist.
    pub async fn revoke_invitation(&self, id: i64, now: i64, audit: &AuditEntry) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE invitations SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Creates an account admitted by the invitation whose code hashes to `code_hash`: one
    /// use is taken by a conditional `UPDATE … WHERE uses < max_uses` (on PostgreSQL a racing
    /// sign-up waits for the row and re-checks the condition; SQLite has one writer), and the
    /// account is inserted in the same transaction, so a taken name gives the use back.
    pub async fn create_user_invited(
        &self,
        username: &str,
        key: &str,
        password_hash: &str,
        now: i64,
        code_hash: &str,
    ) -> Result<InvitedSignup, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE invitations SET uses = uses + 1 WHERE code_hash = $1 AND revoked_at IS NULL \
             AND expires_at > $2 AND uses < max_uses",
        )
        .bind(code_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            let row =
                sqlx::query("SELECT expires_at, max_uses, uses, revoked_at FROM invitations WHERE code_hash = $1")
                    .bind(code_hash)
                    .fetch_optional(&mut *tx)
                    .await?;
            tx.rollback().await?;
            let why = match row {
                None => InviteRefused::Unknown,
                Some(row) => {
                    if row.try_get::<Option<i64>, _>(3)?.is_some() {
                        InviteRefused::Revoked
                    } else if row.try_get::<i64, _>(0)? <= now {
                        InviteRefused::Expired
                    } else {
                        InviteRefused::Exhausted
                    }
                }
            };
            return Ok(InvitedSignup::Refused(why));
        }
        let created = sqlx::query(
            "INSERT INTO users (username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(username)
        .bind(key)
        .bind(password_hash)
        .bind(now)
        .fetch_one(&mut *tx)
        .await;
        match created {
            Ok(row) => {
                let id: i64 = row.try_get(0)?;
                tx.commit().await?;
                Ok(InvitedSignup::Created(id))
            }
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await?;
                Ok(InvitedSignup::NameTaken)
            }
            Err(e) => Err(e),
        }
    }
}

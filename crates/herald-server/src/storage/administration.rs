//! Administration's SQL: account standing (suspension, ban, mute, deletion), the admin's view
//! of users, and the audit log every administrative change writes in its own transaction.

use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::decode::typed;
use super::users::announce_cut;
use super::{Appended, Db};
use crate::domain::club_states::{AuditAction, AuditTarget, DeletedChat};
use crate::domain::events::NewEvent;

/// One audit-log entry to write. `actor` `None`: the command line (`herald admin`).
#[derive(Debug, Clone)]
pub struct AuditEntry {
    pub at: i64,
    pub actor: Option<(i64, String)>,
    pub action: AuditAction,
    pub target: AuditTarget,
    /// The target's relevant fields before and after the change.
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
    pub note: Option<String>,
}

/// An audit-log entry as stored.
#[derive(Debug, Clone)]
pub struct AuditRow {
    pub id: i64,
    pub at: i64,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub action: AuditAction,
    pub target: AuditTarget,
    pub target_name: Option<String>,
    pub before: Option<String>,
    pub after: Option<String>,
    pub note: Option<String>,
}

impl<'r> FromRow<'r, AnyRow> for AuditRow {
    fn from_row(row: &'r AnyRow) -> Result<AuditRow, sqlx::Error> {
        let id: i64 = row.try_get("id")?;
        let kind: String = row.try_get("target_kind")?;
        let target_id: Option<String> = row.try_get("target_id")?;
        let target =
            AuditTarget::from_stored(&kind, target_id.as_deref()).ok_or_else(|| sqlx::Error::ColumnDecode {
                index: "target_kind".to_owned(),
                source: format!("audit_log row {id}: unknown target `{}`", kind.escape_debug()).into(),
            })?;
        Ok(AuditRow {
            at: row.try_get("at")?,
            actor_id: row.try_get("actor_id")?,
            actor_name: row.try_get("actor_name")?,
            action: typed(row, "audit_log", &id.to_string(), "action")?,
            target,
            target_name: row.try_get("target_name")?,
            before: row.try_get("before_json")?,
            after: row.try_get("after_json")?,
            note: row.try_get("note")?,
            id,
        })
    }
}

/// The audit log, newest first: the entries with ids below `$1`, `$2` of them (a range of the
/// primary key).
pub(crate) const AUDIT_PAGE: &str = "SELECT id, at, actor_id, actor_name, action, target_kind, target_id, \
     target_name, before_json, after_json, note FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2";

/// One target's entries, newest first (`audit_log_target`).
pub(crate) const AUDIT_OF_TARGET: &str = "SELECT id, at, actor_id, actor_name, action, target_kind, target_id, \
     target_name, before_json, after_json, note FROM audit_log WHERE target_kind = $1 AND target_id = $2 \
     ORDER BY id DESC LIMIT $3";

/// Writes `entry` on `conn` (inside the transaction of the change it records).
pub(crate) async fn insert_audit(conn: &mut sqlx::AnyConnection, entry: &AuditEntry) -> Result<i64, sqlx::Error> {
    let (actor_id, actor_name) = match &entry.actor {
        Some((id, name)) => (Some(*id), name.as_str()),
        None => (None, "cli"),
    };
    let json = |v: &Option<serde_json::Value>| v.as_ref().map(serde_json::Value::to_string);
    let row = sqlx::query(
        "INSERT INTO audit_log (at, actor_id, actor_name, action, target_kind, target_id, target_name, \
         before_json, after_json, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(entry.at)
    .bind(actor_id)
    .bind(actor_name)
    .bind(entry.action.as_str())
    .bind(entry.target.kind())
    .bind(entry.target.id())
    .bind(entry.target.name())
    .bind(json(&entry.before))
    .bind(json(&entry.after))
    .bind(entry.note.as_deref())
    .fetch_one(conn)
    .await?;
    row.try_get(0)
}

/// A user as the administration pages see them.
#[derive(Debug, Clone)]
pub struct AdminUserRow {
    pub id: i64,
    pub username: String,
    pub username_key: String,
    pub created_at: i64,
    pub is_admin: bool,
    pub suspended_until: Option<i64>,
    pub banned_at: Option<i64>,
    pub muted_until: Option<i64>,
    pub deleted_at: Option<i64>,
}

impl<'r> FromRow<'r, AnyRow> for AdminUserRow {
    fn from_row(row: &'r AnyRow) -> Result<AdminUserRow, sqlx::Error> {
        Ok(AdminUserRow {
            id: row.try_get("id")?,
            username: row.try_get("username")?,
            username_key: row.try_get("username_key")?,
            created_at: row.try_get("created_at")?,
            is_admin: row.try_get::<i64, _>("is_admin")? != 0,
            suspended_until: row.try_get("suspended_until")?,
            banned_at: row.try_get("banned_at")?,
            muted_until: row.try_get("muted_until")?,
            deleted_at: row.try_get("deleted_at")?,
        })
    }
}

const ADMIN_USER_COLUMNS: &str =
    "id, username, username_key, created_at, is_admin, suspended_until, banned_at, muted_until, deleted_at";

/// The admin's user search: keys from `$1` up to `$2` (the prefix and the prefix followed by
/// `~`) after `$3`, `$4` of them: a range of the unique index on `username_key`.
pub(crate) const ADMIN_USERS_BY_PREFIX: &str = "SELECT id, username, username_key, created_at, is_admin, \
     suspended_until, banned_at, muted_until, deleted_at FROM users \
     WHERE username_key >= $1 AND username_key < $2 AND username_key > $3 ORDER BY username_key LIMIT $4";

/// The moderation fields of a user, written together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Moderation {
    pub suspended_until: Option<i64>,
    pub banned_at: Option<i64>,
    pub muted_until: Option<i64>,
}

/// What a club adjournment does to the user's clocks (the rule `suspended_games = adjourned`).
#[derive(Debug, Clone)]
pub enum Adjourn {
    /// Nothing: the clocks run.
    No,
    /// Stop the clocks of the user's turns until `until` (a vacation not charged to the
    /// allowance), announcing `event` in each of their active games.
    Until { until: i64, event: NewEvent },
}

/// Why a revocation of administrator rights was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminChange {
    Done,
    NoSuchUser,
    /// It would leave the club without an administrator.
    LastAdmin,
}

/// The name a deleted account keeps (stable, and never a name anyone can sign up with:
/// names have no spaces).
#[must_use]
pub fn deleted_name(user_id: i64) -> String {
    format!("deleted user {user_id}")
}

impl Db {
    /// Writes one audit entry on its own (for changes made by code that keeps its own
    /// transaction, such as `herald admin reset-password`).
    pub async fn write_audit(&self, entry: &AuditEntry) -> Result<i64, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        insert_audit(&mut conn, entry).await
    }

    /// A page of the audit log, newest first, below id `before`.
    pub async fn audit_page(&self, before: i64, limit: i64) -> Result<Vec<AuditRow>, sqlx::Error> {
        sqlx::query_as(AUDIT_PAGE)
            .bind(before)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// One target's latest entries.
    pub async fn audit_of(&self, target: &AuditTarget, limit: i64) -> Result<Vec<AuditRow>, sqlx::Error> {
        sqlx::query_as(AUDIT_OF_TARGET)
            .bind(target.kind())
            .bind(target.id())
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// Users whose name key starts with `prefix`, after the key `after`.
    pub async fn admin_users_by_prefix(
        &self,
        prefix: &str,
        after: &str,
        limit: i64,
    ) -> Result<Vec<AdminUserRow>, sqlx::Error> {
        sqlx::query_as(ADMIN_USERS_BY_PREFIX)
            .bind(prefix)
            .bind(format!("{prefix}~"))
            .bind(after)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    pub async fn admin_user_by_key(&self, key: &str) -> Result<Option<AdminUserRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {ADMIN_USER_COLUMNS} FROM users WHERE username_key = $1"
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await
    }

    pub async fn admin_user_by_id(&self, id: i64) -> Result<Option<AdminUserRow>, sqlx::Error> {
        sqlx::query_as(&format!("SELECT {ADMIN_USER_COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// (games played or playing, live sessions, API tokens) of a user.
    pub async fn user_counts(&self, user_id: i64, now: i64) -> Result<(i64, i64, i64), sqlx::Error> {
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM game_seats WHERE user_id = $1), \
             (SELECT COUNT(*) FROM sessions WHERE user_id = $1 AND expires_at > $2), \
             (SELECT COUNT(*) FROM api_tokens WHERE user_id = $1)",
        )
        .bind(user_id)
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))
    }

    /// Until when a user may not post in chat (`None`: not muted, or no such user). The chat
    /// compares it with the current time: a mute in the past has lapsed.
    pub async fn muted_until(&self, user_id: i64) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT muted_until FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<Option<i64>, _>(0)).transpose()?.flatten())
    }

    /// Whether a player seated in game `game_id` is banned, or suspended at `now` (their
    /// open challenge cannot be joined).
    pub async fn seats_restricted(&self, game_id: &str, now: i64) -> Result<bool, sqlx::Error> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM game_seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 \
             AND (u.banned_at IS NOT NULL OR u.suspended_until > $2) LIMIT 1",
        )
        .bind(game_id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found.is_some())
    }

    /// Writes a user's moderation fields and `audit` in one transaction; with
    /// [`Adjourn::Until`], the clocks of their turns stop like a vacation that ends then (an
    /// earlier vacation is extended, and none of it is charged to the allowance). `false` if
    /// there is no such user.
    pub async fn moderate(
        &self,
        user_id: i64,
        fields: Moderation,
        adjourn: &Adjourn,
        audit: &AuditEntry,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query("UPDATE users SET suspended_until = $1, banned_at = $2, muted_until = $3 WHERE id = $4")
            .bind(fields.suspended_until)
            .bind(fields.banned_at)
            .bind(fields.muted_until)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Adjourn::Until { until, event } = adjourn {
            sqlx::query(
                "UPDATE users SET vacation_since = COALESCE(vacation_since, $1), \
                 vacation_until = CASE WHEN vacation_until IS NULL OR vacation_until < $2 THEN $2 \
                 ELSE vacation_until END, vacation_adjourned = 1 WHERE id = $3",
            )
            .bind(audit.at)
            .bind(*until)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
            let games: Vec<String> = sqlx::query_scalar(
                "SELECT g.id FROM games g JOIN game_seats s ON s.game_id = g.id \
                 WHERE s.user_id = $1 AND g.status = 'active' ORDER BY g.id",
            )
            .bind(user_id)
            .fetch_all(&mut *tx)
            .await?;
            for game in games {
                appended.insert(&mut tx, &game, event, audit.at).await?;
            }
        }
        insert_audit(&mut tx, audit).await?;
        let cut = fields.banned_at.is_some() || fields.suspended_until.is_some_and(|t| t > audit.at);
        if cut {
            announce_cut(&mut tx, self.backend, user_id).await?;
        }
        self.commit_events(tx, appended).await?;
        if cut {
            self.hub.credentials_cut(user_id);
        }
        Ok(true)
    }

    /// Whether the user's running vacation is a club adjournment.
    pub async fn adjourned(&self, user_id: i64) -> Result<bool, sqlx::Error> {
        let row = sqlx::query("SELECT vacation_adjourned FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?.unwrap_or(0) != 0)
    }

    /// Grants or revokes administrator rights by id, with `audit`; a revocation that would
    /// leave no administrator is refused (on PostgreSQL the administrators' rows are locked
    /// first, so two revocations at once cannot both pass the count).
    pub async fn set_admin_by_id(
        &self,
        user_id: i64,
        admin: bool,
        audit: &AuditEntry,
    ) -> Result<AdminChange, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        if !admin {
            let lock = self.backend.for_update();
            let admins: Vec<i64> = sqlx::query_scalar(&format!("SELECT id FROM users WHERE is_admin = 1{lock}"))
                .fetch_all(&mut *tx)
                .await?;
            if admins.iter().all(|id| *id == user_id) && admins.contains(&user_id) {
                tx.rollback().await?;
                return Ok(AdminChange::LastAdmin);
            }
        }
        let done = sqlx::query("UPDATE users SET is_admin = $1 WHERE id = $2 AND deleted_at IS NULL")
            .bind(i64::from(admin))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(AdminChange::NoSuchUser);
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(AdminChange::Done)
    }

    /// Replaces a user's password hash by id, ends their sessions and revokes their tokens,
    /// with `audit`: (sessions ended, tokens revoked), `None` if there is no such user.
    pub async fn admin_set_password(
        &self,
        user_id: i64,
        hash: &str,
        audit: &AuditEntry,
    ) -> Result<Option<(u64, u64)>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2 AND deleted_at IS NULL")
            .bind(hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let revoked = sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        insert_audit(&mut tx, audit).await?;
        announce_cut(&mut tx, self.backend, user_id).await?;
        tx.commit().await?;
        self.hub.credentials_cut(user_id);
        Ok(Some((ended, revoked)))
    }

    /// Deletes an account by anonymising it: its name becomes `deleted user N` (key
    /// `~deleted-<id>`, which no sign-up can take), its password can never match, and its
    /// sessions, tokens, settings, e-mail address, webhooks, blocks and chat notices go.
    /// Games keep their seat (the archive stays whole); its chat messages stay under the
    /// new name or are erased, as `chat` says.
    /// `false` if there is no such (undeleted) user.
    pub async fn delete_user(
        &self,
        user_id: i64,
        now: i64,
        chat: DeletedChat,
        audit: Option<&AuditEntry>,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE users SET username = $1, username_key = $2, password_hash = '!', \
             deleted_at = $3, is_admin = 0 WHERE id = $4 AND deleted_at IS NULL",
        )
        .bind(deleted_name(user_id))
        .bind(format!("~deleted-{user_id}"))
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        // Credentials, settings, the e-mail address (with the mail still queued to it),
        // webhooks and the devices to notify go; games and ratings stay, under the stable anonymous name.
        for table in [
            "sessions",
            "api_tokens",
            "user_settings",
            "notification_settings",
            "email_outbox",
            "webhooks",
            "push_deliveries",
            "push_subscriptions",
        ] {
            sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM user_blocks WHERE user_id = $1 OR blocked_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM chat_notices WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        // Private notes and analysis go; what the user published stays with its game.
        for table in ["game_notes", "game_variations"] {
            sqlx::query(&format!(
                "DELETE FROM {table} WHERE user_id = $1 AND published_at IS NULL"
            ))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        if chat == DeletedChat::Remove {
            // The rows stay (a game's message numbers have no gaps, a report still names
            // its message) but say nothing and are shown to nobody.
            sqlx::query("UPDATE chat_messages SET body = '', hidden_at = COALESCE(hidden_at, $1) WHERE user_id = $2")
                .bind(now)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(audit) = audit {
            insert_audit(&mut tx, audit).await?;
        }
        announce_cut(&mut tx, self.backend, user_id).await?;
        tx.commit().await?;
        self.hub.credentials_cut(user_id);
        Ok(true)
    }

    /// Why an administrator ended a game, if one said.
    pub async fn end_note(&self, game_id: &str) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query("SELECT end_note FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<Option<String>, _>(0)).transpose()?.flatten())
    }
}
